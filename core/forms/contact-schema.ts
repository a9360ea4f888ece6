import { serviceOptions } from "../config/service-list.ts";
import { contactLimits } from "./contact-fields.ts";
import { emailField, line, paragraph, phoneField } from "./fields.ts";
import { formTokenField } from "./form-token.ts";
import { honeypotField } from "./honeypot.ts";
import { z } from "./zod.ts";

export { contactFields, contactLimits } from "./contact-fields.ts";
export { contactEndpoint } from "./endpoints.ts";
export { serviceOptions };

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
