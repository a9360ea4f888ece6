/**
 * How the quote questions' answers travel in a form, without the questions' words: what the contact
 * form's script needs, while the questions themselves (core/config/quote-questions.ts) reach it as the
 * page's props.
 */

/** The longest short-text answer. */
export const quoteTextLimit = 200;

/**
 * The form field that carries one answer when the form is posted without JavaScript: every service's
 * questions are in the form then, so each name says its service ("quote.security.officers"), and none
 * can be taken for one of the contract's seven fields.
 */
export function quoteFieldName(service: string, key: string): string {
  return `quote.${service}.${key}`;
}
