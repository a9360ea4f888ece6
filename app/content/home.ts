import { BadgeCheck, Clock, GraduationCap, ShieldCheck, Star, Users } from "lucide-react";
import { type ServiceKey, serviceList } from "#core/config/service-list.ts";
import { site } from "#core/config/site.ts";
import type { CompanyFacts } from "#core/content/company-facts.ts";
import { shippedHomePage } from "#core/content/home-page.ts";
// The service pictures under their own query: the home page's copies travel inside its own script, and
// each service page's (a plain `?raw`) inside that page's. Shared, each picture would be a script file of
// its own, and every script request costs about 1 KB of headers on top of the bytes.
import cleaning from "~/assets/artwork/cleaning.svg?raw&home";
import homeHero from "~/assets/artwork/home-hero.svg?raw";
import housekeeping from "~/assets/artwork/housekeeping.svg?raw&home";
import security from "~/assets/artwork/security.svg?raw&home";
import steward from "~/assets/artwork/steward.svg?raw&home";
import warehouse from "~/assets/artwork/warehouse.svg?raw&home";
import type { Artwork } from "~/lib/artwork";
import { svgArtwork } from "~/lib/inline-svg";
import { serviceCards } from "./services/cards";
import type { PageMeta, ServiceCard, ValueItem } from "./types";

/** The services' pictures: the home page is the one page that shows all five. */
const serviceArtwork: Record<ServiceKey, Artwork> = {
  cleaning: svgArtwork(cleaning),
  securityOfficers: svgArtwork(security),
  housekeeping: svgArtwork(housekeeping),
  warehouse: svgArtwork(warehouse),
  steward: svgArtwork(steward),
};

export const home = {
  // The title, description and hero's heading and text are site content (core/content/home-page.ts):
  // these are the shipped words, which the page shows until staff publish.
  meta: shippedHomePage.meta satisfies PageMeta,
  hero: {
    badge: "Professional Facilities Management",
    ...shippedHomePage.hero,
    image: svgArtwork(homeHero),
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
    cards: serviceList.map(
      (service): ServiceCard => ({ ...serviceCards[service.key], image: serviceArtwork[service.key] }),
    ),
  },
  trust: {
    id: "insured-and-local",
    heading: "Insured, Accountable and Local",
    /** Names the region served as the company's details publish it. */
    intro: (company: CompanyFacts) =>
      `A registered company with the cover your contracts ask for, working in every borough of ${company.areasServed.region}.`,
  },
  whyChoose: {
    id: "why-choose",
    heading: `Why Choose ${site.brand}`,
    intro: "The things facilities managers tell us matter most, done every day.",
    /** The emergency line as the company's details publish it. */
    items: (company: CompanyFacts): ValueItem[] => [
      {
        icon: Users,
        title: "Trained Professionals",
        description:
          "Every member of staff is interviewed, referenced and trained for the work before their first shift.",
      },
      {
        icon: Clock,
        title: "24/7 Availability",
        description: `${company.emergency} Our office team answers during business hours and replies within ${site.claims.replyWithin}.`,
      },
      {
        icon: BadgeCheck,
        title: "Quality Assured",
        description: "Supervisors check the work against a written plan and share the results with you.",
      },
    ],
  },
};
