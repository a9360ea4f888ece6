// The About page's words as site content: the shipped words pass their schema and are the words the page
// showed before; the texts' and cards' limits, the lists' sizes and the icons are refused by the field
// with a message; markup is kept as plain text; the form's moves change the cards as typed; and the search
// result is cut where a search engine cuts it.
import { describe, expect, it } from "vitest";
import { site } from "../config/site.ts";
import { aboutIconWords, aboutPageSchema, aboutShape, shippedAboutPage } from "./about-page.ts";
import { homePageSchema, shippedHomePage } from "./home-page.ts";
import {
  checkPageFields,
  claimWordsOf,
  cutForSearch,
  fieldsFromForm,
  fieldsOfBody,
  movePageCard,
  pageCardMoveOf,
  pageChanges,
  paragraphsOf,
  searchLimits,
} from "./page-words.ts";
import { needsApprovalOf } from "./pages.ts";

const fields = () => fieldsOfBody(aboutShape, shippedAboutPage);
const check = (typed: ReturnType<typeof fields>) => checkPageFields(aboutShape, aboutPageSchema, typed);

describe("the About page's words", () => {
  it("ships words that pass their schema, as stored (field order included)", () => {
    const parsed = aboutPageSchema.parse(shippedAboutPage);
    expect(JSON.stringify(parsed)).toBe(JSON.stringify(shippedAboutPage));
  });

  it("ships the words the page showed before they were content", () => {
    expect(shippedAboutPage.meta.title).toBe("About Us");
    expect(shippedAboutPage.meta.description).toBe(
      `Who we are: a Manchester facilities and staffing company with over ${site.claims.yearsExperience} years of experience behind it, looking after local businesses.`,
    );
    expect(shippedAboutPage.hero.title).toBe(`About ${site.brand}`);
    expect(shippedAboutPage.values.map((card) => card.title)).toEqual([
      "Excellence",
      "Reliability",
      "People-First",
      "Innovation",
    ]);
    expect(shippedAboutPage.quality.map((card) => [card.title, card.icon])).toEqual([
      ["Quality Management", "clipboard-check"],
      ["Compliance Standards", "file-check"],
      ["Service Reliability", "users"],
    ]);
  });

  it("reads back from the form exactly what it shows", () => {
    const shown = fields();
    const flat = new Map<string, string>(Object.entries(shown.texts));
    for (const [list, cards] of Object.entries(shown.lists)) {
      cards.forEach((card, index) => {
        for (const [part, value] of Object.entries(card)) flat.set(`${list}.${index}.${part}`, value);
      });
    }
    const posted = fieldsFromForm(aboutShape, (name) => flat.get(name) ?? null);
    expect(check(posted)).toEqual({ ok: true, value: shippedAboutPage });
  });

  it("refuses a title or description past its hard limit, and an empty heading, by the field", () => {
    const typed = fields();
    typed.texts["meta.title"] = "x".repeat(5000);
    typed.texts["meta.description"] = "y".repeat(searchLimits.description.max + 1);
    typed.texts["hero.title"] = "   ";
    typed.texts["hero.intro"] = "Line\u0000break";
    const checked = check(typed);
    expect(checked.ok ? {} : checked.problems).toEqual({
      "meta.title": "The title in search results must be 120 characters or fewer.",
      "meta.description": "The description in search results must be 320 characters or fewer.",
      "hero.title": "Enter the heading.",
      "hero.intro": "The text under the heading must be on one line, without special control characters.",
    });
  });

  it("saves a title and description longer than a search result shows (the editor warns instead)", () => {
    const typed = fields();
    typed.texts["meta.title"] = "t".repeat(searchLimits.title.shown + 10);
    typed.texts["meta.description"] = "d".repeat(searchLimits.description.shown + 10);
    expect(check(typed).ok).toBe(true);
  });

  it("refuses each card's problem by its field, and more cards than the row holds", () => {
    const typed = fields();
    typed.lists.values = [
      { title: "", text: "Words.", icon: "award" },
      { title: "Reliability", text: "x".repeat(161), icon: "banknote" },
      { title: "Reliability", text: "Words.", icon: "lightbulb" },
    ];
    const checked = check(typed);
    expect(checked.ok ? {} : checked.problems).toEqual({
      "values.0.title": "Enter the card's title.",
      "values.1.text": "The card's text must be 160 characters or fewer.",
      "values.1.icon": "Choose an icon from the list.",
      "values.2.title": "Another card in this list has this title: give each its own.",
    });
    const many = fields();
    many.lists.quality = Array.from({ length: 4 }, (_, index) => ({
      title: `Check ${index}`,
      text: "Words.",
      icon: "users",
    }));
    const tooMany = check(many);
    expect(tooMany.ok ? {} : tooMany.problems).toEqual({
      "quality.0.title": "Quality Assurance holds at most 3 cards.",
    });
    const none = fields();
    none.lists.values = [];
    const tooFew = check(none);
    expect(tooFew.ok ? {} : tooFew.problems).toEqual({ "values.0.title": "Keep at least one value." });
  });

  it("keeps markup as the plain text typed (the page draws it as text, escaped)", () => {
    const typed = fields();
    typed.texts["hero.title"] = "<script>alert(1)</script> & <b>us</b>";
    const checked = check(typed);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value.hero.title).toBe("<script>alert(1)</script> & <b>us</b>");
  });

  it("moves a card up and down, removes one and adds a blank one, within the list's ends and limits", () => {
    const start = fields();
    const up = movePageCard(aboutShape, start, { list: "values", index: 1, move: "up" });
    expect(up.lists.values?.map((card) => card.title)).toEqual([
      "Reliability",
      "Excellence",
      "People-First",
      "Innovation",
    ]);
    expect(movePageCard(aboutShape, start, { list: "values", index: 3, move: "down" })).toEqual(start);
    expect(movePageCard(aboutShape, start, { list: "quality", move: "add" })).toEqual(start);
    expect(pageCardMoveOf(aboutShape, "quality:2:up")).toEqual({ list: "quality", index: 2, move: "up" });
    expect(pageCardMoveOf(aboutShape, "benefits:1:up")).toBeNull();
  });

  it("says what changed, text by text and card by card", () => {
    const after = structuredClone(shippedAboutPage);
    after.hero.title = "Who we are";
    after.values[0] = {
      ...after.values[0],
      text: "Done properly.",
      icon: "award",
    } as (typeof after.values)[0];
    expect(pageChanges(aboutShape, aboutIconWords, shippedAboutPage, after)).toEqual([
      { field: "Heading", before: `About ${site.brand}`, after: "Who we are" },
      {
        field: "Our Values, card 1",
        before: `Excellence: ${shippedAboutPage.values[0]?.text} (Award (excellence))`,
        after: "Excellence: Done properly. (Award (excellence))",
      },
    ]);
  });
});

describe("the About page's claims as words", () => {
  it("ships the claims the page showed before, in code", () => {
    expect(shippedAboutPage.facts.experience).toBe(`Over ${site.claims.yearsExperience} years of experience`);
    expect(paragraphsOf(shippedAboutPage.story.text)).toHaveLength(2);
    expect(paragraphsOf(shippedAboutPage.story.text)[0]).toContain(
      `over ${site.claims.yearsExperience} years of experience`,
    );
    expect(shippedAboutPage.figures).toEqual({
      first: { number: "100%", label: "Client Satisfaction" },
      second: { number: "24/7", label: "Support Available" },
    });
    expect(shippedAboutPage.promise.map((card) => [card.title, card.icon])).toEqual([
      [`A reply within ${site.claims.replyWithin}`, "message-square-text"],
      ["Cover when it matters", "timer"],
      ["Straight answers", "handshake"],
    ]);
  });

  it("reads a version saved before the claims were words with the claims as shipped", () => {
    const { meta, hero, values, quality } = shippedAboutPage;
    expect(aboutPageSchema.parse({ meta, hero, values, quality })).toEqual(shippedAboutPage);
    const { meta: homeMeta, hero: homeHero } = shippedHomePage;
    expect(homePageSchema.parse({ meta: homeMeta, hero: homeHero })).toEqual(shippedHomePage);
  });

  it("keeps the story's paragraphs, typed with a browser's line ends, and refuses 5,000 characters", () => {
    const typed = fields();
    typed.texts["story.text"] = "First paragraph,\r\non two lines.\r\n\r\nSecond paragraph.";
    const checked = check(typed);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(paragraphsOf(checked.value.story.text)).toEqual([
      "First paragraph, on two lines.",
      "Second paragraph.",
    ]);
    typed.texts["story.text"] = "s".repeat(5_000);
    const refused = check(typed);
    expect(refused.ok ? {} : refused.problems).toEqual({
      "story.text": "The story must be 2000 characters or fewer.",
    });
  });

  it("needs a second person when a claim's words change, and not for a plain heading", () => {
    const published = aboutPageSchema.parse(shippedAboutPage);
    const change = (edit: (page: typeof published) => void) => {
      const after = structuredClone(published);
      edit(after);
      return needsApprovalOf("page", "about", { before: published, after });
    };
    expect(
      change((page) => {
        page.hero.title = "Who we are";
      }),
    ).toBe(false);
    expect(
      change((page) => {
        page.story.heading = "How we started";
      }),
    ).toBe(false);
    expect(
      change((page) => {
        page.facts.experience = "Over 2 years of experience";
      }),
    ).toBe(true);
    expect(
      change((page) => {
        page.figures.first.number = "99%";
      }),
    ).toBe(true);
    expect(
      change((page) => {
        page.story.text = "Founded in {founded}.";
      }),
    ).toBe(true);
    expect(change((page) => page.promise.reverse())).toBe(true);
    // A version saved before the claims were words judges as the shipped claims it reads.
    const { meta, hero, values, quality } = shippedAboutPage;
    expect(
      needsApprovalOf("page", "about", {
        before: { meta, hero, values, quality },
        after: { ...published, hero: { ...hero, title: "Who we are" } },
      }),
    ).toBe(false);
    // The home page's assurances and reasons are claims too; the Careers page has none.
    const home = homePageSchema.parse(shippedHomePage);
    expect(
      needsApprovalOf("page", "home", {
        before: home,
        after: { ...home, assurances: { ...home.assurances, third: "Insured" } },
      }),
    ).toBe(true);
    expect(
      needsApprovalOf("page", "home", {
        before: home,
        after: { ...home, hero: { ...home.hero, title: "Hi" } },
      }),
    ).toBe(false);
    expect(claimWordsOf(aboutShape, published)).toContain("Over 15 years");
    expect(needsApprovalOf("page", "careers", { before: {}, after: {} })).toBe(false);
  });
});

describe("a search result's words", () => {
  it("cuts at the last whole word before the length shown, with an ellipsis", () => {
    expect(cutForSearch("Short title", 60)).toBe("Short title");
    const long = "Facilities management, cleaning and security staff for every Manchester business";
    const cut = cutForSearch(long, 60);
    expect(cut.length).toBeLessThanOrEqual(60);
    expect(cut).toBe("Facilities management, cleaning and security staff for…");
    expect(cutForSearch("x".repeat(100), 60)).toBe(`${"x".repeat(59)}…`);
    // A separator left at the cut goes with it.
    expect(
      cutForSearch("Facilities Management and Staffing in Manchester | Cottonopolis Facilities", 60),
    ).toBe("Facilities Management and Staffing in Manchester…");
  });
});
