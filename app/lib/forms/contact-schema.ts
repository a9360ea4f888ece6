import { serviceOptions } from "../../content/services/list.ts";
import { emailField, honeypotField, line, paragraph, phoneField } from "./fields.ts";
import { formTokenField } from "./form-token.ts";
import { z } from "./zod.ts";

export { contactEndpoint } from "./endpoints.ts";
export { serviceOptions };

/** Longest value each contact field accepts; the form uses the same numbers. */
export const contactLimits = {
  firstName: 100,
  lastName: 100,
  email: 254,
  phone: 30,
  company: 200,
  message: 5000,
} as const;

const serviceValues: [string, ...string[]] = ["", ...serviceOptions.map((option) => option.value)];

/**
 * An enquiry as the contact form sends it: exactly the seven fields, plus the honeypot when a bot fills
 * it and the page's time token when the form came from our page (a bare JSON post may leave it out).
 */
export const contactSchema = z.strictObject({
  firstName: line("First name", contactLimits.firstName, true),
  lastName: line("Last name", contactLimits.lastName, true),
  email: emailField,
  phone: phoneField(false),
  company: line("Company", contactLimits.company, false),
  service: z.enum(serviceValues, { error: "Please choose a service from the list." }),
  message: paragraph("Message", contactLimits.message),
  [honeypotField]: z.string().max(500).optional(),
  [formTokenField]: z.string().max(100).optional(),
});

export type ContactInput = z.infer<typeof contactSchema>;

/** The contact form's fields, in the order the wire contract lists them. */
export const contactFields = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "company",
  "service",
  "message",
] as const;
