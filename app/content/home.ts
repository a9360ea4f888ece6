import { BadgeCheck, Clock, GraduationCap, ShieldCheck, Star, Users } from "lucide-react";
import { artwork } from "./artwork";
import { serviceCardList } from "./services/cards";
import { site } from "./site";
import type { PageMeta, ValueItem } from "./types";

export const home = {
  meta: {
    title: "Facilities Management and Staffing in Manchester",
    description:
      "Cleaning, security officers, housekeeping, warehouse and steward staff for Manchester businesses. Trained, vetted people and one team to call.",
  } satisfies PageMeta,
  hero: {
    badge: "Professional Facilities Management",
    title: "Your Complete Facilities Partner",
    intro: `Cleaners, security officers, housekeepers, warehouse workers and event stewards for businesses across Greater Manchester, all from one team that answers the phone and replies within ${site.claims.replyWithin}.`,
    image: artwork.homeHero,
    assurances: [
      { icon: Clock, text: "24/7 Professional Service" },
      { icon: GraduationCap, text: "Fully Trained Staff" },
      { icon: ShieldCheck, text: "Comprehensive Insurance" },
      { icon: Star, text: "Quality Guaranteed" },
    ],
  },
  services: {
    id: "services",
    heading: "Our Services",
    intro: "Five services, one contract and one point of contact. Choose what you need and we will staff it.",
    cards: serviceCardList,
  },
  trust: {
    id: "insured-and-local",
    heading: "Insured, Accountable and Local",
    intro: `A registered company with the cover your contracts ask for, working in every borough of ${site.areasServed.region}.`,
  },
  whyChoose: {
    id: "why-choose",
    heading: `Why Choose ${site.brand}`,
    intro: "The things facilities managers tell us matter most, done every day.",
    items: [
      {
        icon: Users,
        title: "Trained Professionals",
        description:
          "Every member of staff is interviewed, referenced and trained for the work before their first shift.",
      },
      {
        icon: Clock,
        title: "24/7 Availability",
        description: `${site.emergency} Our office team answers during business hours and replies within ${site.claims.replyWithin}.`,
      },
      {
        icon: BadgeCheck,
        title: "Quality Assured",
        description: "Supervisors check the work against a written plan and share the results with you.",
      },
    ] satisfies ValueItem[],
  },
};
