import { describe, expect, it } from "vitest";
import { addPeriod, describePeriod } from "./retention-periods.ts";

const at = (iso: string) => Date.parse(iso);

describe("addPeriod", () => {
  it("adds days as whole days", () => {
    expect(addPeriod(at("2026-01-10T09:30:00Z"), { days: 30 })).toBe(at("2026-02-09T09:30:00Z"));
  });

  it("adds months and years to the same date and time", () => {
    expect(addPeriod(at("2026-01-15T14:00:00Z"), { months: 6 })).toBe(at("2026-07-15T14:00:00Z"));
    expect(addPeriod(at("2026-03-01T00:00:00Z"), { months: 12 })).toBe(at("2027-03-01T00:00:00Z"));
    expect(addPeriod(at("2026-05-20T08:15:00Z"), { years: 6 })).toBe(at("2032-05-20T08:15:00Z"));
  });

  it("stops at the end of a shorter month instead of running into the next", () => {
    expect(addPeriod(at("2026-08-31T12:00:00Z"), { months: 6 })).toBe(at("2027-02-28T12:00:00Z"));
    expect(addPeriod(at("2027-08-31T12:00:00Z"), { months: 6 })).toBe(at("2028-02-29T12:00:00Z"));
    expect(addPeriod(at("2028-02-29T12:00:00Z"), { years: 1 })).toBe(at("2029-02-28T12:00:00Z"));
  });
});

describe("describePeriod", () => {
  it("writes one to nine in words and larger numbers in figures", () => {
    expect(describePeriod({ months: 6 })).toBe("six months");
    expect(describePeriod({ years: 6 })).toBe("six years");
    expect(describePeriod({ months: 12 })).toBe("12 months");
    expect(describePeriod({ days: 30 })).toBe("30 days");
    expect(describePeriod({ months: 25 })).toBe("25 months");
  });

  it("uses the singular for one", () => {
    expect(describePeriod({ years: 1 })).toBe("one year");
    expect(describePeriod({ days: 1 })).toBe("one day");
  });
});
