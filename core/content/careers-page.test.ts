// The Careers page's words as site content: the shipped words pass their own schema; each card's limits,
// its icon, the lists' sizes and the titles' uniqueness are refused by the field with a message; and the
// form's moves (up, down, remove, add) change the cards as typed, never past a list's ends or limits.
import { describe, expect, it } from "vitest";
import { careersPageSchema, shippedCareersPage } from "./careers-page.ts";
import {
  checkPageFields,
  fieldsOfBody,
  movePageCard,
  type PageCardMove,
  type PageFields,
  pageCardMoveOf,
  pageChanges,
} from "./page-words.ts";
import { pageWords } from "./pages.ts";

const { shape, iconWords } = pageWords.careers;
type Lists = { benefits: PageFields["lists"][string]; values: PageFields["lists"][string] };
/** The form's cards, by list, as the Careers page's tests read them. */
const fields = (): Lists => fieldsOfBody(shape, shippedCareersPage).lists as Lists;
const shippedTexts = fieldsOfBody(shape, shippedCareersPage).texts;
const careersPageFromFields = (lists: Lists, texts = shippedTexts) =>
  checkPageFields(shape, careersPageSchema, { texts, lists });
const moveCard = (lists: Lists, move: PageCardMove) =>
  movePageCard(shape, { texts: shippedTexts, lists }, move).lists as Lists;
const cardMoveOf = (value: string) => pageCardMoveOf(shape, value);
const careersPageChanges = (before: unknown, after: unknown) => pageChanges(shape, iconWords, before, after);

describe("the Careers page's words", () => {
  it("ships words that pass their schema, as stored (field order included)", () => {
    const parsed = careersPageSchema.parse(shippedCareersPage);
    expect(JSON.stringify(parsed)).toBe(JSON.stringify(shippedCareersPage));
  });

  it("refuses each card's problem by its field, with a message", () => {
    const typed = fields();
    typed.benefits[0] = { title: "x".repeat(41), text: "", icon: "rocket" };
    typed.benefits[1] = {
      ...typed.benefits[2],
      title: typed.benefits[2]?.title ?? "",
      text: "Line\nbreak",
      icon: "clock",
    };
    const checked = careersPageFromFields(typed);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems).toMatchObject({
      "benefits.0.title": "The title must be 40 characters or fewer.",
      "benefits.0.text": "Enter the card's text.",
      "benefits.0.icon": "Choose an icon from the list.",
      "benefits.1.text": "The text must be on one line, without special control characters.",
      "benefits.2.title": "Another card in this list has this title: give each its own.",
    });
  });

  it("holds at most what two rows take, and at least one card", () => {
    const many = fields();
    many.values = Array.from({ length: 7 }, (_, index) => ({
      title: `Value ${index}`,
      text: "Words.",
      icon: "star",
    }));
    const tooMany = careersPageFromFields(many);
    expect(tooMany.ok ? {} : tooMany.problems).toEqual({
      "values.0.title": "Our Values holds at most 6 cards.",
    });
    const none = { ...fields(), benefits: [] };
    const tooFew = careersPageFromFields(none);
    expect(tooFew.ok ? {} : tooFew.problems).toEqual({ "benefits.0.title": "Keep at least one benefit." });
  });

  it("moves a card up and down, removes one and adds a blank one, within the list's ends and limits", () => {
    const start = fields();
    const up = moveCard(start, { list: "benefits", index: 3, move: "up" });
    expect(up.benefits.map((card) => card.title)).toEqual([
      "Competitive Compensation",
      "Training & Development",
      "Supportive Environment",
      "Flexible Working",
    ]);
    expect(moveCard(start, { list: "benefits", index: 0, move: "up" })).toEqual(start);
    expect(moveCard(start, { list: "values", index: 2, move: "down" })).toEqual(start);
    expect(moveCard(start, { list: "values", index: 0, move: "remove" }).values).toHaveLength(2);
    const added = moveCard(start, { list: "values", move: "add" });
    expect(added.values.at(-1)).toEqual({ title: "", text: "", icon: "" });
    let full = start;
    for (let i = 0; i < 10; i++) full = moveCard(full, { list: "benefits", move: "add" });
    expect(full.benefits).toHaveLength(8);
    expect(cardMoveOf("benefits:3:up")).toEqual({ list: "benefits", index: 3, move: "up" });
    expect(cardMoveOf("values:add")).toEqual({ list: "values", move: "add" });
    expect(cardMoveOf("services:1:up")).toBeNull();
  });

  it("says which cards differ between two versions, card by card", () => {
    const changed = careersPageFromFields(moveCard(fields(), { list: "benefits", index: 3, move: "up" }));
    if (!changed.ok) throw new Error("a move broke the page");
    expect(careersPageChanges(shippedCareersPage, changed.value).map((change) => change.field)).toEqual([
      "Why Join Our Team, card 3",
      "Why Join Our Team, card 4",
    ]);
  });

  it("keeps the title, hero and headings as words: a version saved before reads them as shipped", () => {
    const { benefits, values } = shippedCareersPage;
    expect(careersPageSchema.parse({ benefits, values })).toEqual(shippedCareersPage);
    const checked = careersPageFromFields(fields(), {
      ...shippedTexts,
      "meta.title": "x".repeat(5_000),
      "sections.whyJoin.heading": " ",
    });
    expect(checked.ok ? {} : checked.problems).toEqual({
      "meta.title": "The title in search results must be 120 characters or fewer.",
      "sections.whyJoin.heading": "Enter the heading of Why Join Our Team.",
    });
  });
});
