/**
 * The five service pages' words as site content (the kind `page`, one item per service, keyed
 * `service-<slug>`): the title and description a search result shows, the hero's badge, heading and
 * text, each section's heading, introduction and items, and the closing call to action. Which sections a
 * page has, of which kind and in which order, is code (a service page's structure, below): staff change
 * words, choose icons from the page's own set, reorder, add and remove items within what the layout
 * holds, and cannot add a section or a service. The words the site shipped with are in
 * ./service-words.ts. See docs/decisions/039-service-pages-as-site-content.md.
 */
import { type ServiceKey, serviceList } from "../config/service-list.ts";
import { site } from "../config/site.ts";
import { z } from "../forms/zod.ts";
import { heroLimits } from "./about-page.ts";
import {
  type ItemKind,
  optionalWordsText,
  type PageList,
  type PageShape,
  type PageText,
  pageListSchema,
  searchLimits,
  wordsText,
} from "./page-words.ts";

/** The icons the service pages' cards draw: the ones they drew before their words became content. */
export const serviceIconWords = {
  accessibility: "Accessibility (access)",
  "badge-check": "Badge and tick (checked)",
  "bed-double": "Double bed (rooms)",
  boxes: "Boxes (stock)",
  building: "Building (site)",
  "building-2": "Office block (offices)",
  "calendar-clock": "Calendar and clock (fixed term)",
  car: "Car (patrols, parking)",
  "circle-help": "Question mark (information)",
  "clipboard-check": "Clipboard and tick (checks)",
  "clipboard-list": "Clipboard and list (one contact)",
  clock: "Clock (time)",
  "concierge-bell": "Concierge bell (reception)",
  droplets: "Droplets (washrooms)",
  forklift: "Forklift (driving)",
  "hand-heart": "Hand and heart (care)",
  "hard-hat": "Hard hat (safety)",
  "heart-handshake": "Heart and handshake (trust)",
  home: "House (homes)",
  "key-round": "Key (key holding)",
  leaf: "Leaf (eco)",
  megaphone: "Megaphone (events)",
  "package-check": "Parcel and tick (picking)",
  "party-popper": "Party popper (events)",
  radio: "Radio (support)",
  "scan-barcode": "Barcode scanner (stock)",
  "shield-check": "Shield and tick (security)",
  shirt: "Shirt (laundry)",
  "shopping-bag": "Shopping bag (retail)",
  sparkles: "Sparkles (clean)",
  "spray-can": "Spray can (specialist)",
  star: "Star (quality)",
  ticket: "Ticket (entry)",
  timer: "Timer (fast)",
  truck: "Lorry (dispatch)",
  "user-check": "Person and tick (vetted)",
  "user-cog": "Person and cog (supervision)",
  "user-plus": "Person and plus (permanent)",
  users: "People (team)",
  "utensils-crossed": "Knife and fork (hospitality)",
} as const;
export type ServiceIcon = keyof typeof serviceIconWords;

/** A service page's section kinds, as ../../app/components/sections/service-page.tsx draws them. */
export type ServiceSectionKind = "cards" | "tags" | "checklist" | "steps" | "stats" | "tiers";

/**
 * One section of a service page as code fixes it: where its words sit in the body (`name`), how the form
 * names it, its kind, its anchor on the page, and how many items its layout holds.
 */
export type ServiceSectionSpec = {
  name: string;
  label: string;
  kind: ServiceSectionKind;
  id: string;
  /** The item the form adds ("role", "industry"). */
  one: string;
  min: number;
  max: number;
  /** Cards and tiers: the most bullets an item shows. */
  bullets?: number;
};

/** A service page's structure: its sections in order, and the icons its cards may choose. */
export type ServiceStructure = {
  sections: readonly ServiceSectionSpec[];
  icons: readonly [ServiceIcon, ...ServiceIcon[]];
};

/** The most bullets a service card or a tier shows: the most the design draws. */
export const mostBullets = 4;

const cards = (name: string, label: string, id: string, one: string, bullets?: number) =>
  ({ name, label, kind: "cards", id, one, min: 1, max: bullets ? 4 : 6, bullets }) as const;
const tags = (name: string, label: string, id: string, one: string) =>
  ({ name, label, kind: "tags", id, one, min: 1, max: 8 }) as const;
const checklist = (name: string, label: string, id: string) =>
  ({ name, label, kind: "checklist", id, one: "line", min: 1, max: 8 }) as const;
const steps = (name: string, label: string, id: string) =>
  ({ name, label, kind: "steps", id, one: "step", min: 3, max: 5 }) as const;
const stats = (name: string, id: string) =>
  ({ name, label: "The figures", kind: "stats", id, one: "figure", min: 2, max: 3 }) as const;
const why = cards("why", "Reasons to choose us", "why-choose", "reason");

/** Each service page's structure (code: adding a section or a service is a developer's job). */
export const serviceStructures = {
  cleaning: {
    sections: [
      cards("services", "The services", "cleaning-services", "service", mostBullets),
      tags("industries", "The industries", "industries", "industry"),
      steps("process", "The process", "process"),
      why,
    ],
    icons: ["building-2", "sparkles", "droplets", "spray-can", "users", "leaf", "clipboard-check"],
  },
  securityOfficers: {
    sections: [
      cards("solutions", "The services", "security-solutions", "service"),
      tags("specialisations", "The specialisations", "specialisations", "specialisation"),
      checklist("compliance", "Licensing and compliance", "compliance"),
      stats("figures", "security-figures"),
      why,
    ],
    icons: [
      "shield-check",
      "concierge-bell",
      "car",
      "key-round",
      "party-popper",
      "shopping-bag",
      "user-check",
      "radio",
      "badge-check",
      "building",
    ],
  },
  housekeeping: {
    sections: [
      cards("roles", "The roles", "housekeeping-roles", "role"),
      tags("sectors", "The sectors", "sectors", "sector"),
      steps("recruitment", "The recruitment process", "recruitment"),
      stats("figures", "housekeeping-figures"),
      why,
    ],
    icons: [
      "bed-double",
      "sparkles",
      "shirt",
      "home",
      "building-2",
      "user-cog",
      "star",
      "clock",
      "heart-handshake",
      "clipboard-list",
    ],
  },
  warehouse: {
    sections: [
      cards("roles", "The roles", "warehouse-roles", "role"),
      tags("industries", "The industries", "industries", "industry"),
      checklist("skills", "The skills", "skills"),
      stats("figures", "warehouse-figures"),
      cards("models", "The staffing models", "staffing-models", "model", 3),
      why,
    ],
    icons: [
      "package-check",
      "forklift",
      "truck",
      "scan-barcode",
      "boxes",
      "users",
      "timer",
      "user-plus",
      "calendar-clock",
      "hard-hat",
      "clipboard-check",
    ],
  },
  steward: {
    sections: [
      cards("roles", "The roles", "steward-roles", "role"),
      tags("events", "The events", "event-types", "event"),
      checklist("training", "The training", "training"),
      stats("figures", "steward-figures"),
      {
        name: "levels",
        label: "The service levels",
        kind: "tiers",
        id: "service-levels",
        one: "level",
        min: 1,
        max: site.stewardTiers.length,
        bullets: mostBullets,
      },
      why,
    ],
    icons: [
      "users",
      "ticket",
      "utensils-crossed",
      "car",
      "circle-help",
      "accessibility",
      "shield-check",
      "hand-heart",
      "megaphone",
    ],
  },
} as const satisfies Record<ServiceKey, ServiceStructure>;

/** A service page's item key: `service-<slug>`, beside `careers`, `about` and `home`. */
export const servicePageKeys = {
  cleaning: "service-cleaning",
  securityOfficers: "service-security-officers",
  housekeeping: "service-housekeeping",
  warehouse: "service-warehouse",
  steward: "service-steward",
} as const satisfies Record<ServiceKey, `service-${string}`>;
export type ServicePageKey = (typeof servicePageKeys)[ServiceKey];

/** The longest each of a service page's own texts may be: what the hero, a section and the closing band hold. */
export const serviceTextLimits = {
  badge: 40,
  heading: 60,
  intro: 200,
  ctaHeading: 60,
  ctaText: 200,
  cardText: 160,
} as const;

/** The service's card on the home and About pages: its features, of which the home page shows the first few. */
const cardFeatures: PageList = {
  list: "card.features",
  heading: "The service's card",
  one: "feature",
  min: 1,
  max: 6,
  columns: 3,
  item: "tag",
};

const itemKinds: Record<ServiceSectionKind, ItemKind> = {
  cards: "card",
  tags: "tag",
  checklist: "tag",
  steps: "step",
  stats: "stat",
  tiers: "tier",
};

/** A section's list as the page words' form reads it. */
function listOf(section: ServiceSectionSpec): PageList {
  return {
    list: `${section.name}.items`,
    heading: section.label,
    one: section.one,
    min: section.min,
    max: section.max,
    columns: section.kind === "cards" ? (section.bullets ? 2 : 3) : 3,
    item: itemKinds[section.kind],
    ...(section.bullets ? { bullets: section.bullets } : {}),
    // A figure ("24/7", "48-hour placement") is a claim a buyer could hold the company to.
    ...(section.kind === "stats" ? { claim: true } : {}),
  };
}

const searchTexts: readonly PageText[] = [
  {
    field: "meta.title",
    label: "Title in search results",
    max: searchLimits.title.max,
    warnAbove: searchLimits.title.shown,
    description: `The page's title in search results and browser tabs; " | ${site.brand}" is added after it.`,
    lines: "one",
  },
  {
    field: "meta.description",
    label: "Description in search results",
    max: searchLimits.description.max,
    warnAbove: searchLimits.description.shown,
    description: "One or two sentences a search result shows under the title.",
    lines: "several",
  },
];

/** A service page's form: its texts (search, hero, each section's heading and introduction, the close) and its lists. */
export function serviceShape(structure: ServiceStructure): PageShape {
  const texts: PageText[] = [
    ...searchTexts,
    {
      field: "hero.badge",
      label: "Badge above the heading",
      max: serviceTextLimits.badge,
      description: "A few words in the pill above the heading.",
      lines: "one",
    },
    {
      field: "hero.title",
      label: "Heading",
      max: heroLimits.title,
      description: "The page's main heading, at the top.",
      lines: "one",
    },
    {
      field: "hero.intro",
      label: "Text under the heading",
      max: heroLimits.intro,
      description: `At most ${heroLimits.intro} characters.`,
      lines: "several",
    },
  ];
  texts.push({
    field: "card.text",
    label: "The service's card: text",
    max: serviceTextLimits.cardText,
    description: "The sentence under the service's name on its card on the home and About pages.",
    lines: "several",
  });
  for (const section of structure.sections) {
    texts.push(
      {
        field: `${section.name}.heading`,
        label: `${section.label}: heading`,
        max: serviceTextLimits.heading,
        description: "The section's heading.",
        lines: "one",
      },
      {
        field: `${section.name}.intro`,
        label: `${section.label}: introduction`,
        max: serviceTextLimits.intro,
        description: "A sentence under the heading; leave it empty for none.",
        lines: "several",
        optional: true,
      },
    );
  }
  texts.push(
    {
      field: "cta.heading",
      label: "Closing call to action: heading",
      max: serviceTextLimits.ctaHeading,
      description: "The question in the band at the foot of the page.",
      lines: "one",
    },
    {
      field: "cta.text",
      label: "Closing call to action: text",
      max: serviceTextLimits.ctaText,
      description: "A sentence under it, before the buttons.",
      lines: "several",
    },
  );
  return { texts, lists: [cardFeatures, ...structure.sections.map(listOf)], icons: structure.icons };
}

/** The package names the contact form knows (core/forms/contact-prefill.ts): a tier keeps one of them. */
const packageNames = site.stewardTiers.map((tier) => tier.name) as [string, ...string[]];

/** A service page's words as stored in a version and shown by the page: the schema of its structure. */
export function serviceSchema(structure: ServiceStructure) {
  const sections: Record<string, z.ZodType> = {};
  for (const section of structure.sections) {
    sections[section.name] = z.object({
      heading: wordsText(`heading of ${section.label.toLowerCase()}`, serviceTextLimits.heading),
      intro: optionalWordsText(`introduction of ${section.label.toLowerCase()}`, serviceTextLimits.intro),
      items: pageListSchema(
        listOf(section),
        structure.icons,
        section.kind === "tiers" ? packageNames : undefined,
      ),
    });
  }
  return z.object({
    meta: z.object({
      title: wordsText("title in search results", searchLimits.title.max),
      description: wordsText("description in search results", searchLimits.description.max),
    }),
    hero: z.object({
      badge: wordsText("badge", serviceTextLimits.badge),
      title: wordsText("heading", heroLimits.title),
      intro: wordsText("text under the heading", heroLimits.intro),
    }),
    card: z.object({
      text: wordsText("card's text", serviceTextLimits.cardText),
      features: pageListSchema(cardFeatures),
    }),
    ...sections,
    cta: z.object({
      heading: wordsText("closing heading", serviceTextLimits.ctaHeading),
      text: wordsText("closing text", serviceTextLimits.ctaText),
    }),
  });
}

/** A card of a service page, as stored. */
export type ServiceCardWords = { title: string; text: string; icon: ServiceIcon; bullets?: string[] };
/** A tier of a service page, as stored. */
export type ServiceTierWords = {
  name: string;
  price: string;
  unit?: string;
  text: string;
  bullets: string[];
  highlighted: boolean;
};
/** A section's words, as stored: its heading, its optional introduction and its items. */
export type ServiceSectionWords<Item> = { heading: string; intro?: string; items: Item[] };

/** The items a section of each kind holds, as stored. */
export type ServiceItemWords = {
  cards: ServiceCardWords;
  tags: string;
  checklist: string;
  steps: { title: string; text: string };
  stats: { figure: string; label: string };
  tiers: ServiceTierWords;
};

/** A service page's words, as stored and shown: the page's own texts and each section by its name. */
export type ServicePageWords = {
  meta: { title: string; description: string };
  hero: { badge: string; title: string; intro: string };
  /** The service's card on the home and About pages (its name, address, colours and picture stay code). */
  card: { text: string; features: string[] };
  cta: { heading: string; text: string };
} & { [section: string]: ServiceSectionWords<ServiceItemWords[ServiceSectionKind]> | unknown };

/** Every service page's words, in the order the site presents the services. */
export type ServicePages = Record<ServiceKey, ServicePageWords>;

/** The service a page key names, or undefined. */
export function serviceOfPageKey(key: string): ServiceKey | undefined {
  return serviceList.find((service) => servicePageKeys[service.key] === key)?.key;
}
