import { describe, expect, it } from "vitest";
import { caseStudies, recentCaseStudies } from "#core/case-studies/index.ts";
import { testimonialLapseTimes } from "#core/case-studies/testimonials.ts";
import { caseStudiesHtml } from "./case-studies.server";
import { testimonialsHtml } from "./testimonials.server";

/** Each testimonial in the markup: its caption's text and its time's datetime. */
function figures(html: string) {
  return [...html.matchAll(/<figure\b[\s\S]*?<\/figure>/g)].map(([figure]) => ({
    blockquote: /<blockquote\b/.test(figure),
    caption: /<figcaption\b[^>]*>([\s\S]*?)<\/figcaption>/.exec(figure)?.[1] ?? "",
    datetime: /<time datetime="([^"]+)"/i.exec(figure)?.[1] ?? "",
  }));
}

const firstGiven = Math.min(
  ...caseStudies.map((caseStudy) => Date.parse(`${caseStudy.testimonial.date}T00:00:00Z`)),
);
const now = Math.min(...testimonialLapseTimes()) - 1;

describe("testimonialsHtml", () => {
  it("shows the home page's three newest, each a figure with a quote naming the person, role and date", () => {
    const shown = figures(testimonialsHtml({ page: "home" }, now));
    expect(shown).toHaveLength(3);
    for (const figure of shown) {
      expect(figure.blockquote).toBe(true);
      expect(figure.datetime).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const newest = [...caseStudies].sort((a, b) => b.testimonial.date.localeCompare(a.testimonial.date))[0];
    expect(shown[0]?.caption).toContain(newest?.testimonial.name);
    expect(shown[0]?.caption).toContain(newest?.testimonial.role);
  });

  it("shows a service page only testimonials about that service, and names a client only with permission", () => {
    const html = testimonialsHtml({ page: "service", service: "housekeeping" }, now);
    const about = recentCaseStudies("housekeeping");
    expect(figures(html)).toHaveLength(about.length);
    for (const caseStudy of caseStudies) {
      const named = caseStudy.client.namedWithPermission ? caseStudy.client.clientName : null;
      if (about.includes(caseStudy)) {
        expect(html).toContain(caseStudy.testimonial.name);
        if (named) expect(html).toContain(named);
      } else expect(html).not.toContain(caseStudy.testimonial.name);
    }
    expect(html).toContain('href="/privacy#reviews"');
  });

  it("shows nothing once every testimonial is older than the configured age, nor before any was given", () => {
    const allAged = Math.max(...testimonialLapseTimes());
    expect(testimonialsHtml({ page: "home" }, allAged)).toBe("");
    expect(testimonialsHtml({ page: "service", service: "cleaning" }, allAged)).toBe("");
    expect(testimonialsHtml({ page: "home" }, firstGiven - 1)).toBe("");
    expect(testimonialsHtml({ page: "about" }, now)).toBe("");
  });
});

describe("caseStudiesHtml", () => {
  it("shows a service's two most recent case studies and links to all of that service's", () => {
    const html = caseStudiesHtml("securityOfficers", now);
    const [first, second, third] = recentCaseStudies("securityOfficers");
    expect(html.indexOf(first?.title ?? "?")).toBeGreaterThan(-1);
    expect(html.indexOf(second?.title ?? "?")).toBeGreaterThan(html.indexOf(first?.title ?? "?"));
    if (third) expect(html).not.toContain(third.title);
    expect(html).toContain('href="/case-studies?service=security-officers"');
  });
});
