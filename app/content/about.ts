import { Handshake, MessageSquareText, Timer } from "lucide-react";
import { site } from "#core/config/site.ts";
import { shippedAboutPage } from "#core/content/about-page.ts";
import hero from "~/assets/artwork/about-hero.svg?raw";
import { hoursText } from "~/lib/format";
import { svgArtwork } from "~/lib/inline-svg";
import { serviceCardList } from "./services/cards";
import type { PageMeta, StatItem, ValueItem } from "./types";

export const about = {
  // The title, description, hero's heading and text, and the values' and quality cards are site content
  // (core/content/about-page.ts): these are the shipped words, which the page shows until staff publish.
  meta: shippedAboutPage.meta satisfies PageMeta,
  hero: {
    badge: "About Us",
    image: svgArtwork(hero),
    ...shippedAboutPage.hero,
    facts: [`Over ${site.claims.yearsExperience} years of experience`, `Founded ${site.claims.founded}`],
  },
  story: {
    id: "our-story",
    heading: "Our Story",
    paragraphs: [
      `${site.brand} was founded by people who had spent their careers running cleaning contracts, security teams and event crews around Manchester. Between us we bring over ${site.claims.yearsExperience} years of experience, and we kept hearing the same complaint from the businesses we worked with: too many suppliers, too many phone numbers, and nobody who owned the problem when a shift went unfilled.`,
      "So we built one company to do it properly. We recruit locally, train our people for the work in front of them, pay them fairly and keep them, because a team that stays is a team that knows your building. Our office is in the city centre, a short walk from Piccadilly Gardens, and our managers visit the sites they look after.",
    ],
  },
  promise: {
    id: "our-promise",
    heading: "Our Promise",
    items: [
      {
        icon: MessageSquareText,
        title: `A reply within ${site.claims.replyWithin}`,
        description: "Every enquiry is answered by a person who can act on it, not passed around.",
      },
      {
        icon: Timer,
        title: "Cover when it matters",
        description: `If someone cannot make a shift, we replace them, usually within ${hoursText(site.claims.replacement)}.`,
      },
      {
        icon: Handshake,
        title: "Straight answers",
        description:
          "Clear quotes, no hidden extras, and honest advice if another approach would suit you better.",
      },
    ] satisfies ValueItem[],
  },
  whatWeDo: {
    id: "what-we-do",
    heading: "What We Do",
    intro: "Five services, each run by a manager who has done the job.",
    cards: serviceCardList,
  },
  stats: [
    { number: site.claims.satisfaction, label: "Client Satisfaction" },
    { number: site.claims.support, label: "Support Available" },
  ] satisfies StatItem[],
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
