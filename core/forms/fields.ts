import { z } from "./zod.ts";

export { honeypotField } from "./honeypot.ts";

/**
 * Building blocks shared by the contact and careers schemas. Every message is
 * written for the visitor: it names the field and says what to change.
 */

// Unicode's control characters (Cc: C0, DEL and C1, NUL included), and the line separators.
const control = /[\p{Cc}\u2028\u2029]/u;

/**
 * Invisible characters that change how the text around them reads: the bidirectional embeddings,
 * overrides and isolates (U+202A-U+202E, U+2066-U+2069), the direction marks (U+200E, U+200F, U+061C),
 * the zero-width space, the word joiner and its kin, and the byte-order mark. In a name, a job title or
 * an e-mail's subject they can make "Invoice.exe" read "Invoice.pdf", so one-line fields refuse them.
 * The zero-width joiner and non-joiner (U+200C, U+200D) stay: Persian and Indic names are spelt with them.
 */
export const invisibleFormatting = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/u;

/** The same characters taken out, for text that reaches a subject line from anywhere else. */
export function withoutInvisibleFormatting(value: string): string {
  return value.replace(new RegExp(invisibleFormatting.source, "gu"), "");
}

/** True when a value holds control characters; `allowed` lists the ones a field may keep. */
function hasControl(value: string, allowed = ""): boolean {
  return control.test(allowed ? value.replaceAll(new RegExp(`[${allowed}]`, "g"), "") : value);
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
        .refine((value) => !hasControl(value), {
          error: `${label} must be on one line, without special control characters.`,
        })
        .refine((value) => !invisibleFormatting.test(value), {
          error: `${label} contains hidden characters that can change how it reads; please type it again without them.`,
        })
        .refine((value) => !required || value.length > 0, {
          error: `Please enter your ${label.toLowerCase()}.`,
        }),
    );
}

/** A multi-line text field: line breaks kept, other control characters (NUL included) refused. */
export function paragraph(label: string, max: number) {
  return z
    .string({ error: textError(label) })
    .transform((value) => value.normalize("NFC").replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .min(1, { error: `Please enter your ${label.toLowerCase()}.` })
        .max(max, { error: `${label} must be ${max} characters or fewer.` })
        .refine((value) => !hasControl(value, "\\n\\t"), {
          error: `${label} contains special control characters; please remove them.`,
        }),
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
