import { describe, expect, it } from "vitest";
import { testimonialLapseTimes } from "../case-studies/testimonials.ts";
import { accreditations } from "../config/accreditations.ts";
import { accreditationLapsesAt } from "./accreditations.ts";
import { claimLapseTimes, lapsedSince } from "./lapses.ts";

describe("the moments claims lapse", () => {
  it("are every accreditation's end and every testimonial's ageing out, earliest first", () => {
    const lapses = claimLapseTimes();
    for (const item of accreditations) expect(lapses).toContain(accreditationLapsesAt(item));
    for (const at of testimonialLapseTimes()) expect(lapses).toContain(at);
    expect(lapses).toEqual([...lapses].sort((a, b) => a - b));
  });
});

describe("whether prerendered pages are stale", () => {
  const lapse = Date.parse("2031-03-04T00:00:00Z");
  const built = Date.parse("2030-01-01T00:00:00Z");

  it("is no until a lapse falls after the build, then yes at and after it", () => {
    expect(lapsedSince(built, lapse - 1, [lapse])).toBe(false);
    expect(lapsedSince(built, lapse, [lapse])).toBe(true);
    expect(lapsedSince(built, lapse + 365 * 86_400_000, [lapse])).toBe(true);
  });

  it("ignores lapses that came before the build: the build already left them out", () => {
    expect(lapsedSince(lapse + 1, lapse + 10_000, [lapse])).toBe(false);
    expect(lapsedSince(lapse, lapse + 10_000, [lapse])).toBe(false);
  });

  it("judges the shipped claims: the SIA's scheme ending makes a page built before it stale", () => {
    const sia = accreditations.find((item) => item.scheme === "SIA Approved Contractor Scheme");
    const end = accreditationLapsesAt(sia as (typeof accreditations)[number]);
    expect(lapsedSince(end - 86_400_000, end)).toBe(true);
  });
});
