import type { FormName } from "./form-name.ts";
import { formTokenField } from "./form-token.ts";

// Also named here, beside the outcome, where the pages, the server and the tests look for it.
export type { FormName };

/**
 * What the banner under a form's heading shows: the server's verdict and its words, and, for a refusal,
 * each field's problem by field name, shown next to that field.
 */
export type FormResult = {
  type: "success" | "error";
  message: string;
  fields?: Record<string, string>;
  /** A success's receipt, for the confirmation shown where the form was. */
  receipt?: Receipt;
};

/**
 * What a stored submission's confirmation shows besides the server's message: its reference, the address
 * the acknowledgement goes to and, for an application, the path of the applicant's own page (absent
 * for a repeat, whose link is in the first e-mail).
 */
export type Receipt = { reference: string; email: string; page?: string };

/** A receipt read from anything (a reply, a token): only its expected fields, or null. */
export function readReceipt(value: unknown): Receipt | null {
  if (typeof value !== "object" || value === null) return null;
  const { reference, email, page } = value as Record<string, unknown>;
  if (typeof reference !== "string" || typeof email !== "string") return null;
  if (!/^[A-Z]{3}-[0-9A-Z]{4,12}$/.test(reference) || email.length > 320) return null;
  // Only a path on this site: never a link elsewhere.
  const ownPage = typeof page === "string" && /^\/[^/\\]/.test(page) && page.length < 2000;
  return { reference, email, ...(ownPage ? { page } : {}) };
}

/** The values a form starts with: empty, or what the visitor typed when a post without JavaScript was refused. */
export type FormValues = Record<string, string>;

/**
 * A post made without JavaScript that the server refused, answered with the form's page: the refusal,
 * each field's problem, and every value typed (never a file; browsers cannot give those back).
 */
export type RefusedForm = {
  form: FormName;
  status: number;
  message: string;
  fields: Record<string, string>;
  values: FormValues;
  /** The file fields in which a file was chosen (browsers never give those back). */
  files?: string[];
};

/**
 * What a form page hands its form: the banner to show first, the values to start with, and the time
 * token of a page the server rendered now ("" on a prerendered page, where the server adds it as it
 * serves the page).
 */
export type FormStart = {
  result: FormResult | null;
  values: FormValues;
  token: string;
  /** After a refused post: the file fields in which a file had been chosen, to be chosen again. */
  files?: string[];
};

/**
 * The form's starting state from the page's loader result and, after a refused post, its action result.
 * A refused form keeps the token it was sent with, so its time still counts from when the page was served.
 */
export function formStart(
  loaderResult: FormResult | null,
  refused: RefusedForm | undefined | null,
  loaderToken = "",
): FormStart {
  if (!refused) return { result: loaderResult, values: {}, token: loaderToken };
  const { [formTokenField]: sentToken, ...values } = refused.values;
  return {
    result: { type: "error", message: refused.message, fields: refused.fields },
    values,
    token: sentToken ?? loaderToken,
    files: refused.files ?? [],
  };
}

/** The refused post if it was this form's, else null: a page only ever shows its own form's values. */
export function refusedFor(form: FormName, refused: RefusedForm | null | undefined): RefusedForm | null {
  return refused?.form === form ? refused : null;
}
