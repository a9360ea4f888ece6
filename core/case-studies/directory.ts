/**
 * The case studies' addresses and short names, newest first: all that every page's script needs of them
 * (the canonical link, the breadcrumbs, the list of pages to prerender and the sitemap), so the pages do not
 * carry the case studies themselves. `index.test.ts` holds it to the content files.
 */
import { caseStudyPath } from "./paths.ts";

export const caseStudyDirectory = [
  { slug: "trafford-park-distribution-centre", name: "Trafford Park distribution centre" },
  { slug: "stockport-medical-centre", name: "Stockport medical centre" },
  { slug: "heaton-park-summer-festival", name: "North Manchester family festival" },
  { slug: "salford-quays-office", name: "Salford Quays office building" },
  { slug: "ancoats-aparthotel", name: "Ancoats aparthotel" },
  { slug: "wigan-fulfilment-peak", name: "Wigan fulfilment centre at peak" },
] as const;

/** Every case study's address, newest first. */
export const caseStudyPaths = caseStudyDirectory.map((entry) => caseStudyPath(entry.slug));
