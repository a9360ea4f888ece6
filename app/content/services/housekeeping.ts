import type { ServicePageWords } from "#core/content/service-pages.ts";
import { shippedServicePages } from "#core/content/service-words.ts";
import picture from "~/assets/artwork/housekeeping.svg?raw";
import { svgArtwork } from "~/lib/inline-svg";
import type { ServicePageContent } from "../types";
import { servicePageContent } from "./page-content";

const image = svgArtwork(picture);

/** The page drawn from its words: the published ones in its route, the shipped ones elsewhere. */
export function housekeepingPage(words: ServicePageWords): ServicePageContent {
  return servicePageContent("housekeeping", words, image);
}

/** The page with the words it shipped with (core/content/service-words.ts). */
export const housekeeping = housekeepingPage(shippedServicePages.housekeeping);
