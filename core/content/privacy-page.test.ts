// The privacy notice's words as site content: the shipped words pass their schema; prose is split into
// paragraphs on blank lines and lists into items by line; a text past its limit or empty is refused by its
// field; and every version of the notice needs a second person's approval, whatever it changes.
import { describe, expect, it } from "vitest";
import { checkPageFields, fieldsOfBody } from "./page-words.ts";
import { needsApprovalOf } from "./pages.ts";
import {
  itemsOf,
  paragraphsOf,
  privacyPageSchema,
  privacyShape,
  shippedPrivacyPage,
} from "./privacy-page.ts";

describe("the privacy notice's words", () => {
  it("ships words that pass their schema as stored, three paragraphs and seven rights where there were", () => {
    expect(JSON.stringify(privacyPageSchema.parse(shippedPrivacyPage))).toBe(
      JSON.stringify(shippedPrivacyPage),
    );
    expect(paragraphsOf(shippedPrivacyPage.recipients.text)).toHaveLength(3);
    expect(itemsOf(shippedPrivacyPage.rights.list)).toHaveLength(7);
  });

  it("reads paragraphs between blank lines and items by line, leaving out typed bullets", () => {
    expect(paragraphsOf("One\nline.\n \nTwo.\n\n\n")).toEqual(["One line.", "Two."]);
    expect(itemsOf("- first\n\n• second\nthird ")).toEqual(["first", "second", "third"]);
  });

  it("refuses 5,000 characters and an empty heading, by the field, keeping line breaks in prose", () => {
    const typed = fieldsOfBody(privacyShape, shippedPrivacyPage);
    typed.texts["recipients.text"] = "x".repeat(5000);
    typed.texts["rights.heading"] = "";
    // A text box posts its line breaks as "\r\n".
    typed.texts["changes.text"] = "First.\r\n\r\nSecond.";
    const checked = checkPageFields(privacyShape, privacyPageSchema, typed);
    expect(checked.ok ? {} : checked.problems).toEqual({
      "recipients.text": 'The text of "Who receives" must be 2500 characters or fewer.',
      "rights.heading": 'Enter the heading of "Your rights".',
    });
  });

  it("needs a second person's approval for every version, and no other page's words do", () => {
    const change = { before: shippedPrivacyPage, after: shippedPrivacyPage };
    expect(needsApprovalOf("page", "privacy", change)).toBe(true);
    expect(needsApprovalOf("page", "privacy")).toBe(true);
    expect(needsApprovalOf("page", "contact")).toBe(false);
    expect(needsApprovalOf("page", "site-chrome")).toBe(false);
  });
});
