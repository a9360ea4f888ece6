/**
 * The signed links in job alert e-mails: to confirm a sign-up, to change one's choices and to leave
 * (one click, RFC 8058). Each carries the alert's id, what it is for and (for a confirmation) when it
 * stops working, signed with HMAC-SHA256 under a key derived from the server's result-token secret,
 * so a link cannot be made, altered or turned to another purpose without the server's keys.
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/** What a link lets its holder do. */
export type AlertLinkPurpose = "confirm" | "manage" | "unsubscribe";

const purposes: readonly AlertLinkPurpose[] = ["confirm", "manage", "unsubscribe"];

/** The links' own key, derived from the result-token secret, so one secret signs one kind of thing. */
export function alertLinkKey(resultSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", resultSecret, "", "job-alert-link", 32));
}

function signature(key: Buffer, payload: string): string {
  return createHmac("sha256", key).update(payload).digest("base64url");
}

/** A token for an alert's id and purpose; `expiresAt` (ms) for a confirmation, null for links that last. */
export function signAlertLink(
  key: Buffer,
  alertId: string,
  purpose: AlertLinkPurpose,
  expiresAt: number | null,
): string {
  const payload = `${alertId}.${purpose}.${expiresAt === null ? "0" : Math.floor(expiresAt / 1000).toString(36)}`;
  return `${payload}.${signature(key, payload)}`;
}

/** What a genuine token says; `expired` once a confirmation's time has passed. */
export type AlertLink = { alertId: string; purpose: AlertLinkPurpose; expired: boolean };

const tokenShape =
  /^([A-Za-z0-9_-]{16,64})\.(confirm|manage|unsubscribe)\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/;

/** Reads a token for `purpose`: null for anything this server did not sign, or signed for another purpose. */
export function readAlertLink(
  key: Buffer,
  token: string | null | undefined,
  purpose: AlertLinkPurpose,
  now: number,
): AlertLink | null {
  const match = tokenShape.exec(token ?? "");
  if (!match) return null;
  const [, alertId = "", given = "", seconds = "", mac = ""] = match;
  if (given !== purpose || !purposes.includes(given)) return null;
  const expected = Buffer.from(signature(key, `${alertId}.${given}.${seconds}`));
  const actual = Buffer.from(mac);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  const expiresAt = seconds === "0" ? null : Number.parseInt(seconds, 36) * 1000;
  return { alertId, purpose, expired: expiresAt !== null && now >= expiresAt };
}
