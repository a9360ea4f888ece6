/**
 * The contact form's fields and their limits: what the form in the browser needs. Kept apart from the
 * schema (contact-schema.ts, which re-exports them) so the page's scripts do not carry zod, which only
 * the server runs.
 */

/** Longest value each contact field accepts; the form uses the same numbers. */
export const contactLimits = {
  firstName: 100,
  lastName: 100,
  email: 254,
  phone: 30,
  company: 200,
  message: 5000,
} as const;

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

/** The one key beyond the contract's seven: the chosen service's answers, sent only when there are some. */
export const detailsField = "details";
