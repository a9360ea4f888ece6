import type { FormName, FormResult } from "./form-result.ts";
import { readResultToken, resultParam, resultSecretVariable } from "./result-token.server.ts";

/**
 * Reads the result of a no-JavaScript form post from the URL it was redirected to:
 * `?result=<signed token>`. Anything unsigned, expired or for the other form shows nothing.
 */
export async function readFormResult(request: Request, form: FormName): Promise<FormResult | null> {
  const token = new URL(request.url).searchParams.get(resultParam);
  const secret = process.env[resultSecretVariable];
  if (!token || !secret) return null;
  return readResultToken(token, form, secret);
}
