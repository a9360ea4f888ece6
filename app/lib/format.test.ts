import { describe, expect, it } from "vitest";
import { site } from "#core/config/site.ts";
import { hoursText, tierPrice, visibleFeatures } from "./format";

describe("visibleFeatures", () => {
  const features = ["a", "b", "c", "d", "e", "f"];

  it("shows the first bullets up to the limit and counts the rest", () => {
    expect(visibleFeatures(features, 3)).toEqual({ shown: ["a", "b", "c"], more: 3 });
  });

  it("counts one left over for a four-item list", () => {
    expect(visibleFeatures(features.slice(0, 4), 3)).toEqual({ shown: ["a", "b", "c"], more: 1 });
  });

  it("reports nothing more when the list fits", () => {
    expect(visibleFeatures(["a", "b"], 3)).toEqual({ shown: ["a", "b"], more: 0 });
    expect(visibleFeatures(["a", "b", "c"], 3)).toEqual({ shown: ["a", "b", "c"], more: 0 });
  });

  it("treats a zero or negative limit as showing none", () => {
    expect(visibleFeatures(["a", "b"], 0)).toEqual({ shown: [], more: 2 });
    expect(visibleFeatures(["a", "b"], -1)).toEqual({ shown: [], more: 2 });
  });
});

describe("hoursText", () => {
  it("spells out short hour claims", () => {
    expect(hoursText("48hr")).toBe("48 hours");
    expect(hoursText("24hr")).toBe("24 hours");
    expect(hoursText("1hr")).toBe("1 hour");
  });

  it("leaves other text alone", () => {
    expect(hoursText("24 hours")).toBe("24 hours");
    expect(hoursText("24/7")).toBe("24/7");
  });
});

describe("tierPrice", () => {
  it("reads the steward tiers from the site configuration as the specification words them", () => {
    expect(site.stewardTiers.map(tierPrice)).toEqual(["from £16/hour", "from £18/hour", "Custom pricing"]);
  });
});
