import { describe, expect, it } from "vitest";
import { type Accreditation, accreditations } from "../config/accreditations.ts";
import {
  accreditationLapsesAt,
  accreditationLapseTimes,
  accreditationsFor,
  currentAccreditations,
  hasRegisterLink,
  renewalWarnings,
} from "./accreditations.ts";

const day = 24 * 60 * 60 * 1000;

function entry(scheme: string, validUntil: Accreditation["validUntil"], extra: Partial<Accreditation> = {}) {
  return {
    scheme,
    covers: ["Security guarding"],
    services: ["securityOfficers"],
    number: "TEST-1",
    validUntil,
    issuedBy: { name: "Security Industry Authority", url: "https://www.gov.uk/sia" },
    register: "siaApprovedContractors",
    checkUrl: "https://www.services.sia.homeoffice.gov.uk/Pages/acs-roac.aspx",
    sample: false,
    ...extra,
  } satisfies Accreditation;
}

const schemes = (items: readonly Accreditation[]) => items.map((item) => item.scheme);

describe("when an accreditation is shown", () => {
  it("shows it through the whole of its last day in London (GMT), and not from the next day's start", () => {
    const winter = entry("Winter", "2031-03-03");
    expect(schemes(currentAccreditations(Date.parse("2031-03-03T23:59:59.999Z"), [winter]))).toEqual([
      "Winter",
    ]);
    expect(currentAccreditations(Date.parse("2031-03-04T00:00:00Z"), [winter])).toEqual([]);
  });

  it("does the same across British Summer Time, when London's day ends at 23:00 UTC", () => {
    const summer = entry("Summer", "2032-06-30");
    expect(accreditationLapsesAt(summer)).toBe(Date.parse("2032-06-30T23:00:00Z"));
    expect(schemes(currentAccreditations(Date.parse("2032-06-30T22:59:59.999Z"), [summer]))).toEqual([
      "Summer",
    ]);
    expect(currentAccreditations(Date.parse("2032-06-30T23:00:00Z"), [summer])).toEqual([]);
    // The last Sunday of October: the clocks go back at 02:00, and the day still ends at midnight GMT.
    const autumn = entry("Autumn", "2031-10-26");
    expect(accreditationLapsesAt(autumn)).toBe(Date.parse("2031-10-27T00:00:00Z"));
  });

  it("never shows one whose link is not https to its register's listed host", () => {
    const at = Date.parse("2030-01-01T12:00:00Z");
    const http = entry("Plain", "2031-01-01", { checkUrl: "https://www.services.sia.homeoffice.gov.uk/x" });
    const elsewhere = entry("Elsewhere", "2031-01-01", { checkUrl: "https://sia-register.example/acs" });
    const insecure = {
      ...entry("Insecure", "2031-01-01"),
      checkUrl: "http://www.services.sia.homeoffice.gov.uk/",
    };
    expect(hasRegisterLink(http)).toBe(true);
    expect(hasRegisterLink(elsewhere)).toBe(false);
    expect(hasRegisterLink(insecure as unknown as Accreditation)).toBe(false);
    expect(
      schemes(currentAccreditations(at, [http, elsewhere, insecure as unknown as Accreditation])),
    ).toEqual(["Plain"]);
  });

  it("shows a service page only those that bear on its service", () => {
    const at = Date.parse("2029-01-01T12:00:00Z");
    expect(schemes(accreditationsFor("securityOfficers", at))).toContain("SIA Approved Contractor Scheme");
    expect(schemes(accreditationsFor("cleaning", at))).not.toContain("SIA Approved Contractor Scheme");
    expect(schemes(accreditationsFor("cleaning", at))).not.toContain("Cyber Essentials");
    expect(schemes(currentAccreditations(at))).toContain("Cyber Essentials");
  });
});

describe("the renewal warnings", () => {
  const sia = entry("SIA Approved Contractor Scheme", "2027-03-03");
  /** Noon in London, `days` before the accreditation's last day. */
  const daysBefore = (days: number) => Date.parse("2027-03-03T12:00:00Z") - days * day;

  it("start 60 days before the last day, and become urgent 14 days before", () => {
    expect(renewalWarnings(daysBefore(61), [sia])).toEqual([]);
    expect(renewalWarnings(daysBefore(60), [sia])).toMatchObject([{ daysLeft: 60, urgent: false }]);
    expect(renewalWarnings(daysBefore(15), [sia])).toMatchObject([{ daysLeft: 15, urgent: false }]);
    expect(renewalWarnings(daysBefore(14), [sia])).toMatchObject([{ daysLeft: 14, urgent: true }]);
  });

  it("say which, when and what to do, in plain words", () => {
    expect(renewalWarnings(daysBefore(12), [sia])[0]?.text).toBe(
      "SIA Approved Contractor Scheme runs out on 3 March 2027, in 12 days: renew it and update the site's list.",
    );
    expect(renewalWarnings(daysBefore(1), [sia])[0]?.text).toContain("on 3 March 2027, tomorrow:");
    expect(renewalWarnings(daysBefore(0), [sia])[0]?.text).toContain("on 3 March 2027, today:");
    expect(renewalWarnings(Date.parse("2027-03-04T00:00:00Z"), [sia])).toEqual([]);
  });

  it("count London days across the change to summer time", () => {
    const summer = entry("Summer", "2027-04-10");
    // 23:30 UTC on 29 March is 00:30 on 30 March in London (summer time since the 28th): 11 days, not 12.
    expect(renewalWarnings(Date.parse("2027-03-29T23:30:00Z"), [summer])).toMatchObject([{ daysLeft: 11 }]);
  });

  it("list the soonest first", () => {
    const later = entry("Later", "2027-04-01");
    expect(schemes(renewalWarnings(daysBefore(10), [later, sia]).map((w) => w.accreditation))).toEqual([
      "SIA Approved Contractor Scheme",
      "Later",
    ]);
  });
});

describe("the shipped list", () => {
  it("gives the lapse moment of every entry, and every entry is a sample", () => {
    expect(accreditationLapseTimes()).toEqual(
      accreditations.map(accreditationLapsesAt).sort((a, b) => a - b),
    );
    expect(accreditations.every((item) => item.sample)).toBe(true);
  });
});
