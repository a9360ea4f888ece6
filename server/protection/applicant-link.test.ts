import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  applicantLinkKey,
  applicantLinkUrl,
  newLinkNonce,
  readApplicantLink,
  referenceInLink,
  signApplicantLink,
} from "./applicant-link.ts";

const key = applicantLinkKey("a result secret for the tests");
const now = Date.UTC(2027, 0, 10, 12);
const day = 24 * 60 * 60 * 1000;
const application = { reference: "APP-7K3Q9M", linkNonce: newLinkNonce() };

describe("the applicant's signed link", () => {
  it("reads back the reference and expiry it was signed with, for the application it was made for", () => {
    const token = signApplicantLink(key, application, now + 90 * day);
    expect(token.startsWith("APP-7K3Q9M.")).toBe(true);
    expect(token).not.toContain(application.linkNonce);
    expect(referenceInLink(token)).toBe("APP-7K3Q9M");
    expect(readApplicantLink(key, token, application, now)).toEqual({
      reference: "APP-7K3Q9M",
      expiresAt: now + 90 * day,
      expired: false,
    });
  });

  it("says a genuine link has expired once its time has passed", () => {
    const token = signApplicantLink(key, application, now + day);
    expect(readApplicantLink(key, token, application, now + day)?.expired).toBe(true);
  });

  it("refuses a link whose reference, expiry or signature was altered, or that another key signed", () => {
    const token = signApplicantLink(key, application, now + day);
    const [reference, expiry, mac] = token.split(".") as [string, string, string];
    const other = { ...application, reference: "APP-7K3Q9N" };
    expect(readApplicantLink(key, `APP-7K3Q9N.${expiry}.${mac}`, other, now)).toBeNull();
    expect(
      readApplicantLink(
        key,
        `${reference}.${(Number.parseInt(expiry, 36) + 1).toString(36)}.${mac}`,
        application,
        now,
      ),
    ).toBeNull();
    // A last character that differs from the real one, whatever that happens to be.
    const altered = `${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`;
    expect(readApplicantLink(key, `${reference}.${expiry}.${altered}`, application, now)).toBeNull();
    expect(readApplicantLink(applicantLinkKey("another secret"), token, application, now)).toBeNull();
    expect(readApplicantLink(key, "", application, now)).toBeNull();
    expect(readApplicantLink(key, null, application, now)).toBeNull();
    expect(readApplicantLink(key, `${token}x`, application, now)).toBeNull();
    expect(referenceInLink(`${token}x`)).toBeNull();
    // Read against an application with another reference than the one it names.
    expect(readApplicantLink(key, token, other, now)).toBeNull();
  });

  it("opens only the application it was made for, not a later one given the same reference", () => {
    const token = signApplicantLink(key, application, now + day);
    const later = { reference: application.reference, linkNonce: newLinkNonce() };
    expect(later.linkNonce).not.toBe(application.linkNonce);
    expect(readApplicantLink(key, token, later, now)).toBeNull();
    // None at all, or one stored without a nonce, opens nothing.
    expect(readApplicantLink(key, token, null, now)).toBeNull();
    const unbound = signApplicantLink(key, { reference: application.reference, linkNonce: "" }, now + day);
    expect(
      readApplicantLink(key, unbound, { reference: application.reference, linkNonce: "" }, now),
    ).toBeNull();
  });

  it("reads a link in the shape made before links named their application as expired, and only for an application held then", () => {
    // The reference and expiry signed alone, under the same key.
    const seconds = Math.floor((now + day) / 1000).toString(36);
    const mac = createHmac("sha256", key).update(`${application.reference}.${seconds}`).digest("base64url");
    const old = `${application.reference}.${seconds}.${mac}`;
    expect(referenceInLink(old)).toBe(application.reference);
    // An application made since: never.
    expect(readApplicantLink(key, old, application, now)).toBeNull();
    // One the migration found (its nonce marked "legacy-"): expired, whatever the link's own expiry, so
    // it opens nothing and may only ask for a fresh link to the address on file.
    const held = { reference: application.reference, linkNonce: "legacy-0123456789abcdef0123456789abcdef" };
    expect(readApplicantLink(key, old, held, now)).toEqual({
      reference: application.reference,
      expiresAt: now + day - ((now + day) % 1000),
      expired: true,
    });
    // Altered, it is nothing.
    expect(
      readApplicantLink(key, `${old.slice(0, -1)}${old.endsWith("A") ? "B" : "A"}`, held, now),
    ).toBeNull();
  });

  it("puts the token in the query string of the applicant's page", () => {
    const url = new URL(applicantLinkUrl(key, "https://www.example.co.uk", application, now, 90));
    expect(url.pathname).toBe("/your-application");
    const read = readApplicantLink(key, url.searchParams.get("link"), application, now);
    expect(read?.reference).toBe("APP-7K3Q9M");
    expect(read?.expiresAt).toBe(now + 90 * day);
  });
});
