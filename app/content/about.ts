import hero from "~/assets/artwork/about-hero.svg?raw";
import { svgArtwork } from "~/lib/inline-svg";
import { serviceCardList } from "./services/cards";

export const about = {
  // Every word of the page is site content (core/content/about-page.ts): the route reads them from its
  // loader. What stays here is the page's frame: its anchors, its artwork and the services' cards, whose
  // words are each service page's.
  hero: { image: svgArtwork(hero) },
  story: { id: "our-story" },
  promise: { id: "our-promise" },
  whatWeDo: { id: "what-we-do", cards: serviceCardList },
  values: { id: "our-values" },
  quality: { id: "quality-assurance" },
};
