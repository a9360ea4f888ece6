// The home page's words as site content: the shipped words pass their schema and are the words the page
// showed before; a heading past its limit or empty is refused by its field.
import { describe, expect, it } from "vitest";
import { site } from "../config/site.ts";
import { shippedCompany, withCompanyFacts } from "./company-facts.ts";
import { homePageSchema, homeShape, shippedHomePage } from "./home-page.ts";
import { checkPageFields, fieldsOfBody } from "./page-words.ts";

describe("the home page's words", () => {
  it("ships the words the page showed before, passing their schema as stored", () => {
    expect(JSON.stringify(homePageSchema.parse(shippedHomePage))).toBe(JSON.stringify(shippedHomePage));
    expect(shippedHomePage.hero.title).toBe("Your Complete Facilities Partner");
    expect(shippedHomePage.meta.title).toBe("Facilities Management and Staffing in Manchester");
    expect(shippedHomePage.hero.intro).toContain(`replies within ${site.claims.replyWithin}.`);
  });

  it("refuses a heading past its limit and an empty text, by the field", () => {
    const typed = fieldsOfBody(homeShape, shippedHomePage);
    typed.texts["hero.title"] = "h".repeat(81);
    typed.texts["hero.intro"] = "";
    const checked = checkPageFields(homeShape, homePageSchema, typed);
    expect(checked.ok ? {} : checked.problems).toEqual({
      "hero.title": "The heading must be 80 characters or fewer.",
      "hero.intro": "Enter the text under the heading.",
    });
  });

  it("keeps the badge and the sections' headings as words, the region read from the company's details", () => {
    const { meta, hero } = shippedHomePage;
    const before = homePageSchema.parse({ meta, hero });
    expect(before.badge).toBe("Professional Facilities Management");
    expect(before.sections.services.heading).toBe("Our Services");
    const intro = withCompanyFacts(before.sections.trust.intro, shippedCompany);
    expect(intro).toBe(
      `A registered company with the cover your contracts ask for, working in every borough of ${shippedCompany.areasServed.region}.`,
    );
  });
});
