/**
 * Job alerts: how long each step lasts, and how often one mailbox, one network and the whole site may
 * sign up. The retention periods (an unconfirmed sign-up, an alert nobody renewed) live in retention.ts
 * with the others, so the purge and the privacy notice read them from one place.
 */
import type { Period } from "./retention.ts";

export type JobAlertsConfig = {
  /** How long the confirmation link in the first e-mail works (and an unconfirmed sign-up is kept). */
  confirmLinkDays: number;
  /** How long before an alert lapses the one renewal e-mail goes. */
  renewalAskBefore: Period;
  /**
   * Confirmation links one mailbox (however its address is spelt) may be sent in any 24 hours; more
   * sign-ups are answered the same, and send nothing. Every sign-up e-mail also spends from the
   * mailbox's daily budget shared with the forms' acknowledgements (server/leads/acknowledgements.ts).
   */
  confirmationsPerMailboxPerDay: number;
  /**
   * Sign-ups past the form's checks (each may send one e-mail) in an hour across the whole site, every
   * process together, so no more sign-up e-mails than this leave in an hour; more are refused with 429
   * and send nothing.
   */
  signUpsPerHour: number;
  /** Posts to the sign-up form one network may make in an hour; more are refused with 429. */
  signUpsPerNetworkPerHour: number;
  /** Posts to the links' pages (confirm, manage, leave) one network may make in an hour. */
  linkPostsPerNetworkPerHour: number;
  /**
   * Bounces an alert may have (each bounce, for good or for now, and each alert not sent because its
   * address is blocked) before it ends; a complaint ends it at once.
   */
  bouncesBeforeEnding: number;
};

export const jobAlerts = {
  confirmLinkDays: 7,
  renewalAskBefore: { months: 1 },
  confirmationsPerMailboxPerDay: 1,
  signUpsPerHour: 100,
  signUpsPerNetworkPerHour: 20,
  linkPostsPerNetworkPerHour: 60,
  bouncesBeforeEnding: 3,
} satisfies JobAlertsConfig;
