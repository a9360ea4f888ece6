import type { ServiceKey } from "#core/config/service-list.ts";
import {
  type ServiceCardWords,
  type ServiceItemWords,
  type ServicePageWords,
  type ServiceSectionKind,
  type ServiceSectionWords,
  type ServiceTierWords,
  serviceStructures,
} from "#core/content/service-pages.ts";
import { serviceIconOf } from "~/components/sections/service-icons";
import type { Artwork } from "~/lib/artwork";
import type { ServicePageContent, ServiceSection, ValueItem } from "../types";
import { serviceCards } from "./cards";

const card = (item: ServiceCardWords): ValueItem => ({
  icon: serviceIconOf(item.icon),
  title: item.title,
  description: item.text,
  ...(item.bullets ? { features: item.bullets } : {}),
});

const tier = (item: ServiceTierWords) => ({
  name: item.name,
  price: item.price,
  ...(item.unit ? { unit: item.unit } : {}),
  description: item.text,
  features: item.bullets,
  ...(item.highlighted ? { highlighted: true } : {}),
});

/** One section as the page draws it: its kind, anchor and order from the service's structure, its words from the content. */
function sectionOf(
  kind: ServiceSectionKind,
  id: string,
  words: ServiceSectionWords<ServiceItemWords[ServiceSectionKind]>,
): ServiceSection {
  const intro = { id, heading: words.heading, ...(words.intro ? { intro: words.intro } : {}) };
  switch (kind) {
    case "cards":
      return { ...intro, kind, items: (words.items as ServiceCardWords[]).map(card) };
    case "tags":
    case "checklist":
      return { ...intro, kind, items: words.items as string[] };
    case "steps":
      return {
        ...intro,
        kind,
        items: (words.items as ServiceItemWords["steps"][]).map(({ title, text }) => ({
          title,
          description: text,
        })),
      };
    case "stats":
      return {
        ...intro,
        kind,
        items: (words.items as ServiceItemWords["stats"][]).map(({ figure, label }) => ({
          number: figure,
          label,
        })),
      };
    case "tiers":
      return { ...intro, kind, items: (words.items as ServiceTierWords[]).map(tier) };
  }
}

/** A service page's sections as its components draw them, from its words (published, previewed or shipped). */
export function serviceSectionsOf(key: ServiceKey, words: ServicePageWords): ServiceSection[] {
  return serviceStructures[key].sections.map((section) =>
    sectionOf(
      section.kind,
      section.id,
      words[section.name] as ServiceSectionWords<ServiceItemWords[ServiceSectionKind]>,
    ),
  );
}

/**
 * A service page as its section components draw it: the structure (sections, their kinds, anchors and
 * order), the card, gradient and artwork from code, every word from the page's words (published, or as
 * shipped).
 */
export function servicePageContent(
  key: ServiceKey,
  words: ServicePageWords,
  image: Artwork,
): ServicePageContent {
  return {
    meta: words.meta,
    card: serviceCards[key],
    image,
    hero: words.hero,
    sections: serviceSectionsOf(key, words),
    cta: words.cta,
  };
}
