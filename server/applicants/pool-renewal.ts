/**
 * The talent pool asks again: some days before a member's agreement to be kept on file runs out
 * (applicants.poolAskDaysBefore), they get one e-mail asking whether to stay, with the one-click "Keep me
 * on file" on their own page. No answer means they leave the pool when the agreement runs out, and the
 * purge deletes them as the retention rules say.
 *
 * Run in every process (the "pool-renewal" lease keeps it to one at a time); each e-mail is in any case
 * queued at most once per agreement, by the conditional UPDATE of `pool_asked_at` in the transaction
 * that queues it. An agreement given or renewed after that question is a new one, and is asked again.
 */
import { applicantSections } from "#core/applicant-page.ts";
import { applicants } from "#core/config/applicants.ts";
import { type Period, retention } from "#core/config/retention.ts";
import { site } from "#core/config/site.ts";
import { type CompanyFacts, shippedCompany } from "#core/content/company-facts.ts";
import { formatDate } from "#core/leads/model.ts";
import { describePeriod } from "#core/retention-periods.ts";
import type { Database } from "../db/database.ts";
import {
  type ApplicantLinks,
  applicantAction,
  applicantEnding,
  greeting,
  type QueuedMail,
} from "../delivery/emails.ts";
import { enqueueEmail } from "../delivery/outbox.ts";
import { createLeasedJob, type LeasedJob } from "../jobs/leased-job.ts";
import type { Logger } from "../observability/logger.ts";
import { markPoolAsked, poolToAsk } from "../tables/leads/pool.ts";
import { consentEnds, periodBounds } from "./pool.ts";

const dayMs = 24 * 60 * 60 * 1000;

/** How often the pool is looked over: the question is due by the day, so hourly is soon enough. */
export const poolRenewalPollMs = 60 * 60 * 1000;

/** The renewal job: started and stopped with the server; `runOnce` resolves with how many e-mails it queued. */
export type PoolRenewal = LeasedJob;

export type PoolRenewalOptions = {
  db: Database;
  logger: Logger;
  applicantLinks: ApplicantLinks;
  /** The recruitment inbox (APPLICATIONS_TO): where an answer by e-mail goes. */
  replyTo: string;
  pollMs?: number;
  /** The clock; tests move it. */
  clock?: () => number;
  /** Called when e-mails were queued, so the delivery queue sends them at once. */
  onQueued?: () => void;
  /** How long an agreement lasts; the retention config's unless a test says otherwise. */
  period?: Period;
  /** The company's facts published now (Site content), for the sign-off's phone. */
  company?: () => CompanyFacts;
};

/** The question, for one member whose agreement (given at `agreedAt`) runs out at `endsAt`. */
export function renewalMail(
  member: {
    reference: string;
    linkNonce: string;
    firstName: string;
    email: string;
    agreedAt: number;
    endsAt: number;
  },
  links: ApplicantLinks,
  replyTo: string,
  now: number,
  period: Period = retention.applications.futureRoles,
  company: CompanyFacts = shippedCompany,
): QueuedMail {
  const link = links(member, now);
  const ends = formatDate(member.endsAt);
  const privacy = `${new URL(link.url).origin}/privacy`;
  const choose = `${link.url}#${applicantSections.talentPool}`;
  return {
    purpose: "pool-renewal",
    to: member.email,
    replyTo,
    subject: `Shall we keep you on file for future roles? (${member.reference})`,
    body: [
      greeting(member.firstName),
      "",
      `On ${formatDate(member.agreedAt)} you agreed that ${site.brand} could keep your application (${member.reference}) on file and tell you about suitable roles as they come up. That agreement runs out on ${ends}.`,
      "",
      `To stay on file for another ${describePeriod(period)}, open your page and choose "Keep me on file":`,
      choose,
      "",
      `If you do nothing, you leave our talent pool on ${ends} and we delete your details then, under our retention rules (${privacy}), unless we must keep your application longer for another reason.`,
      "",
      applicantEnding(
        link,
        ["Kind regards,", `The ${site.brand} team`, `${company.phone.display} · ${replyTo}`].join("\n"),
        true,
      ),
    ].join("\n"),
    action: applicantAction(choose, "Choose on your page"),
  };
}

/**
 * Queues the question for every member whose agreement runs out within the asking window and has not
 * been asked about it; never for spam or a withdrawn application, nor once the agreement has run out.
 * Resolves with how many it queued.
 */
export async function queueRenewals(
  db: Database,
  options: Pick<PoolRenewalOptions, "applicantLinks" | "replyTo" | "period" | "company">,
  now: number,
): Promise<number> {
  const period = options.period ?? retention.applications.futureRoles;
  const askBefore = applicants.poolAskDaysBefore * dayMs;
  const { shortest, longest } = periodBounds(period);
  // Narrowed in SQL to agreements that may be in their window; the calendar decides each one below.
  const candidates = await poolToAsk(db, now + askBefore - shortest, now - longest);
  let queued = 0;
  for (const candidate of candidates) {
    const agreedAt = Number(candidate.keep_consent_at);
    const endsAt = consentEnds(agreedAt, period);
    if (now < endsAt - askBefore || now >= endsAt) continue;
    const asked = await db.transaction(async (tx) => {
      // At most once per agreement: only the first to set pool_asked_at for it queues the e-mail.
      const member = await markPoolAsked(tx, candidate.reference, agreedAt, now);
      if (!member) return false;
      const mail = renewalMail(
        {
          reference: candidate.reference,
          linkNonce: member.link_nonce,
          firstName: member.first_name,
          email: member.email,
          agreedAt,
          endsAt,
        },
        options.applicantLinks,
        options.replyTo,
        now,
        period,
        options.company?.(),
      );
      await enqueueEmail(tx, candidate.reference, mail, now);
      return true;
    });
    if (asked) queued += 1;
  }
  return queued;
}

/** The talent pool's renewal question, run every hour in each process. */
export function createPoolRenewal(options: PoolRenewalOptions): PoolRenewal {
  const { db, logger, pollMs = poolRenewalPollMs, clock, onQueued } = options;
  return createLeasedJob({
    db,
    logger,
    name: "pool-renewal",
    pollMs,
    clock,
    onQueued,
    work: (now) => queueRenewals(db, options, now),
    failure: "talent pool renewal run failed; the next run tries again",
    logMessage: "talent pool renewal e-mails queued",
  });
}
