/**
 * The shipped case studies' addresses and short names, newest first: the pages prerendered at build time,
 * and their names in breadcrumbs. Case studies staff publish later are answered from the published content
 * (app/routes/case-study.tsx); the sitemap lists what is published. `index.test.ts` holds it to the files.
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
