/**
 * The shipped samples the site still shows, each with where it is replaced: its own edit page in Site
 * content, an accreditation's or a case study's.
 */
import type { CaseStudy } from "../case-studies/model.ts";
import { currentAccreditations } from "../claims/accreditations.ts";
import type { Accreditation } from "../config/accreditations.ts";
import { contentItemPath, contentKey } from "../content/model.ts";
import type { SampleShown } from "./checks.ts";

/** Every sample shown at `now`: the current accreditations marked `sample`, then the sample case studies. */
export function samplesShown(input: {
  accreditations: readonly Accreditation[];
  caseStudies: readonly CaseStudy[];
  now: number;
}): SampleShown[] {
  const accreditations = currentAccreditations(input.now, input.accreditations)
    .filter((item) => item.sample)
    .map(
      (item): SampleShown => ({
        kind: "accreditation",
        name: item.scheme,
        edit: {
          href: contentItemPath("accreditation", contentKey(item.scheme)),
          label: "Replace it in Site content",
        },
      }),
    );
  const caseStudies = input.caseStudies
    .filter((item) => item.sample)
    .map(
      (item): SampleShown => ({
        kind: "case study",
        name: item.title,
        edit: { href: contentItemPath("case-study", item.slug), label: "Replace it in Site content" },
      }),
    );
  return [...accreditations, ...caseStudies];
}
