/**
 * The shipped samples the site still shows, each with where it is edited: an accreditation in Site
 * content (its own edit page); a case study, which lives in code today, by its page and its file.
 */
import type { CaseStudy } from "../case-studies/model.ts";
import { caseStudyPath } from "../case-studies/paths.ts";
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
        edit: { href: caseStudyPath(item.slug), label: "See it on the site" },
        file: `core/case-studies/content/${item.slug}.ts`,
      }),
    );
  return [...accreditations, ...caseStudies];
}
