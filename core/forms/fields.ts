import { characterProblem, type TextShape } from "../characters.ts";
import { z } from "./zod.ts";

export { honeypotField } from "./honeypot.ts";

/**
 * Building blocks shared by the contact and careers schemas. Every message is
 * written for the visitor: it names the field and says what to change.
 */

// Which characters free text may hold is one rule for every field, public or staff (core/characters.ts);
// these names stay here for the code that has always found them beside the forms' fields.
export { invisibleFormatting, withoutInvisibleFormatting } from "../characters.ts";

/** Adds the field's character problem, if it has one, as the field's issue. */
function charactersOf(label: string, shape: TextShape) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = characterProblem(value, label, shape);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  };
}

function textError(label: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined
      ? `The form is missing the ${label.toLowerCase()} field. Please reload the page and try again.`
      : `${label} must be text.`;
}

/** A one-line text field: trimmed, NFC, no control characters or line breaks. */
export function line(label: string, max: number, required: boolean) {
  return z
    .string({ error: textError(label) })
    .transform((value) => value.normalize("NFC").trim())
    .pipe(
      z
        .string()
        .max(max, { error: `${label} must be ${max} characters or fewer.` })
        .superRefine(charactersOf(label, "one line"))
        .refine((value) => !required || value.length > 0, {
          error: `Please enter your ${label.toLowerCase()}.`,
        }),
    );
}

/**
 * A multi-line text field: line breaks kept, other control characters (NUL included) and the invisible
 * characters that change how text reads refused.
 */
export function paragraph(label: string, max: number) {
  return z
    .string({ error: textError(label) })
    .transform((value) => value.normalize("NFC").replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .min(1, { error: `Please enter your ${label.toLowerCase()}.` })
        .max(max, { error: `${label} must be ${max} characters or fewer.` })
        .superRefine(charactersOf(label, "lines")),
    );
}

/** An e-mail address a mail server will accept. */
export const emailField = line("Email address", 254, true).pipe(
  z.email({ error: "Please enter a valid email address, such as name@example.co.uk." }),
);

/**
 * A plausible telephone number: UK national (07700 900123, 0161 496 0123),
 * +44 with an optional (0), or any international +number of 7 to 15 digits.
 */
export function isPlausiblePhone(value: string): boolean {
  if (!/^[0-9+()\-.\s]+$/.test(value)) return false;
  const compact = value.replace(/[\s\-.]/g, "");
  if (/^0[1-9]\d{8,9}$/.test(compact)) return true;
  if (/^\+44(\(0\))?[1-9]\d{8,9}$/.test(compact)) return true;
  if (/^\+(?!44)[1-9]\d{6,14}$/.test(compact)) return true;
  return false;
}

/** A telephone field; optional fields accept an empty value. */
export function phoneField(required: boolean) {
  return line("Phone number", 30, required).refine((value) => value === "" || isPlausiblePhone(value), {
    error: "Please enter a phone number we can call, such as 0161 496 0123 or +44 161 496 0123.",
  });
}

/** A yes/no radio answer. */
export function yesNo(question: string) {
  return z.enum(["yes", "no"], { error: `Please answer yes or no: ${question}` });
}

/** Turns a failed parse into the one message the visitor sees: the first problem found. */
export function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Please check the form and try again.";
  if (issue.code === "unrecognized_keys") {
    return "The form contained fields we do not recognise. Please reload the page and try again.";
  }
  return issue.message;
}

/**
 * Every field's first problem, by field name, for showing each message next to its field. Problems
 * that belong to no one field (an unknown field sent) are left to `firstProblem`.
 */
export function fieldProblems(error: z.ZodError): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (issue.code === "unrecognized_keys" || typeof field !== "string" || field in problems) continue;
    problems[field] = issue.message;
  }
  return problems;
}
