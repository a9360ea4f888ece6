import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import type { FormName } from "./form-result.ts";
import { minimumFormSeconds, type SpamSignal } from "./form-token.ts";

/**
 * Signs and checks the forms' time tokens: "<issued at, base 36>.<HMAC-SHA-256, 128 bits, base64url>".
 * The MAC covers the form's name and the time, under a key derived for this purpose only from the
 * form-result secret, so the same secret never signs two kinds of thing. Server-only.
 */

const keys = new Map<string, Buffer>();

/** A 256-bit key for form tokens only (HKDF-SHA-256 of the configured secret). */
function keyFrom(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "", "form-time-token", 32));
    keys.set(secret, key);
  }
  return key;
}

function mac(form: FormName, issuedAt: string, secret: string): Buffer {
  return createHmac("sha256", keyFrom(secret)).update(`${form}.${issuedAt}`).digest().subarray(0, 16);
}

/** A token for the form of a page served now; "" when there is no secret (prerendering). */
export function issueFormToken(form: FormName, secret: string, now = Date.now()): string {
  if (!secret) return "";
  const issuedAt = Math.floor(now).toString(36);
  return `${issuedAt}.${mac(form, issuedAt, secret).toString("base64url")}`;
}

/** What the token says of a submission: no signal for a good one, and how long after its page it came. */
export type FormTokenVerdict = {
  spamSignal: Exclude<SpamSignal, "honeypot"> | null;
  formAgeMs: number | null;
};

// Clocks of several servers may differ a little; a token from further ahead is not one of ours.
const clockSkewMs = 60_000;

/** Checks a submitted token: missing, not signed by us (or for the other form), or sent too soon. */
export function checkFormToken(
  token: string | undefined,
  form: FormName,
  secret: string,
  now = Date.now(),
): FormTokenVerdict {
  if (!token) return { spamSignal: "no-token", formAgeMs: null };
  const match = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match?.[1] || !match[2]) return { spamSignal: "bad-token", formAgeMs: null };
  const [, issuedAt, signature] = match;
  const expected = mac(form, issuedAt, secret);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { spamSignal: "bad-token", formAgeMs: null };
  }
  const formAgeMs = now - Number.parseInt(issuedAt, 36);
  if (formAgeMs < -clockSkewMs) return { spamSignal: "bad-token", formAgeMs: null };
  if (formAgeMs < minimumFormSeconds * 1000)
    return { spamSignal: "too-fast", formAgeMs: Math.max(0, formAgeMs) };
  return { spamSignal: null, formAgeMs };
}
