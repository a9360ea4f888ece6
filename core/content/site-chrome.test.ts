// The header and footer's words as site content: the shipped words pass their schema and are the words the
// footer showed before; a text past its limit or empty is refused by its field.
import { describe, expect, it } from "vitest";
import { site } from "../config/site.ts";
import { checkPageFields, fieldsOfBody } from "./page-words.ts";
import { chromeShape, shippedSiteChrome, siteChromeSchema } from "./site-chrome.ts";

describe("the header and footer's words", () => {
  it("ships the words the footer showed before, passing their schema as stored", () => {
    expect(JSON.stringify(siteChromeSchema.parse(shippedSiteChrome))).toBe(JSON.stringify(shippedSiteChrome));
    expect(shippedSiteChrome.footer.blurb).toBe(site.blurb);
    expect(shippedSiteChrome.footer.rights).toBe("All rights reserved.");
  });

  it("refuses 5,000 characters and an empty heading, by the field", () => {
    const typed = fieldsOfBody(chromeShape, shippedSiteChrome);
    typed.texts["footer.blurb"] = "x".repeat(5000);
    typed.texts["footer.servicesHeading"] = "";
    const checked = checkPageFields(chromeShape, siteChromeSchema, typed);
    expect(checked.ok ? {} : checked.problems).toEqual({
      "footer.blurb": "The text about the company must be 300 characters or fewer.",
      "footer.servicesHeading": "Enter the services column's heading.",
    });
  });
});
