import cleaning from "~/assets/artwork/cleaning.svg?no-inline";
import homeHero from "~/assets/artwork/home-hero.svg?no-inline";
import housekeeping from "~/assets/artwork/housekeeping.svg?no-inline";
import security from "~/assets/artwork/security.svg?no-inline";
import steward from "~/assets/artwork/steward.svg?no-inline";
import warehouse from "~/assets/artwork/warehouse.svg?no-inline";
import type { Artwork } from "./types";

/**
 * Every picture on the site. To use a photo, drop it into `app/assets/artwork/`, import it here
 * and update the entry (for raster files, add `srcSet`/`sizes` with AVIF or WebP widths).
 */
export const artwork = {
  homeHero: {
    src: homeHero,
    alt: "Illustration of Manchester mill buildings and offices at dusk",
    width: 640,
    height: 480,
  },
  cleaning: {
    src: cleaning,
    alt: "Illustration of a spotless office building beside a cleaning spray bottle",
    width: 640,
    height: 480,
  },
  security: {
    src: security,
    alt: "Illustration of a shield with a tick in front of city buildings",
    width: 640,
    height: 480,
  },
  housekeeping: {
    src: housekeeping,
    alt: "Illustration of a freshly made bed with a stack of folded towels",
    width: 640,
    height: 480,
  },
  warehouse: {
    src: warehouse,
    alt: "Illustration of warehouse racking stocked with boxes and a forklift truck",
    width: 640,
    height: 480,
  },
  steward: {
    src: steward,
    alt: "Illustration of an event steward in a high-visibility vest in front of a stadium",
    width: 640,
    height: 480,
  },
} satisfies Record<string, Artwork>;
