import { describe, expect, it } from "vitest";
import { parsePictureFile, pictureUrl, pictureWordsSchema, widthsFor, wordsFromForm } from "./model.ts";

describe("a picture's addresses and widths", () => {
  it("reads back the addresses it writes, and nothing else", () => {
    const url = pictureUrl("0123456789abcdef", 800, "avif");
    expect(url).toBe("/pictures/0123456789abcdef-800.avif");
    expect(parsePictureFile(url.slice("/pictures/".length))).toEqual({
      id: "0123456789abcdef",
      width: 800,
      format: "avif",
    });
    for (const file of [
      "0123456789abcdef-800.jpg",
      "0123456789ABCDEF-800.webp",
      "0123456789abcdef-0800.webp",
      "0123456789abcdef-800.webp/..",
      "0123456789abcde-800.webp",
      "0123456789abcdef-123456.webp",
    ])
      expect(parsePictureFile(file), file).toBeNull();
  });

  it("serves the widths no wider than the original, or the original's own when it is narrower than all", () => {
    expect(widthsFor(4000)).toEqual([480, 800, 1200, 1600]);
    expect(widthsFor(1000)).toEqual([480, 800]);
    expect(widthsFor(300)).toEqual([300]);
  });
});

describe("a picture's words", () => {
  it("needs alt text unless decorative, and keeps none when decorative", () => {
    expect(
      pictureWordsSchema.safeParse({ alt: " ", decorative: false, focalX: 50, focalY: 50 }).success,
    ).toBe(false);
    expect(pictureWordsSchema.parse({ alt: "A mop", decorative: true, focalX: "10", focalY: "90" })).toEqual({
      alt: "",
      decorative: true,
      focalX: 10,
      focalY: 90,
    });
    expect(
      pictureWordsSchema.parse({ alt: "  A  mop\n bucket ", decorative: false, focalX: 0, focalY: 100 }),
    ).toEqual({ alt: "A mop bucket", decorative: false, focalX: 0, focalY: 100 });
  });

  it("reads a form's check box and empty focal fields", () => {
    const form = new Map([
      ["alt", "A mop"],
      ["decorative", "on"],
      ["focalX", ""],
    ]);
    expect(wordsFromForm(form)).toEqual({ alt: "A mop", decorative: true, focalX: 50, focalY: 50 });
  });
});
