import { careersLimits, vacancyField } from "./careers-fields.ts";
import { emailField, line, phoneField, yesNo } from "./fields.ts";
import { formTokenField } from "./form-token.ts";
import { honeypotField } from "./honeypot.ts";
import { niExample, niExampleMessage } from "./ni-example.ts";
import { z } from "./zod.ts";

export {
  type CareersFileField,
  careersFields,
  careersFiles,
  careersLimits,
  vacancyField,
} from "./careers-fields.ts";
export { careersEndpoint } from "./endpoints.ts";
export { niExample, niExampleMessage, niPlaceholder } from "./ni-example.ts";

const invalidPrefixes = new Set(["BG", "GB", "KN", "NK", "NT", "TN", "ZZ"]);

/**
 * Checks a National Insurance number against HMRC's rules (NIM39110): two
 * prefix letters (not D, F, I, Q, U or V; the second not O; not BG, GB, KN, NK,
 * NT, TN or ZZ), six digits and a suffix A to D. Spaces and case are ignored.
 */
export function isValidNiNumber(value: string): boolean {
  const compact = value.replace(/\s+/g, "").toUpperCase();
  const match = /^([A-CEGHJ-PR-TW-Z])([A-CEGHJ-NPR-TW-Z])\d{6}[A-D]$/.exec(compact);
  if (!match) return false;
  return !invalidPrefixes.has(`${match[1]}${match[2]}`);
}

/** An address typed on several lines, as one line: "12 Jersey Street, Manchester M4 6JB". */
export function joinLines(value: string): string {
  return value
    .split(/\r\n|\r|\n/)
    .map((part) => part.trim().replace(/,$/, ""))
    .filter(Boolean)
    .join(", ");
}

/** Stores the number in one canonical form: upper case, no spaces. */
export function normaliseNiNumber(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** An application's text fields, exactly as the careers form sends them. */
export const careersSchema = z.strictObject({
  firstName: line("First name", careersLimits.firstName, true),
  lastName: line("Last name", careersLimits.lastName, true),
  email: emailField,
  phone: phoneField(true),
  // A text area: the lines of the address are kept as one line, separated by commas.
  address: z
    .string({ error: "Address must be text." })
    .transform(joinLines)
    .pipe(line("Address", careersLimits.address, true)),
  hasCarQuestion: yesNo("do you have a car?"),
  hasUKLicense: yesNo("do you hold a UK driving licence?"),
  rightToWork: yesNo("do you have the right to work in the UK?").refine((value) => value === "yes", {
    error: "Unfortunately, you must have the right to work in the UK to apply for positions with us.",
  }),
  niNumber: line("National Insurance number", careersLimits.niNumber, true)
    .refine((value) => value === "" || normaliseNiNumber(value) !== normaliseNiNumber(niExample), {
      error: niExampleMessage,
      abort: true,
    })
    .refine(isValidNiNumber, {
      error: "Please enter a valid National Insurance number: two letters, six numbers and A, B, C or D.",
    })
    .transform(normaliseNiNumber),
  [vacancyField]: z
    .string({ error: "The vacancy must be given by its reference." })
    .trim()
    .max(20, { error: "We do not recognise the vacancy this application names." })
    .optional(),
  [honeypotField]: z.string().max(500).optional(),
  // The page's time token: sent by our form, optional for a post made some other way.
  [formTokenField]: z.string().max(100).optional(),
});

export type CareersInput = z.infer<typeof careersSchema>;
