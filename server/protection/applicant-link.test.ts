import { describe, expect, it } from "vitest";
import {
  applicantLinkKey,
  applicantLinkUrl,
  readApplicantLink,
  signApplicantLink,
} from "./applicant-link.ts";

const key = applicantLinkKey("a result secret for the tests");
const now = Date.UTC(2027, 0, 10, 12);
const day = 24 * 60 * 60 * 1000;

describe("the applicant's signed link", () => {
  it("reads back the reference and expiry it was signed with", () => {
    const token = signApplicantLink(key, "APP-7K3Q9M", now + 90 * day);
    expect(readApplicantLink(key, token, now)).toEqual({
      reference: "APP-7K3Q9M",
      expiresAt: now + 90 * day,
      expired: false,
    });
  });

  it("says a genuine link has expired once its time has passed", () => {
    const token = signApplicantLink(key, "APP-7K3Q9M", now + day);
    expect(readApplicantLink(key, token, now + day)?.expired).toBe(true);
  });

  it("refuses a link whose reference, expiry or signature was altered, or that another key signed", () => {
    const token = signApplicantLink(key, "APP-7K3Q9M", now + day);
    const [reference, expiry, mac] = token.split(".") as [string, string, string];
    expect(readApplicantLink(key, `APP-7K3Q9N.${expiry}.${mac}`, now)).toBeNull();
    expect(
      readApplicantLink(key, `${reference}.${(Number.parseInt(expiry, 36) + 1).toString(36)}.${mac}`, now),
    ).toBeNull();
    expect(readApplicantLink(key, `${reference}.${expiry}.${mac.slice(0, -1)}A`, now)).toBeNull();
    expect(readApplicantLink(applicantLinkKey("another secret"), token, now)).toBeNull();
    expect(readApplicantLink(key, "", now)).toBeNull();
    expect(readApplicantLink(key, null, now)).toBeNull();
    expect(readApplicantLink(key, `${token}x`, now)).toBeNull();
  });

  it("puts the token in the query string of the applicant's page", () => {
    const url = new URL(applicantLinkUrl(key, "https://www.example.co.uk", "APP-7K3Q9M", now, 90));
    expect(url.pathname).toBe("/your-application");
    const read = readApplicantLink(key, url.searchParams.get("link"), now);
    expect(read?.reference).toBe("APP-7K3Q9M");
    expect(read?.expiresAt).toBe(now + 90 * day);
  });
});
