// The five service pages' words as site content: the shipped words pass their own page's schema as
// stored; the form's fields read back exactly what they show, for every kind of item (cards with
// bullets, lines, steps, figures, tiers); moves keep each list within what its layout holds; and the
// check names each problem by its field, refusing a 5,000-character text, an empty required one and a
// tier the contact form does not know.
import { describe, expect, it } from "vitest";
import { serviceList } from "../config/service-list.ts";
import {
  checkPageFields,
  fieldsFromForm,
  fieldsOfBody,
  movePageCard,
  type PageFields,
  pageCardMoveOf,
  pageChanges,
} from "./page-words.ts";
import { needsApprovalOf, pageWords } from "./pages.ts";
import { serviceIconWords, servicePageKeys } from "./service-pages.ts";
import { shippedServicePages } from "./service-words.ts";

const specOf = (key: (typeof serviceList)[number]["key"]) => pageWords[servicePageKeys[key]];
const cleaning = specOf("cleaning");
const steward = specOf("steward");
const fields = (spec = cleaning, key: "cleaning" | "steward" = "cleaning") =>
  fieldsOfBody(spec.shape, shippedServicePages[key]);
const check = (typed: PageFields, spec = cleaning) => checkPageFields(spec.shape, spec.schema, typed);

/** The form's fields as a browser posts them: each text, and each item's parts by their names. */
function posted(shown: PageFields): Map<string, string> {
  const flat = new Map<string, string>(Object.entries(shown.texts));
  for (const [list, items] of Object.entries(shown.lists)) {
    items.forEach((item, index) => {
      for (const [part, value] of Object.entries(item)) {
        // An unticked box is not posted.
        if (part === "highlighted" && value === "") continue;
        flat.set(`${list}.${index}.${part}`, value);
      }
    });
  }
  return flat;
}

describe("the service pages' words", () => {
  it("ship words that pass their own page's schema, as stored (field order included)", () => {
    for (const service of serviceList) {
      const parsed = specOf(service.key).schema.parse(shippedServicePages[service.key]);
      expect(JSON.stringify(parsed), service.key).toBe(JSON.stringify(shippedServicePages[service.key]));
    }
  });

  it("read back from the form exactly what they show, for every kind of item", () => {
    for (const service of serviceList) {
      const spec = specOf(service.key);
      const flat = posted(fieldsOfBody(spec.shape, shippedServicePages[service.key]));
      const typed = fieldsFromForm(spec.shape, (name) => flat.get(name) ?? null);
      const checked = checkPageFields(spec.shape, spec.schema, typed);
      expect(checked.ok && JSON.stringify(checked.value), service.key).toBe(
        JSON.stringify(shippedServicePages[service.key]),
      );
    }
  });

  it("name a card's bullets, a tier's parts and a line by the field they are posted under", () => {
    const shown = fields(steward, "steward");
    expect(shown.lists["levels.items"]?.[1]).toEqual({
      name: "Professional Plus",
      price: "£18",
      unit: "/hour",
      text: "Experienced teams with supervision for busy venues and regular fixtures.",
      highlighted: "yes",
      "bullets.0": "Everything in Essential",
      "bullets.1": "A dedicated supervisor on site",
      "bullets.2": "Radio-equipped team",
      "bullets.3": "Post-event report",
    });
    expect(shown.lists["events.items"]?.[0]).toEqual({ text: "Football and rugby matches" });
    expect(shown.lists["figures.items"]?.[0]).toEqual({ figure: "48hr", label: "Team Confirmation" });
  });

  it("refuse a 5,000-character heading and an empty section heading, by the field", () => {
    const typed = fields();
    typed.texts["hero.title"] = "x".repeat(5000);
    typed.texts["process.heading"] = "  ";
    const checked = check(typed);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems["hero.title"]).toBe("The heading must be 80 characters or fewer.");
    expect(checked.problems["process.heading"]).toBe("Enter the heading of the process.");
  });

  it("refuse an over-long bullet, an empty line and a duplicate step, by the field; keep an empty introduction as none", () => {
    const typed = fields();
    const services = typed.lists["services.items"] ?? [];
    (services[0] as Record<string, string>)["bullets.1"] = "y".repeat(5000);
    (typed.lists["industries.items"]?.[2] as Record<string, string>).text = "";
    const steps = typed.lists["process.items"] ?? [];
    (steps[3] as Record<string, string>).title = "site assessment";
    typed.texts["industries.intro"] = "";
    const checked = check(typed);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems).toEqual({
      "services.items.0.bullets.1": "The bullet must be 60 characters or fewer.",
      "industries.items.2.text": "Enter the line.",
      "process.items.3.title": "Another step in this list has this title: give each its own.",
    });
    // Without the other problems, an empty introduction is stored as none.
    const fine = fields();
    fine.texts["industries.intro"] = " ";
    const saved = check(fine);
    expect(saved.ok && (saved.value as { industries: { intro?: string } }).industries.intro).toBe(undefined);
  });

  it("refuse a tier the contact form does not offer, and a figure too long for its box", () => {
    const typed = fields(steward, "steward");
    (typed.lists["levels.items"]?.[0] as Record<string, string>).name = "Gold";
    (typed.lists["figures.items"]?.[0] as Record<string, string>).figure = "Forty-eight hours";
    const checked = check(typed, steward);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems["levels.items.0.name"]).toBe(
      "Name the tier as the contact form knows it: Essential, Professional Plus, Premium.",
    );
    expect(checked.problems["figures.items.0.figure"]).toBe("The figure must be 10 characters or fewer.");
  });

  it("move, add and remove items within what each list's layout holds", () => {
    const shape = cleaning.shape;
    expect(pageCardMoveOf(shape, "industries.items:0:down")).toEqual({
      list: "industries.items",
      index: 0,
      move: "down",
    });
    expect(pageCardMoveOf(shape, "values:add")).toBe(null);
    const moved = movePageCard(shape, fields(), { list: "industries.items", index: 0, move: "down" });
    expect(moved.lists["industries.items"]?.slice(0, 2)).toEqual([
      { text: "Healthcare and dental practices" },
      { text: "Offices and co-working spaces" },
    ]);
    // The process shows at least three steps; the services at most four cards, each with four blank bullets.
    let typed = fields();
    typed = movePageCard(shape, typed, { list: "process.items", index: 0, move: "remove" });
    expect(typed.lists["process.items"]).toHaveLength(3);
    typed = movePageCard(shape, typed, { list: "process.items", index: 0, move: "remove" });
    expect(typed.lists["process.items"]).toHaveLength(3);
    typed = movePageCard(shape, typed, { list: "services.items", move: "add" });
    expect(typed.lists["services.items"]).toHaveLength(4);
    const why = movePageCard(shape, typed, { list: "why.items", move: "add" });
    expect(why.lists["why.items"]?.[3]).toEqual({ title: "", text: "", icon: "" });
  });

  it("say what a version changes in words, a line by its place", () => {
    const after = structuredClone(shippedServicePages.cleaning) as unknown as {
      industries: { items: string[] };
    };
    after.industries.items[1] = "Dental surgeries";
    expect(pageChanges(cleaning.shape, serviceIconWords, shippedServicePages.cleaning, after)).toEqual([
      {
        field: "The industries, industry 2",
        before: "Healthcare and dental practices",
        after: "Dental surgeries",
      },
    ]);
  });

  it("send a change to a page's figures for a second person's approval, and publish other words directly", () => {
    const before = shippedServicePages.securityOfficers;
    const figures = structuredClone(before) as unknown as { figures: { items: { figure: string }[] } };
    (figures.figures.items[0] as { figure: string }).figure = "99%";
    const hero = { ...before, hero: { ...before.hero, title: "Security Officers You Can Rely On" } };
    const key = servicePageKeys.securityOfficers;
    expect(needsApprovalOf("page", key, { before, after: figures })).toBe(true);
    expect(needsApprovalOf("page", key, { before, after: hero })).toBe(false);
  });
});
