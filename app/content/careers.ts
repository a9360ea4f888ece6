import hero from "~/assets/artwork/careers-hero.svg?raw";
import { svgArtwork } from "~/lib/inline-svg";

export const careers = {
  // The title, description, hero's words, the sections' headings and introductions and their cards are
  // site content (core/content/careers-page.ts): the route reads them from its loader. What stays here is
  // the page's frame.
  hero: { image: svgArtwork(hero) },
  whyJoin: { id: "why-join" },
  values: { id: "our-values" },
  application: {
    id: "application-form",
  },
};
