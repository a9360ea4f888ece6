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

/**
 * The query parameter that shows a confirmation instead of the page, and its values: a GET, so following
 * it changes nothing. Each change that cannot be undone from the page asks first.
 */
export const confirmStep = {
  name: "step",
  erase: "erase",
  withdraw: "withdraw",
  leavePool: "leave-pool",
} as const;

/** A confirmation the page can show. */
export type ConfirmStep = (typeof confirmStep)["erase" | "withdraw" | "leavePool"];

/** The confirmation a step's value names, or null for none (or one the page does not know). */
export function confirmStepOf(value: string | null): ConfirmStep | null {
  const steps: readonly string[] = [confirmStep.erase, confirmStep.withdraw, confirmStep.leavePool];
  return value !== null && steps.includes(value) ? (value as ConfirmStep) : null;
}

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

/** What each confirmation sends with it (field `confirm`): without it, nothing changes. */
export const confirmations = {
  erase: "delete-everything",
  withdraw: "withdraw",
  leavePool: "leave-pool",
} as const;

/** The buttons that confirm, named again by the answer to a post that came without its confirmation. */
export const confirmButtons = {
  erase: "Yes, delete everything",
  withdraw: "Yes, withdraw",
  leavePool: "Yes, take me off file",
} as const;

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
