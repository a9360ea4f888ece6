import { randomBytes } from "node:crypto";

/**
 * A valid enquiry, as the contact form sends it, for the integration and the browser tests. Each one
 * differs (the same content from the same address within minutes counts as a repeat of the first).
 */
export function validEnquiry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: "Aisha",
    lastName: "Khan",
    email: "aisha.khan@example.co.uk",
    phone: "0161 496 0999",
    company: "Ancoats Bakery Ltd",
    service: "cleaning",
    message: `We need an evening office clean, five days a week.\nRequest ${randomBytes(4).toString("hex")}`,
    ...overrides,
  };
}
