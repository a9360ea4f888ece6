/**
 * Job alerts: how long each step lasts and how often one address may sign up. The retention periods
 * (an unconfirmed sign-up, an alert nobody renewed) live in retention.ts with the others, so the purge
 * and the privacy notice read them from one place.
 */
import type { Period } from "./retention.ts";

export type JobAlertsConfig = {
  /** How long the confirmation link in the first e-mail works (and an unconfirmed sign-up is kept). */
  confirmLinkDays: number;
  /** How long before an alert lapses the one renewal e-mail goes. */
  renewalAskBefore: Period;
  /** Sign-ups (new or changed) one e-mail address may make in a day; more are answered the same, and ignored. */
  signUpsPerAddressPerDay: number;
  /** Sign-ups one network may make in an hour; more are refused with 429. */
  signUpsPerNetworkPerHour: number;
  /** Posts to the links' pages (confirm, manage, leave) one network may make in an hour. */
  linkPostsPerNetworkPerHour: number;
};

export const jobAlerts = {
  confirmLinkDays: 7,
  renewalAskBefore: { months: 1 },
  signUpsPerAddressPerDay: 3,
  signUpsPerNetworkPerHour: 20,
  linkPostsPerNetworkPerHour: 60,
} satisfies JobAlertsConfig;
