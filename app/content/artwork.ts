import aboutHero from "~/assets/artwork/about-hero.svg?raw";
import careersHero from "~/assets/artwork/careers-hero.svg?raw";
import cleaning from "~/assets/artwork/cleaning.svg?raw";
import contactHero from "~/assets/artwork/contact-hero.svg?raw";
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
    alt: "Illustration of our team in front of a city office: a cleaner, a housekeeper, a security officer, a warehouse operative and a steward",
    width: 640,
    height: 480,
  },
  aboutHero: {
    svg: inlineSvg(aboutHero),
    alt: "Illustration of two managers going through a site plan together at a table",
    width: 640,
    height: 480,
  },
  careersHero: {
    svg: inlineSvg(careersHero),
    alt: "Illustration of a supervisor welcoming a new member of the team, who holds a new uniform",
    width: 640,
    height: 480,
  },
  contactHero: {
    svg: inlineSvg(contactHero),
    alt: "Illustration of a member of our office team on a headset at a desk, answering an enquiry",
    width: 640,
    height: 480,
  },
  cleaning: {
    svg: inlineSvg(cleaning),
    alt: "Illustration of a cleaner mopping an office floor beside a bucket and a wet-floor sign",
    width: 640,
    height: 480,
  },
  security: {
    svg: inlineSvg(security),
    alt: "Illustration of a uniformed security officer with a radio at a building's reception",
    width: 640,
    height: 480,
  },
  housekeeping: {
    svg: inlineSvg(housekeeping),
    alt: "Illustration of a housekeeper carrying fresh towels past a made bed and a linen trolley",
    width: 640,
    height: 480,
  },
  warehouse: {
    svg: inlineSvg(warehouse),
    alt: "Illustration of a warehouse operative in a hard hat and high-visibility vest carrying a box past racking",
    width: 640,
    height: 480,
  },
  steward: {
    svg: inlineSvg(steward),
    alt: "Illustration of an event steward in a high-visibility vest showing visitors the way into a stadium",
    width: 640,
    height: 480,
  },
} satisfies Record<string, Artwork>;
