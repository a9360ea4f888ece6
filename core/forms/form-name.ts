/**
 * The names of the site's two forms, on their own so the form's outcome (form-result.ts) and its time
 * token (form-token.ts) can both name a form without importing each other.
 */

/** The two forms whose outcome a page can show. */
export type FormName = "contact" | "careers";
