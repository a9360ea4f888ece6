import cleaning from "~/assets/artwork/cleaning.svg?raw";
import homeHero from "~/assets/artwork/home-hero.svg?raw";
import housekeeping from "~/assets/artwork/housekeeping.svg?raw";
import security from "~/assets/artwork/security.svg?raw";
import steward from "~/assets/artwork/steward.svg?raw";
import warehouse from "~/assets/artwork/warehouse.svg?raw";
import { inlineSvg } from "~/lib/inline-svg";
import type { Artwork } from "./types";

/**
 * Every picture on the site. The artwork is SVG of a kilobyte or two, drawn inline: no picture waits
 * for a request of its own. To use a photo, drop it into `app/assets/artwork/`, import it here (a plain
 * import gives its URL) and give the entry `src` in place of `svg`; for raster files add `srcSet` and
 * `sizes` with AVIF or WebP widths.
 */
export const artwork = {
  homeHero: {
    svg: inlineSvg(homeHero),
    alt: "Illustration of Manchester mill buildings and offices at dusk",
    width: 640,
    height: 480,
  },
  cleaning: {
    svg: inlineSvg(cleaning),
    alt: "Illustration of a spotless office building beside a cleaning spray bottle",
    width: 640,
    height: 480,
  },
  security: {
    svg: inlineSvg(security),
    alt: "Illustration of a shield with a tick in front of city buildings",
    width: 640,
    height: 480,
  },
  housekeeping: {
    svg: inlineSvg(housekeeping),
    alt: "Illustration of a freshly made bed with a stack of folded towels",
    width: 640,
    height: 480,
  },
  warehouse: {
    svg: inlineSvg(warehouse),
    alt: "Illustration of warehouse racking stocked with boxes and a forklift truck",
    width: 640,
    height: 480,
  },
  steward: {
    svg: inlineSvg(steward),
    alt: "Illustration of an event steward in a high-visibility vest in front of a stadium",
    width: 640,
    height: 480,
  },
} satisfies Record<string, Artwork>;
