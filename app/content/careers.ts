import { site } from "#core/config/site.ts";
import hero from "~/assets/artwork/careers-hero.svg?raw";
import { svgArtwork } from "~/lib/inline-svg";
import type { PageMeta } from "./types";

export const careers = {
  meta: {
    title: "Careers",
    description:
      "Cleaning, security, housekeeping, warehouse and event stewarding jobs in Greater Manchester, with fair pay, training and flexible shifts.",
  } satisfies PageMeta,
  hero: {
    badge: "Careers",
    image: svgArtwork(hero),
    title: "Work With Us",
    intro: `Join a Manchester team that pays fairly, trains properly and treats people well. We are always looking for reliable cleaners, security officers, housekeepers, warehouse workers and event stewards, and we reply to every application within ${site.claims.replyWithin}.`,
  },
  whyJoin: {
    id: "why-join",
    heading: "Why Join Our Team",
    intro: "What you can expect when you work with us.",
    // Its cards are site content: core/content/careers-page.ts (the shipped words) and /staff/content.
  },
  values: {
    id: "our-values",
    heading: "Our Values",
    intro: "What we ask of each other, and what you can ask of us.",
    // Its cards are site content: core/content/careers-page.ts (the shipped words) and /staff/content.
  },
  application: {
    id: "application-form",
  },
};
