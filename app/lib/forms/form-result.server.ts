/** Which form a result belongs to. */
export type FormName = "contact" | "careers";

/** The outcome shown in a form's banner after a submission without JavaScript. */
export type FormResult = { type: "success" | "error"; message: string };

/**
 * Reads the result of a no-JavaScript form post from the URL it was redirected to.
 * Placeholder: lead capture fills this in.
 */
export async function readFormResult(_request: Request, _form: FormName): Promise<FormResult | null> {
  return null;
}
