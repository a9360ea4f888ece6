import { describe, expect, it } from "vitest";
import { cardGrid } from "./card-grid.ts";

describe("a list of cards laid out for how many there are", () => {
  it("centres one card at a reading width, not in a column of a grid", () => {
    expect(cardGrid(1, 3)).toEqual({ list: "mx-auto max-w-3xl", item: "" });
    expect(cardGrid(1, 2).list).not.toContain("grid-cols");
  });

  it("puts two side by side at half each, whatever the columns", () => {
    expect(cardGrid(2, 3).item).toBe("w-full md:w-[calc((100%-1.5rem)/2)]");
    expect(cardGrid(2, 2).item).toBe(cardGrid(2, 3).item);
  });

  it("wraps three or more in centred rows, so a short last row sits in the middle", () => {
    const { list, item } = cardGrid(5, 3);
    expect(list).toContain("justify-center");
    expect(item).toContain("lg:w-[calc((100%-3rem)/3)]");
  });
});
