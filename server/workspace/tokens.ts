import { createHash, randomBytes } from "node:crypto";

/** A new secret token for a cookie or a link: 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps instead of a token, so a copy of it cannot be used to sign in. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
