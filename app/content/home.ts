import { Clock, GraduationCap, ShieldCheck, Star } from "lucide-react";
import { type ServiceKey, serviceList } from "#core/config/service-list.ts";
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
import type { ServiceCard } from "./types";

/** The services' pictures: the home page is the one page that shows all five. */
const serviceArtwork: Record<ServiceKey, Artwork> = {
  cleaning: svgArtwork(cleaning),
  securityOfficers: svgArtwork(security),
  housekeeping: svgArtwork(housekeeping),
  warehouse: svgArtwork(warehouse),
  steward: svgArtwork(steward),
};

export const home = {
  // Every word of the page is site content (core/content/home-page.ts): the route reads them from its
  // loader. What stays here is the page's frame: its anchors, artwork and the services' cards, whose
  // words are each service page's.
  hero: {
    image: svgArtwork(homeHero),
    /** The assurances' icons, by place: the words are site content. */
    assuranceIcons: { first: Clock, second: GraduationCap, third: ShieldCheck, fourth: Star },
  },
  services: {
    id: "services",
    cards: serviceList.map(
      (service): ServiceCard => ({ ...serviceCards[service.key], image: serviceArtwork[service.key] }),
    ),
  },
  trust: { id: "insured-and-local" },
  whyChoose: { id: "why-choose" },
};
