import { describe, expect, it } from "vitest";
import { site } from "../config/site.ts";
import { packageLine, prefillFrom, quoteHref } from "./contact-prefill.ts";

describe("what a link can choose for the contact form", () => {
  it("links to the form with the service, and the package, in its address", () => {
    expect(quoteHref("cleaning")).toBe("/contact?service=cleaning#contact-form");
    expect(quoteHref("steward", "Professional Plus")).toBe(
      "/contact?service=steward&package=Professional+Plus#contact-form",
    );
  });

  it("takes a service the form offers, Maintenance too, and names a known package with its price", () => {
    expect(prefillFrom(new URLSearchParams("service=maintenance"))).toEqual({ service: "maintenance" });
    const [essential] = site.stewardTiers;
    expect(packageLine(essential?.name ?? "")).toBe(
      `Package: Essential (from ${essential?.price}${essential?.unit})`,
    );
    expect(prefillFrom(new URLSearchParams("package=Premium"))).toEqual({
      service: "steward",
      message: "Package: Premium (Custom pricing)\n\n",
      "quote.steward.package": "premium",
    });
  });

  it("chooses the package in the steward questions' service level as well", () => {
    expect(prefillFrom(new URLSearchParams("service=steward&package=Professional+Plus"))).toMatchObject({
      service: "steward",
      "quote.steward.package": "professional-plus",
    });
    // A package asked of a service with no such question only names it in the message.
    expect(prefillFrom(new URLSearchParams("service=cleaning&package=Essential"))).toEqual({
      service: "cleaning",
      message: "Package: Essential (from £16/hour)\n\n",
    });
  });

  it("takes nothing the site does not offer", () => {
    expect(prefillFrom(new URLSearchParams("service=plumbing&package=Free+money"))).toEqual({});
    expect(prefillFrom(new URLSearchParams("service=%3Cscript%3E"))).toEqual({});
  });
});
