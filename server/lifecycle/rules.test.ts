import { describe, expect, it } from "vitest";
import { type RetentionConfig, retention } from "#core/config/retention.ts";
import { type LeadFacts, retentionOf } from "./rules.ts";

const day = 24 * 60 * 60 * 1000;
const at = (iso: string) => Date.parse(iso);
const received = at("2026-01-10T10:00:00Z");

function enquiry(facts: Partial<LeadFacts> = {}): LeadFacts {
  return {
    kind: "enquiry",
    status: "new",
    receivedAt: received,
    statusChangedAt: null,
    lastActivityAt: received,
    ...facts,
  };
}

function application(facts: Partial<LeadFacts> = {}): LeadFacts {
  return { ...enquiry(), kind: "application", keepConsentAt: null, ...facts };
}

describe("enquiries", () => {
  it("go 12 months after the last activity when they led nowhere", () => {
    const noted = at("2026-04-02T16:00:00Z");
    for (const status of ["new", "contacted", "quoted", "lost"]) {
      const lead = enquiry({ status, statusChangedAt: at("2026-02-01T09:00:00Z"), lastActivityAt: noted });
      expect(retentionOf(lead, retention)).toMatchObject({
        deleteAt: at("2027-04-02T16:00:00Z"),
        rule: "enquiry",
      });
    }
  });

  it("count a status change as activity even if last_activity_at was not moved", () => {
    const lead = enquiry({ status: "lost", statusChangedAt: at("2026-06-01T09:00:00Z") });
    expect(retentionOf(lead, retention).deleteAt).toBe(at("2027-06-01T09:00:00Z"));
  });

  it("are kept six years after the last activity once won (client records)", () => {
    const lead = enquiry({
      status: "won",
      statusChangedAt: received + day,
      lastActivityAt: received + 2 * day,
    });
    const decision = retentionOf(lead, retention);
    expect(decision.rule).toBe("client");
    expect(decision.deleteAt).toBe(at("2032-01-12T10:00:00Z"));
    expect(decision.because).toBe("Won; last activity 12 Jan 2026; kept six years after that");
  });
});

describe("applications", () => {
  it("go a year after the status was set to Unsuccessful or Withdrawn (regulation 29 asks for a year)", () => {
    const told = at("2026-03-31T11:00:00Z");
    const lead = application({ status: "unsuccessful", statusChangedAt: told, lastActivityAt: told });
    const decision = retentionOf(lead, retention);
    expect(decision).toMatchObject({ rule: "unsuccessful", deleteAt: at("2027-03-31T11:00:00Z") });
    const withdrawn = application({ status: "withdrawn", statusChangedAt: told, lastActivityAt: told });
    expect(retentionOf(withdrawn, retention)).toMatchObject({
      rule: "withdrawn",
      deleteAt: at("2027-03-31T11:00:00Z"),
    });
  });

  it("go a year after hire", () => {
    const hired = at("2026-02-14T09:00:00Z");
    const lead = application({ status: "hired", statusChangedAt: hired, lastActivityAt: hired + 10 * day });
    expect(retentionOf(lead, retention)).toMatchObject({
      rule: "hired",
      deleteAt: at("2027-02-14T09:00:00Z"),
    });
  });

  it("still open go after 12 months with no activity", () => {
    for (const status of ["new", "contacted", "interview"]) {
      const lead = application({ status, lastActivityAt: at("2026-05-05T10:00:00Z") });
      expect(retentionOf(lead, retention)).toMatchObject({
        rule: "inactive-application",
        deleteAt: at("2027-05-05T10:00:00Z"),
      });
    }
  });

  it("are kept 12 months after the applicant agreed to be kept for future roles", () => {
    const told = at("2026-03-01T10:00:00Z");
    const agreed = at("2026-03-02T10:00:00Z");
    const lead = application({ status: "unsuccessful", statusChangedAt: told, keepConsentAt: agreed });
    expect(retentionOf(lead, retention)).toMatchObject({
      rule: "future-roles",
      deleteAt: at("2027-03-02T10:00:00Z"),
    });
    // Agreement never shortens what another rule gives: an open application active later keeps its date.
    const active = application({
      status: "interview",
      lastActivityAt: at("2026-12-01T10:00:00Z"),
      keepConsentAt: agreed,
    });
    expect(retentionOf(active, retention)).toMatchObject({
      rule: "inactive-application",
      deleteAt: at("2027-12-01T10:00:00Z"),
    });
  });

  it("without a status date count from the last activity", () => {
    const lead = application({ status: "unsuccessful", lastActivityAt: at("2026-04-01T10:00:00Z") });
    expect(retentionOf(lead, retention).deleteAt).toBe(at("2027-04-01T10:00:00Z"));
  });
});

describe("spam", () => {
  it("goes 30 days after it arrived, whatever kind", () => {
    for (const lead of [
      enquiry({ status: "spam" }),
      application({ status: "spam", keepConsentAt: received }),
    ]) {
      const decision = retentionOf(lead, retention);
      expect(decision).toMatchObject({ rule: "spam", deleteAt: received + 30 * day });
    }
  });

  it("marked by staff later has 30 days from the mark, so a mistake can be undone", () => {
    const marked = received + 100 * day;
    const lead = enquiry({ status: "spam", statusChangedAt: marked, lastActivityAt: marked });
    expect(retentionOf(lead, retention).deleteAt).toBe(marked + 30 * day);
  });
});

describe("the config", () => {
  it("decides every period: change it and the dates follow", () => {
    const shorter: RetentionConfig = {
      ...retention,
      enquiries: { won: { years: 7 }, other: { months: 3 } },
      applications: {
        unsuccessful: { days: 90 },
        hired: { months: 1 },
        inactive: { months: 2 },
        futureRoles: { years: 2 },
      },
      spam: { days: 7 },
    };
    expect(retentionOf(enquiry(), shorter).deleteAt).toBe(at("2026-04-10T10:00:00Z"));
    expect(retentionOf(enquiry({ status: "won" }), shorter).deleteAt).toBe(at("2033-01-10T10:00:00Z"));
    expect(retentionOf(enquiry({ status: "spam" }), shorter).deleteAt).toBe(received + 7 * day);
    expect(
      retentionOf(application({ status: "unsuccessful", statusChangedAt: received }), shorter).deleteAt,
    ).toBe(received + 90 * day);
    expect(retentionOf(application({ status: "hired", statusChangedAt: received }), shorter).deleteAt).toBe(
      at("2026-02-10T10:00:00Z"),
    );
    expect(retentionOf(application(), shorter).deleteAt).toBe(at("2026-03-10T10:00:00Z"));
    expect(retentionOf(application({ keepConsentAt: received }), shorter).deleteAt).toBe(
      at("2028-01-10T10:00:00Z"),
    );
  });
});
