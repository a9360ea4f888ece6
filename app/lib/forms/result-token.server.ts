import { createHmac, timingSafeEqual } from "node:crypto";
import type { FormName, FormResult } from "./form-result.ts";

/**
 * Signed tokens that carry a form's outcome through the redirect after a post
 * made without JavaScript. The signature means nobody else can craft a link that
 * puts their own words in our banner; the expiry keeps old links from lingering.
 * Server-only: imported by the handlers and by form-result.server.ts.
 */

export type { FormName, FormResult };

type Payload = { f: FormName; t: FormResult["type"]; m: string; e: number };

const lifetimeMs = 60 * 60 * 1000;

function sign(body: string, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("base64url");
}

/** Makes a token for the redirect URL's `result` parameter. */
export function createResultToken(
  form: FormName,
  result: FormResult,
  secret: string,
  now = Date.now(),
): string {
  const payload: Payload = { f: form, t: result.type, m: result.message, e: now + lifetimeMs };
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${sign(body, secret)}`;
}

/** Reads a token back; null when it is forged, expired, for the other form, or not a token at all. */
export function readResultToken(
  token: string,
  form: FormName,
  secret: string,
  now = Date.now(),
): FormResult | null {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined || token.length > 4000) return null;
  const expected = Buffer.from(sign(body, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Partial<Payload>;
    if (payload.f !== form || typeof payload.m !== "string" || typeof payload.e !== "number") return null;
    if (payload.e < now) return null;
    if (payload.t !== "success" && payload.t !== "error") return null;
    return { type: payload.t, message: payload.m };
  } catch {
    return null;
  }
}

/** The query parameter that carries the token. */
export const resultParam = "result";
