/**
 * The signed link that lets an applicant see and manage their own application without an account
 * (docs/decisions/022-applicants-manage-through-a-signed-link.md). It reads `<reference>.<expiry>.<mac>`:
 * the application's reference (people read it), when it stops working, and an HMAC-SHA256 under a key
 * derived from the server's result-token secret over both and the application's own link nonce, a random
 * value stored with the application when it is made and never shown. A reference can be drawn again once
 * its application is erased; the nonce cannot, so a link opens the one application it was made for and
 * no later one. It goes in the query string: the request log keeps paths only.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { applicantLinkParameter, applicantPagePath } from "#core/applicant-page.ts";

export { applicantLinkParameter, applicantPagePath };

/** What a link is made for: an application's reference and its link nonce (`applications.link_nonce`). */
export type LinkedApplication = { reference: string; linkNonce: string };

/** A new application's link nonce: 128 random bits, stored with it and never shown. */
export function newLinkNonce(): string {
  return randomBytes(16).toString("base64url");
}

/** The links' own key, derived from the result-token secret, so one secret signs one kind of thing. */
export function applicantLinkKey(resultSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", resultSecret, "", "applicant-link", 32));
}

// Tagged, so no token signed over the reference and expiry alone (as links were before the nonce) can
// ever match one of these.
function signature(key: Buffer, reference: string, seconds: string, nonce: string): string {
  return createHmac("sha256", key).update(`bound.${reference}.${seconds}.${nonce}`).digest("base64url");
}

/** A token for `application` that works until `expiresAt` (ms since the epoch, kept to the second). */
export function signApplicantLink(key: Buffer, application: LinkedApplication, expiresAt: number): string {
  const seconds = Math.floor(expiresAt / 1000).toString(36);
  return `${application.reference}.${seconds}.${signature(key, application.reference, seconds, application.linkNonce)}`;
}

/**
 * The nonce the migration gave each application already held when links began to name their application
 * (server/db/migrations/…/034_applicant_link_nonce.sql); new applications' nonces never start so.
 */
const legacyNoncePrefix = "legacy-";

/** The signature links had before they named their application: the reference and expiry alone. */
function legacySignature(key: Buffer, reference: string, seconds: string): string {
  return createHmac("sha256", key).update(`${reference}.${seconds}`).digest("base64url");
}

/** What a genuine token says; `expired` when its time has passed. */
export type ApplicantLink = { reference: string; expiresAt: number; expired: boolean };

const tokenShape = /^(APP-[0-9A-Z]{6})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/;

/**
 * The reference a token names, from its shape alone, or null for anything not shaped like one: only
 * where to look for the application, never proof of anything (readApplicantLink is that).
 */
export function referenceInLink(token: string | null | undefined): string | null {
  return tokenShape.exec(token ?? "")?.[1] ?? null;
}

/**
 * Reads a token against the application its reference names now (null when there is none): null for
 * anything this server did not sign for that very application (guessed, altered, cut short, made for an
 * earlier application under the same reference), so none of these is told from another; an expired but
 * genuine one says so, and so does one in the shape links had before the nonce (see below).
 */
export function readApplicantLink(
  key: Buffer,
  token: string | null | undefined,
  application: LinkedApplication | null,
  now: number,
): ApplicantLink | null {
  const match = tokenShape.exec(token ?? "");
  if (!match || !application?.linkNonce) return null;
  const [, reference = "", seconds = "", given = ""] = match;
  if (reference !== application.reference) return null;
  const expiresAt = Number.parseInt(seconds, 36) * 1000;
  if (matches(given, signature(key, reference, seconds, application.linkNonce))) {
    return { reference, expiresAt, expired: now >= expiresAt };
  }
  // A link e-mailed before links named their application, to an application held then: it opens
  // nothing (it cannot tell that application from a later one under the same reference), but reads as
  // expired, so its applicant can still ask for a fresh link, which goes only to the address on file.
  // A later application never had such a link, so one naming its reference is not taken at all.
  if (
    application.linkNonce.startsWith(legacyNoncePrefix) &&
    matches(given, legacySignature(key, reference, seconds))
  ) {
    return { reference, expiresAt, expired: true };
  }
  return null;
}

function matches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The full address of an applicant's page, with a token that works for `validDays` from `now`. */
export function applicantLinkUrl(
  key: Buffer,
  publicUrl: string,
  application: LinkedApplication,
  now: number,
  validDays: number,
): string {
  const token = signApplicantLink(key, application, now + validDays * 24 * 60 * 60 * 1000);
  return `${publicUrl}${applicantPagePath}?${applicantLinkParameter}=${token}`;
}
