import type { FormName, FormResult } from "#core/forms/form-result.ts";
import { readResultToken, resultParam } from "#core/forms/result-token.server.ts";

/**
 * Reads the result of a no-JavaScript form post from the URL it was redirected to:
 * `?result=<signed token>`. Anything unsigned, expired or for the other form shows nothing, and so does
 * every URL while prerendering, where there is no secret.
 */
export function readFormResult(request: Request, form: FormName, secret: string): FormResult | null {
  const token = new URL(request.url).searchParams.get(resultParam);
  if (!token || !secret) return null;
  return readResultToken(token, form, secret);
}
