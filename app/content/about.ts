import hero from "~/assets/artwork/about-hero.svg?raw";
import { svgArtwork } from "~/lib/inline-svg";
import { serviceCardList } from "./services/cards";

export const about = {
  // The title, description, hero's heading, text and years, the story, the figures, the promise and the
  // values' and quality cards are site content (core/content/about-page.ts): the route reads them from
  // its loader. What stays here is the page's frame, and the words no claim or edit reaches.
  hero: {
    badge: "About Us",
    image: svgArtwork(hero),
  },
  story: { id: "our-story" },
  promise: { id: "our-promise" },
  whatWeDo: {
    id: "what-we-do",
    heading: "What We Do",
    intro: "Five services, each run by a manager who has done the job.",
    cards: serviceCardList,
  },
  values: {
    id: "our-values",
    heading: "Our Values",
  },
  quality: {
    id: "quality-assurance",
    heading: "Quality Assurance",
    intro: "How we make sure the standard you agreed is the standard you get.",
  },
  cta: {
    heading: "Let us look after your building",
    text: "Tell us what you need and a manager who knows the work will be in touch.",
  },
};
