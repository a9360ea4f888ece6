import { site } from "#core/config/site.ts";
import { shippedContactPage } from "#core/content/contact-page.ts";
import hero from "~/assets/artwork/contact-hero.svg?raw";
import { svgArtwork } from "~/lib/inline-svg";
import type { PageMeta } from "./types";

/**
 * What the Contact page keeps in code: its picture, the specification's fixed words and the map's. Its
 * title, description, hero, the cards' headings and texts and "Find Our Office"'s text and directions are
 * site content (core/content/contact-page.ts); the shipped words are the ones the page shows until staff
 * publish.
 */
export const contact = {
  meta: shippedContactPage.meta satisfies PageMeta,
  hero: { image: svgArtwork(hero) },
  // The specification names the cards' actions (Call Now, Send Email) and the "Find Our Office" heading.
  phone: { action: "Call Now" },
  email: { action: "Send Email" },
  form: { id: "contact-form" },
  findUs: {
    id: "find-our-office",
    heading: "Find Our Office",
    showMap: "Show map",
    mapNote: `The map comes from ${site.map.name} and loads only when you ask for it.`,
    openMap: `Open in ${site.map.name}`,
  },
};
