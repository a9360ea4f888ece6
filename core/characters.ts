/**
 * The one rule for the characters of free text, whoever types it: a visitor's name or message, an
 * applicant's answer, a job-alert's place, or what staff write (a reply, a stage e-mail, a note, an
 * interview's details, a vacancy, a colleague's name). Each field's own checks (length, required, shape)
 * stay with it; which characters may appear at all is decided here, once, so no field is left out.
 */

/** Unicode's control characters (Cc: C0, DEL and C1, NUL included), and the line and paragraph separators. */
export const controlCharacters = /[\p{Cc}\u2028\u2029]/u;

/**
 * Invisible characters that change how the text around them reads: the bidirectional embeddings,
 * overrides and isolates (U+202A-U+202E, U+2066-U+2069), the direction marks (U+200E, U+200F, U+061C),
 * the zero-width space, the word joiner and its kin, and the byte-order mark. In a name, a job title or
 * an e-mail's subject they can make "Invoice.exe" read "Invoice.pdf"; in a note or a message they can
 * show staff words in another order than they were written. The zero-width joiner and non-joiner
 * (U+200C, U+200D) stay: Persian and Indic names are spelt with them, and emoji are joined with them.
 */
export const invisibleFormatting = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/u;

/** The same characters taken out, for text that reaches a subject line from anywhere else. */
export function withoutInvisibleFormatting(value: string): string {
  return value.replace(new RegExp(invisibleFormatting.source, "gu"), "");
}

/** One line (a name, a subject, a place), or several (a message, a note, an e-mail's words). */
export type TextShape = "one line" | "lines";

/**
 * What is wrong with the characters of a free-text value, in words naming the field, or null when
 * nothing is. `field` starts the sentence ("Last name", "The note", "Your message"). One line may hold
 * no control character at all; several keep their line breaks and tabs and nothing else of the kind.
 * Give it the value as the field keeps it (line breaks already made "\n").
 */
export function characterProblem(value: string, field: string, shape: TextShape): string | null {
  const controls = shape === "lines" ? value.replace(/[\n\t]/g, "") : value;
  if (controlCharacters.test(controls)) {
    return shape === "one line"
      ? `${field} must be on one line, without special control characters.`
      : `${field} contains special control characters; please remove them.`;
  }
  if (invisibleFormatting.test(value)) {
    return `${field} contains hidden characters that can change how it reads; please type it again without them.`;
  }
  return null;
}
