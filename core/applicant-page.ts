/**
 * Where an applicant's own page lives and how its link is read, shared by the server (which signs the
 * links and guards the page) and the page itself.
 */

import { applicantPagePath } from "./applicant-path.ts";

export { applicantPagePath };

/** The query parameter that carries the signed token. */
export const applicantLinkParameter = "link";

/** The page's address for a token: what its forms post to. */
export function applicantPageHref(token: string): string {
  return `${applicantPagePath}?${applicantLinkParameter}=${encodeURIComponent(token)}`;
}

/** The query parameter that shows the erasure's confirmation instead of the page (a GET: it changes nothing). */
export const eraseStep = { name: "step", value: "erase" } as const;

/** The intents the page's forms post, one change each. */
export const applicantIntents = {
  withdraw: "withdraw",
  replaceCv: "replace-cv",
  keepOnFile: "keep-on-file",
  leavePool: "leave-pool",
  answerInterview: "answer-interview",
  erase: "erase",
  freshLink: "fresh-link",
} as const;

/** What the erasure's confirmation sends with it (field `confirm`): without it, nothing is deleted. */
export const eraseConfirmation = "delete-everything";

/** The fragments of the page's sections, which e-mails may link to. */
export const applicantSections = {
  stage: "stage",
  interview: "interview",
  documents: "documents",
  talentPool: "talent-pool",
  withdraw: "withdraw",
  erase: "delete-your-details",
} as const;

/** The longest message "I need another time" takes. */
export const anotherTimeMaxLength = 500;
