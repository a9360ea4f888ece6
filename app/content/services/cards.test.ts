import { describe, expect, it } from "vitest";
import { serviceLinks } from "../navigation";
import { serviceCardList } from "./cards";
import { services } from "./index";

describe("service cards", () => {
  it("are the service pages' own cards, in the same order", () => {
    expect(serviceCardList).toEqual(services.map((service) => service.card));
  });

  it("list as features the titles of each page's service cards", () => {
    for (const service of services) {
      const section = service.sections.find((candidate) => candidate.kind === "cards");
      expect(section, service.card.href).toBeDefined();
      const titles = section && "items" in section ? section.items.map((item) => item.title) : [];
      expect(service.card.features, service.card.href).toEqual(titles);
    }
  });

  it("are the footer's service links, by the same names and in the same order", () => {
    // navigation.ts repeats the names so the footer, on every page, does not pull in the cards' artwork.
    expect(serviceLinks).toEqual(serviceCardList.map((card) => ({ name: card.title, href: card.href })));
  });
});
