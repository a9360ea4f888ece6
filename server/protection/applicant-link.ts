/**
 * The signed link that lets an applicant see and manage their own application without an account
 * (docs/decisions/022-applicants-manage-through-a-signed-link.md). It carries the application's
 * reference and when it stops working, signed with HMAC-SHA256 under a key derived from the server's
 * result-token secret, so it cannot be made or altered without the server's keys and needs no table.
 * It goes in the query string: the request log keeps paths only.
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { applicantLinkParameter, applicantPagePath } from "#core/applicant-page.ts";

export { applicantLinkParameter, applicantPagePath };

/** The links' own key, derived from the result-token secret, so one secret signs one kind of thing. */
export function applicantLinkKey(resultSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", resultSecret, "", "applicant-link", 32));
}

function signature(key: Buffer, payload: string): string {
  return createHmac("sha256", key).update(payload).digest("base64url");
}

/** A token for `reference` that works until `expiresAt` (ms since the epoch, kept to the second). */
export function signApplicantLink(key: Buffer, reference: string, expiresAt: number): string {
  const payload = `${reference}.${Math.floor(expiresAt / 1000).toString(36)}`;
  return `${payload}.${signature(key, payload)}`;
}

/** What a genuine token says; `expired` when its time has passed. */
export type ApplicantLink = { reference: string; expiresAt: number; expired: boolean };

const tokenShape = /^(APP-[0-9A-Z]{6})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/;

/**
 * Reads a token: null for anything this server did not sign (guessed, altered, cut short), so a wrong
 * link and a made-up one are told apart by nothing; an expired but genuine one says so.
 */
export function readApplicantLink(
  key: Buffer,
  token: string | null | undefined,
  now: number,
): ApplicantLink | null {
  const match = tokenShape.exec(token ?? "");
  if (!match) return null;
  const [, reference = "", seconds = "", given = ""] = match;
  const expected = Buffer.from(signature(key, `${reference}.${seconds}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  const expiresAt = Number.parseInt(seconds, 36) * 1000;
  return { reference, expiresAt, expired: now >= expiresAt };
}

/** The full address of an applicant's page, with a token that works for `validDays` from `now`. */
export function applicantLinkUrl(
  key: Buffer,
  publicUrl: string,
  reference: string,
  now: number,
  validDays: number,
): string {
  const token = signApplicantLink(key, reference, now + validDays * 24 * 60 * 60 * 1000);
  return `${publicUrl}${applicantPagePath}?${applicantLinkParameter}=${token}`;
}
