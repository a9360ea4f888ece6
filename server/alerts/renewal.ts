/**
 * Job alerts' upkeep, hourly in every process (the "job-alert-renewal" lease keeps it to one at a time):
 * a month before a confirmed alert lapses, one e-mail asks whether to keep it ("Keep my alerts" on the
 * manage page); an alert nobody renewed within the period is deleted, and so is a sign-up nobody
 * confirmed within its days. Each question is queued at most once per period by the conditional UPDATE
 * of `renewal_asked_at` in the transaction that queues it; a renewal after the question starts a new
 * period, which is asked about again.
 */
import { jobAlerts } from "#core/config/job-alerts.ts";
import { type Period, retention } from "#core/config/retention.ts";
import { site } from "#core/config/site.ts";
import { type CompanyFacts, shippedCompany } from "#core/content/company-facts.ts";
import { formatDate } from "#core/leads/model.ts";
import { addPeriod } from "#core/retention-periods.ts";
import type { Database } from "../db/database.ts";
import { enqueueEmail } from "../delivery/outbox.ts";
import { createLeasedJob, type LeasedJob } from "../jobs/leased-job.ts";
import type { Logger } from "../observability/logger.ts";
import {
  alertReference,
  markRenewalAsked,
  renewedBy,
  unaskedRenewedBy,
  unconfirmedBy,
} from "../tables/job-alerts.ts";
import type { AlertLinks } from "./links.ts";
import { deleteAlert } from "./subscriptions.ts";

const dayMs = 24 * 60 * 60 * 1000;

/** The periods' bounds in ms (a month or a year varies): for narrowing in SQL before the calendar decides. */
function longest(period: Period): number {
  if ("days" in period) return period.days * dayMs;
  const months = "months" in period ? period.months : period.years * 12;
  return months * 31 * dayMs;
}

/** When an alert renewed at `renewedAt` lapses. */
export function alertLapsesAt(renewedAt: number, period: Period = retention.jobAlerts.unrenewed): number {
  return addPeriod(renewedAt, period);
}

/** When the renewal question for an alert that lapses at `lapsesAt` is due. */
function askFrom(lapsesAt: number, before: Period = jobAlerts.renewalAskBefore): number {
  if ("days" in before) return lapsesAt - before.days * dayMs;
  const months = "months" in before ? before.months : before.years * 12;
  const lapse = new Date(lapsesAt);
  return Date.UTC(
    lapse.getUTCFullYear(),
    lapse.getUTCMonth() - months,
    Math.min(lapse.getUTCDate(), 28),
    lapse.getUTCHours(),
    lapse.getUTCMinutes(),
  );
}

/** Deletes unconfirmed sign-ups past their days and alerts nobody renewed in time; resolves with how many. */
export async function purgeAlerts(
  db: Database,
  now: number,
  period: Period = retention.jobAlerts.unrenewed,
  /** Told of each alert about to be deleted, for the erasure ledger. */
  onDeleting?: (alertId: string, at: number) => void,
) {
  let deleted = 0;
  const unconfirmedBefore = addPeriod(0, retention.jobAlerts.unconfirmed);
  const stale = await unconfirmedBy(db, now - unconfirmedBefore);
  const lapsed = (await renewedBy(db, now - longest(period) + 3 * 31 * dayMs)).filter(
    (row) => alertLapsesAt(row.renewedAt, period) <= now,
  );
  for (const row of [...stale, ...lapsed]) {
    onDeleting?.(row.id, now);
    deleted += await db.transaction((tx) => deleteAlert(tx, row.id));
  }
  return deleted;
}

/** Queues the one renewal question for each alert in its last month; resolves with how many it queued. */
export async function queueAlertRenewals(
  db: Database,
  options: { links: AlertLinks; replyTo: string; period?: Period; company?: () => CompanyFacts },
  now: number,
): Promise<number> {
  const period = options.period ?? retention.jobAlerts.unrenewed;
  const candidates = await unaskedRenewedBy(db, now - longest(period) + 3 * 31 * dayMs);
  let queued = 0;
  for (const candidate of candidates) {
    const { renewedAt } = candidate;
    const lapsesAt = alertLapsesAt(renewedAt, period);
    if (now < askFrom(lapsesAt) || now >= lapsesAt) continue;
    const asked = await db.transaction(async (tx) => {
      // At most once a period: only the first to set renewal_asked_at for it queues the e-mail.
      const email = await markRenewalAsked(tx, candidate.id, renewedAt, now);
      if (email === null) return false;
      const links = options.links(candidate.id);
      await enqueueEmail(
        tx,
        alertReference(candidate.id),
        {
          purpose: "alert-renewal",
          to: email,
          replyTo: options.replyTo,
          subject: `Shall we keep sending you job alerts? (${site.brand})`,
          body: [
            "Hello,",
            "",
            `Your job alerts from ${site.brand} stop on ${formatDate(lapsesAt)}, unless you tell us to keep them. To keep them, open your alerts page and choose "Keep my alerts":`,
            links.manage,
            "",
            `If you do nothing, we stop and delete your alert and your e-mail address with it on ${formatDate(lapsesAt)}. To leave now instead:`,
            links.unsubscribe,
            "",
            "Kind regards,",
            `The ${site.brand} team`,
            `${site.legalName} · ${(options.company?.() ?? shippedCompany).phone.display}`,
          ].join("\n"),
          action: { label: "Keep my alerts", url: links.manage },
          headers: {
            "List-Unsubscribe": `<${links.unsubscribe}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        },
        now,
      );
      return true;
    });
    if (asked) queued += 1;
  }
  return queued;
}

/** How often the upkeep runs: the question is due by the day, so hourly is soon enough. */
export const alertRenewalPollMs = 60 * 60 * 1000;

/** The job alerts' renewal question and purge, run every hour in each process. */
export function createAlertRenewal(options: {
  db: Database;
  logger: Logger;
  links: AlertLinks;
  replyTo: string;
  pollMs?: number;
  clock?: () => number;
  onQueued?: () => void;
  period?: Period;
  /** Told of each alert about to be deleted (unconfirmed, or not renewed), for the erasure ledger. */
  onDeleting?: (alertId: string, at: number) => void;
  /** The company's facts published now (Site content), for the e-mail's sign-off. */
  company?: () => CompanyFacts;
}): LeasedJob {
  const { db, logger, pollMs = alertRenewalPollMs, clock, onQueued } = options;
  return createLeasedJob({
    db,
    logger,
    name: "job-alert-renewal",
    pollMs,
    clock,
    onQueued,
    work: async (now) => {
      const deleted = await purgeAlerts(db, now, options.period, options.onDeleting);
      if (deleted > 0) logger.info({ deleted }, "job alerts deleted: unconfirmed or not renewed");
      return queueAlertRenewals(db, options, now);
    },
    failure: "job alert renewal run failed; the next run tries again",
    logMessage: "job alert renewal e-mails queued",
  });
}
