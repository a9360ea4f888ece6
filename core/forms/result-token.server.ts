import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { type FormName, type FormResult, type Receipt, readReceipt } from "./form-result.ts";

/**
 * Tokens that carry a form's outcome through the redirect after a post made without JavaScript. They
 * are encrypted and authenticated (AES-256-GCM): nobody else can craft a link that puts their own words
 * in our banner, and the thank-you message, which names the visitor, cannot be read from the address bar,
 * the browser history or a log. The expiry keeps old links from lingering.
 * Server-only: imported by the handlers and by form-result.server.ts.
 */

export type { FormName, FormResult };

type Payload = { f: FormName; t: FormResult["type"]; m: string; e: number; r?: Receipt };

const lifetimeMs = 60 * 60 * 1000;

/** A 256-bit key for this purpose only, from the configured secret of any length. */
function keyFrom(secret: string): Buffer {
  return createHash("sha256").update(`form-result-token:${secret}`).digest();
}

/** Makes a token for the redirect URL's `result` parameter. */
export function createResultToken(
  form: FormName,
  result: FormResult,
  secret: string,
  now = Date.now(),
): string {
  const payload: Payload = {
    f: form,
    t: result.type,
    m: result.message,
    e: now + lifetimeMs,
    ...(result.receipt ? { r: result.receipt } : {}),
  };
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(secret), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(payload), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

/** Reads a token back; null when it is forged, edited, expired, for the other form, or not a token at all. */
export function readResultToken(
  token: string,
  form: FormName,
  secret: string,
  now = Date.now(),
): FormResult | null {
  if (token.length > 4000 || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length <= 28) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFrom(secret), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
    const payload = JSON.parse(text) as Partial<Payload>;
    if (payload.f !== form || typeof payload.m !== "string" || typeof payload.e !== "number") return null;
    if (payload.e < now) return null;
    if (payload.t !== "success" && payload.t !== "error") return null;
    const receipt = payload.t === "success" ? readReceipt(payload.r) : null;
    return { type: payload.t, message: payload.m, ...(receipt ? { receipt } : {}) };
  } catch {
    return null;
  }
}

/** The query parameter that carries the token. */
export const resultParam = "result";
