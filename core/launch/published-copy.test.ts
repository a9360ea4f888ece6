// The words Ready to launch checks come from what is published: every page of the published content,
// each with its editor, the company's facts the words name put in, and the founding date as published.
import { describe, expect, it } from "vitest";
import { type PublishedContent, shippedContent } from "../content/model.ts";
import { absoluteClaims, experienceContradictions } from "./checks.ts";
import { publishedCopy } from "./published-copy.ts";

const today = new Date("2026-12-06T12:00:00Z");

describe("the published pages' words, as Ready to launch reads them", () => {
  it("finds “100%” and “over 15 years” beside the founding date, each with the page and its editor", () => {
    const copy = publishedCopy(shippedContent);
    const claims = absoluteClaims(copy);
    expect(claims.find((claim) => claim.key === "100% client satisfaction")?.pages).toEqual([
      { page: "/about", pageName: "About", edit: "/staff/content/page/about" },
      {
        page: "/services/housekeeping",
        pageName: "Housekeeping Staff",
        edit: "/staff/content/page/service-housekeeping",
      },
      { page: "/services/steward", pageName: "Steward Staff", edit: "/staff/content/page/service-steward" },
    ]);
    const [contradiction, ...more] = experienceContradictions(
      copy,
      { founded: shippedContent.company.founded },
      today,
    );
    expect(more).toEqual([]);
    expect(contradiction?.claim).toBe("Over 15 years of experience");
    expect(contradiction?.fact).toBe("Founded June 2024");
    expect(contradiction?.pages).toEqual([
      { page: "/about", pageName: "About", edit: "/staff/content/page/about" },
    ]);
    // The home page's card reads the emergency line from the company's facts.
    expect(
      copy.some((text) => text.page === "/" && text.text.startsWith(shippedContent.company.emergency)),
    ).toBe(true);
  });

  it("reads the words as published: changed years leave, and any page the content holds joins", () => {
    const about = shippedContent.aboutPage;
    const corrected: PublishedContent = {
      ...shippedContent,
      aboutPage: {
        ...about,
        meta: { ...about.meta, description: "Who we are." },
        facts: { experience: "Founders with 15 years in the trade" },
        story: { ...about.story, text: "Founded in {founded} by people who know the work." },
        figures: { ...about.figures, first: { number: "98%", label: "Client Satisfaction" } },
      },
    };
    const copy = publishedCopy(corrected);
    expect(experienceContradictions(copy, { founded: corrected.company.founded }, today)).toEqual([]);
    expect(copy.map((text) => text.text)).toContain("Founded in June 2024 by people who know the work.");
    const satisfaction = absoluteClaims(copy).find((claim) => claim.key === "100% client satisfaction");
    expect(satisfaction?.pages.map((where) => where.page)).not.toContain("/about");
    // A page another change adds to the published content is read the same way.
    const more = { ...corrected, samplePage: { intro: "We are 100% careful with your data." } };
    expect(absoluteClaims(publishedCopy(more as PublishedContent))[0]?.pages).toEqual([
      { page: "/sample", pageName: "Sample", edit: "/staff/content/page/sample" },
    ]);
  });

  it("reads the five service pages' words as published, each with its own editor", () => {
    const cleaning = shippedContent.servicePages.cleaning;
    const changed: PublishedContent = {
      ...shippedContent,
      servicePages: {
        ...shippedContent.servicePages,
        cleaning: { ...cleaning, hero: { ...cleaning.hero, intro: "Every office left 100% spotless." } },
      },
    };
    expect(
      absoluteClaims(publishedCopy(changed)).find((claim) => claim.key === "100% spotless")?.pages,
    ).toEqual([
      {
        page: "/services/cleaning",
        pageName: "Professional Cleaning",
        edit: "/staff/content/page/service-cleaning",
      },
    ]);
  });
});
