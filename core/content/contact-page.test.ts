// The Contact page's words as site content: the shipped words pass their schema and are the words the page
// showed before; a text past its limit or empty is refused by its field; the directions are one a line.
import { describe, expect, it } from "vitest";
import { site } from "../config/site.ts";
import { contactPageSchema, contactShape, linesOf, shippedContactPage } from "./contact-page.ts";
import { checkPageFields, fieldsOfBody } from "./page-words.ts";

describe("the Contact page's words", () => {
  it("ships the words the page showed before, passing their schema as stored", () => {
    expect(JSON.stringify(contactPageSchema.parse(shippedContactPage))).toBe(
      JSON.stringify(shippedContactPage),
    );
    expect(shippedContactPage.hero.title).toBe("Get in Touch");
    expect(shippedContactPage.phone.heading).toBe("Phone");
    expect(shippedContactPage.email.heading).toBe("Email");
    expect(shippedContactPage.office.heading).toBe("Head Office");
    expect(shippedContactPage.hours.heading).toBe("Office Hours");
    expect(linesOf(shippedContactPage.findUs.gettingHere)).toEqual(site.gettingHere);
  });

  it("refuses 5,000 characters and an empty text, by the field, and keeps the directions' lines", () => {
    const typed = fieldsOfBody(contactShape, shippedContactPage);
    typed.texts["phone.text"] = "x".repeat(5000);
    typed.texts["office.heading"] = "  ";
    typed.texts["findUs.gettingHere"] = "By tram: two stops.\n\n  By bus: one.  \n";
    const checked = checkPageFields(contactShape, contactPageSchema, typed);
    expect(checked.ok ? {} : checked.problems).toEqual({
      "phone.text": "The phone card's text must be 160 characters or fewer.",
      "office.heading": "Enter the office card's heading.",
    });
    typed.texts["phone.text"] = "Ring us.";
    typed.texts["office.heading"] = "Our Office";
    const saved = checkPageFields(contactShape, contactPageSchema, typed);
    expect(saved.ok && linesOf(saved.value.findUs.gettingHere)).toEqual([
      "By tram: two stops.",
      "By bus: one.",
    ]);
  });
});
