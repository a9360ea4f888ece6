import { site } from "#core/config/site.ts";
import hero from "~/assets/artwork/contact-hero.svg?raw";
import { svgArtwork } from "~/lib/inline-svg";
import type { PageMeta } from "./types";

export const contact = {
  meta: {
    title: "Contact Us",
    description: `Call, e-mail or send us a message about cleaning, security, housekeeping, warehouse or steward staff. We reply within ${site.claims.replyWithin}.`,
  } satisfies PageMeta,
  hero: {
    badge: "Contact",
    image: svgArtwork(hero),
    title: "Get in Touch",
    intro: `Tell us what you need and we will reply within ${site.claims.replyWithin}. For anything urgent, call us.`,
  },
  phone: {
    heading: "Phone",
    text: "Speak to our office team during opening hours.",
    action: "Call Now",
  },
  email: {
    heading: "Email",
    text: `Send us the details and we will reply within ${site.claims.replyWithin}.`,
    action: "Send Email",
  },
  form: { id: "contact-form" },
  office: { heading: "Head Office" },
  hours: { heading: "Office Hours", emergencyHeading: "Emergency services" },
  findUs: {
    id: "find-our-office",
    heading: "Find Our Office",
    intro: "We are in the heart of Manchester city centre. Visitors are welcome by appointment.",
    gettingHereHeading: "Getting here",
    showMap: "Show map",
    mapNote: `The map comes from ${site.map.name} and loads only when you ask for it.`,
    openMap: `Open in ${site.map.name}`,
  },
};
