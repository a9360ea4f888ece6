import { describe, expect, it } from "vitest";
import { testimonials as config } from "../config/testimonials.ts";
import { addPeriod } from "../retention-periods.ts";
import { caseStudies } from "./index.ts";
import type { CaseStudy, Testimonial } from "./model.ts";
import {
  currentTestimonials,
  isShowable,
  testimonialLapsesAt,
  testimonialLapseTimes,
} from "./testimonials.ts";

const given: Testimonial = {
  quote: "They turned up every night.",
  name: "Jo Bloggs",
  role: "Site Manager",
  date: "2024-03-15",
};
const study = (slug: string, testimonial: Partial<Testimonial>): CaseStudy => ({
  ...(caseStudies[0] as CaseStudy),
  slug,
  testimonial: { ...given, ...testimonial },
});
const day = 24 * 60 * 60 * 1000;

describe("a testimonial's age", () => {
  const lapses = Date.UTC(2027, 2, 15);

  it("is shown until the configured age, and not from that moment on", () => {
    expect(config.showFor).toEqual({ years: 3 });
    expect(testimonialLapsesAt(given)).toBe(lapses);
    expect(isShowable(given, lapses - 1)).toBe(true);
    expect(isShowable(given, lapses)).toBe(false);
    expect(isShowable(given, lapses + day)).toBe(false);
  });

  it("follows the config, whatever the age", () => {
    const oneYear = { showFor: { years: 1 } } as const;
    expect(isShowable(given, Date.UTC(2025, 2, 14), oneYear)).toBe(true);
    expect(isShowable(given, Date.UTC(2025, 2, 15), oneYear)).toBe(false);
  });

  it("is not shown before the day it was given", () => {
    expect(isShowable(given, Date.UTC(2024, 2, 14))).toBe(false);
    expect(isShowable(given, Date.UTC(2024, 2, 15))).toBe(true);
  });
});

describe("a testimonial without who said it, their role or a real date", () => {
  const now = Date.UTC(2025, 0, 1);
  it.each([
    ["no name", { name: "  " }],
    ["no role", { role: "" }],
    ["no quote", { quote: "" }],
    ["no date", { date: "" as Testimonial["date"] }],
    ["a date that is not a day", { date: "2024-02-30" as Testimonial["date"] }],
    ["a date in another form", { date: "15/03/2024" as Testimonial["date"] }],
  ])("is never shown: %s", (_, change) => {
    expect(isShowable({ ...given, ...change }, now)).toBe(false);
    expect(currentTestimonials(now, [study("a", change)])).toEqual([]);
  });
});

describe("currentTestimonials", () => {
  it("lists those current at now, newest first, with their case study", () => {
    const list = [
      study("old", { date: "2021-01-10" }),
      study("older-but-current", { date: "2023-06-01" }),
      study("newest", { date: "2024-11-20" }),
      study("future", { date: "2026-01-01" }),
    ];
    const shown = currentTestimonials(Date.UTC(2025, 0, 1), list);
    expect(shown.map((item) => item.caseStudy.slug)).toEqual(["newest", "older-but-current"]);
    expect(shown[0]).toMatchObject({ name: "Jo Bloggs", role: "Site Manager", date: "2024-11-20" });
  });

  it("holds every shipped testimonial to the rules on the day it was given", () => {
    for (const caseStudy of caseStudies) {
      const at = Date.parse(`${caseStudy.testimonial.date}T12:00:00Z`);
      expect(isShowable(caseStudy.testimonial, at), caseStudy.slug).toBe(true);
    }
  });
});

describe("testimonialLapseTimes", () => {
  it("gives each shipped testimonial's moment of ageing out, earliest first", () => {
    const expected = caseStudies
      .map((caseStudy) => addPeriod(Date.parse(`${caseStudy.testimonial.date}T00:00:00Z`), config.showFor))
      .sort((a, b) => a - b);
    expect(testimonialLapseTimes()).toEqual(expected);
    expect(testimonialLapseTimes()).toHaveLength(caseStudies.length);
  });

  it("leaves out a testimonial with no real date (it is never shown, so never lapses)", () => {
    const list = [
      study("a", { date: "2024-05-01" }),
      study("b", { date: "2024-13-01" as Testimonial["date"] }),
    ];
    expect(testimonialLapseTimes(list)).toEqual([Date.UTC(2027, 4, 1)]);
  });
});
