import { describe, expect, it } from "vitest";
import { serviceLinks } from "#core/config/navigation.ts";
import { serviceList, servicePath } from "#core/config/service-list.ts";
import { serviceOptions } from "#core/forms/contact-schema.ts";
import { publicPages, serviceJsonLd } from "#core/seo.ts";
import routes from "../../routes";
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
});

describe("the one list of services", () => {
  const paths = serviceList.map(servicePath);

  it("names five services with their own paths", () => {
    expect(serviceList).toHaveLength(5);
    expect(new Set(paths).size).toBe(5);
  });

  it("gives the cards their titles and links, in its order", () => {
    expect(serviceCardList.map((card) => [card.title, card.href])).toEqual(
      serviceList.map((service) => [service.name, servicePath(service)]),
    );
  });

  it("gives the footer its service links", () => {
    expect(serviceLinks).toEqual(serviceList.map((s) => ({ name: s.name, href: servicePath(s) })));
  });

  it("gives each service a route, to the page module named after its slug", () => {
    for (const service of serviceList) {
      const route = routes.find((candidate) => candidate.path === `services/${service.slug}`);
      expect(route?.file, service.slug).toBe(`routes/services.${service.slug}.tsx`);
    }
  });

  it("gives the contact form its service options, then maintenance and more than one", () => {
    expect(serviceOptions.map((option) => option.value)).toEqual([
      ...serviceList.map((service) => service.enquiry),
      "maintenance",
      "multiple",
    ]);
    expect(serviceOptions[0]).toEqual({ value: "cleaning", label: "Professional cleaning" });
  });

  it("gives the sitemap and the JSON-LD every service page", () => {
    for (const service of serviceList) {
      expect(publicPages).toContain(servicePath(service));
      expect(serviceJsonLd(servicePath(service), "x")?.name).toBe(service.name);
    }
  });
});
