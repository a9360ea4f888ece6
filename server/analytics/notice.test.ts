import { describe, expect, it } from "vitest";
import { shippedCompany } from "#core/content/company-facts.ts";
import { privacySectionsOf } from "../../app/content/privacy.ts";
import { analyticsRetentionMonths } from "./store.ts";

describe("the privacy notice's section on visit counts", () => {
  const section = privacySectionsOf(shippedCompany).find((entry) => entry.id === "visit-counts");
  const text = (section?.blocks ?? [])
    .map((block) => ("paragraph" in block ? block.paragraph : "list" in block ? block.list.join(" ") : ""))
    .join(" ");

  it("promises the retention period the upkeep enforces", () => {
    expect(text).toContain(`delete them after ${analyticsRetentionMonths} months`);
  });

  it("says what is counted, that nothing identifies a visitor, and how to object", () => {
    for (const promise of [
      "no cookie",
      "utm_source",
      "phone, a tablet or a computer",
      "the page each was sent from",
      "We never store your IP address",
      "Global Privacy Control or Do Not Track",
      "not counted at all",
      // Each lead keeps its visit's source (lead_sources), and loses it with the lead.
      "the page you arrived on and the page you sent it from",
      "deleted with your enquiry or application",
      "nor is where you came from noted",
    ]) {
      expect(text).toContain(promise);
    }
  });
});
