/**
 * Sending the job alerts: every minute, in each process, one process at a time (the "job-alerts" lease)
 * looks for the active alerts that are due (immediate ones at every run, daily ones once a UK day from
 * the set hour, weekly ones once a UK week from Monday at that hour) and queues one e-mail to each
 * that has new open vacancies to tell of: published since it was confirmed, matching its services,
 * kinds of work and place, and never sent to it before. Nothing new, no e-mail.
 *
 * At most once: in the transaction that queues an alert's e-mail, a daily or weekly alert's
 * `last_period` moves to this period by one conditional UPDATE, and each job goes into
 * `job_alert_sent`, whose primary key keeps a job from ever being sent to the alert twice; only the
 * jobs that insert lands are listed. Two processes or a restart therefore cannot send a period's e-mail
 * twice, nor any job twice. Alerts are read a page at a time by id, so ten thousand subscribers never
 * sit in memory at once.
 */

import { performance } from "node:perf_hooks";
import type { AlertChoices, AlertFrequency } from "#core/alerts/model.ts";
import type { CompanyFacts } from "#core/content/company-facts.ts";
import { isOpenAt, londonDate } from "#core/vacancies/model.ts";
import type { Database, Transaction } from "../db/database.ts";
import type { SqlDialect } from "../db/dialect.ts";
import { enqueueEmails } from "../delivery/outbox.ts";
import { createLeasedJob, type LeasedJob } from "../jobs/leased-job.ts";
import type { Logger } from "../observability/logger.ts";
import {
  alertReference,
  lockForSending,
  markSending,
  recordSent,
  type SendingAlert,
  sendingPage,
  sentTo,
} from "../tables/job-alerts.ts";
import { publishedOpenVacancies } from "../tables/vacancies.ts";
import { type AlertJob, type AlertVacancy, alertJob, alertMail } from "./alert-mail.ts";
import type { AlertLinks } from "./links.ts";

/** How often the job looks for alerts to send: immediate alerts go within this of a job's publication. */
export const alertPollMs = 60_000;

/** When the digests go, in UK time: daily ones from this hour; weekly ones from this hour on this ISO weekday. */
export const alertSchedule = { hour: 7, weekday: 1 } as const;

/** How many alerts are read at a time, and how many are queued in one transaction. */
const pageSize = 500;
const perTransaction = 100;

/** The job: started and stopped with the server; `runOnce` resolves with how many e-mails it queued. */
export type AlertSending = LeasedJob;

const londonParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  hour: "2-digit",
  hourCycle: "h23",
});

/** The hour (0 to 23) in the UK at `at`. */
function londonHour(at: number): number {
  return Number(londonParts.format(at));
}

/** The ISO week of a UK date and its weekday (1 Monday ... 7 Sunday): { week: "2027-W09", weekday }. */
export function isoWeekOf(date: string): { week: string; weekday: number } {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const at = new Date(Date.UTC(year, month - 1, day));
  const weekday = at.getUTCDay() || 7;
  // The week belongs to the year of its Thursday.
  at.setUTCDate(at.getUTCDate() + 4 - weekday);
  const weekYear = at.getUTCFullYear();
  const week = Math.ceil(((at.getTime() - Date.UTC(weekYear, 0, 1)) / 86_400_000 + 1) / 7);
  return { week: `${weekYear}-W${String(week).padStart(2, "0")}`, weekday };
}

/**
 * The period a digest is due for at `now` ('2027-03-01' for daily, '2027-W09' for weekly), or null
 * while its time has not come: before the set hour, or (weekly) before that hour on the set weekday.
 */
export function duePeriod(frequency: Exclude<AlertFrequency, "immediate">, now: number): string | null {
  const date = londonDate(now);
  const hour = londonHour(now);
  if (frequency === "daily") return hour >= alertSchedule.hour ? date : null;
  const { week, weekday } = isoWeekOf(date);
  const started =
    weekday > alertSchedule.weekday || (weekday === alertSchedule.weekday && hour >= alertSchedule.hour);
  return started ? week : null;
}

/** A place as compared: lower case, single spaces. */
function normalPlace(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, " ");
}

/**
 * True when an alert's place fits a vacancy: '' is anywhere; a postcode district ("M4") or a whole
 * postcode matches the vacancy's postcode; a town matches a word or words of its place ("Salford" fits
 * "Salford Quays"), ignoring case.
 */
export function placeMatches(place: string, vacancy: Pick<AlertVacancy, "location" | "postcode">): boolean {
  const wanted = normalPlace(place);
  if (!wanted) return true;
  const postcode = normalPlace(vacancy.postcode);
  const district = postcode.split(" ")[0] ?? "";
  const compact = wanted.replace(/ /g, "");
  if (compact === district || compact === postcode.replace(/ /g, "")) return true;
  const escaped = wanted.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, "u").test(
    normalPlace(`${vacancy.location} ${vacancy.postcode}`),
  );
}

/** An open vacancy, with when it was published and its block in the e-mails. */
type Candidate = AlertVacancy & { publishedAt: number; job: AlertJob };

/** The open, published vacancies at `now`, oldest first: few, so read once a run. */
async function openVacancies(db: Database, now: number, publicUrl: string): Promise<Candidate[]> {
  const listed = await publishedOpenVacancies(db, londonDate(now), now);
  return listed
    .filter((listing) => isOpenAt(listing, now))
    .map(({ status, publishedAt, ...vacancy }) => ({
      ...vacancy,
      publishedAt,
      job: alertJob(vacancy, publicUrl),
    }));
}

/** When an alert started: its confirmation (its sign-up, were that ever missing). */
function startOf(alert: SendingAlert): number {
  return alert.confirmedAt ?? alert.createdAt;
}

/** The vacancies among `open` that an alert asks for, published since it started. */
export function matchingVacancies<V extends Candidate>(
  alert: { choices: Pick<AlertChoices, "services" | "types" | "place">; startedAt: number },
  open: readonly V[],
): V[] {
  const { services, types, place } = alert.choices;
  return open.filter(
    (vacancy) =>
      vacancy.publishedAt >= alert.startedAt &&
      (services.length === 0 || services.includes(vacancy.service)) &&
      (types.length === 0 || types.includes(vacancy.employmentType)) &&
      placeMatches(place, vacancy),
  );
}

export type SendingOptions = {
  /** The site's public address, for each job's link. */
  publicUrl: string;
  /** The alert's own links (to change its choices, to leave). */
  links: AlertLinks;
  /** Where a reply goes: the recruitment inbox. */
  replyTo: string | null;
  /** The company's facts published now (Site content), for the e-mails' foot. */
  company?: (() => CompanyFacts) | undefined;
};

/**
 * Queues, at `now`, the alert e-mails due: every immediate alert with something new, and the daily and
 * weekly ones whose period has come and not yet been sent. Resolves to how many were queued.
 */
export async function queueJobAlerts(db: Database, now: number, options: SendingOptions): Promise<number> {
  const open = await openVacancies(db, now, options.publicUrl);
  if (open.length === 0) return 0;
  const newest = open[open.length - 1]?.publishedAt ?? now;
  let queued = 0;
  const runs: { frequency: AlertFrequency; period: string | null }[] = [
    { frequency: "immediate", period: null },
  ];
  for (const frequency of ["daily", "weekly"] as const) {
    const period = duePeriod(frequency, now);
    if (period) runs.push({ frequency, period });
  }
  for (const { frequency, period } of runs) {
    let after = "";
    for (;;) {
      // Only an alert confirmed by the newest job's publication can want any; one page at a time, by id.
      const page = await sendingPage(db, { frequency, after, startedBy: newest, period, size: pageSize });
      if (page.length === 0) break;
      after = page[page.length - 1]?.id ?? after;
      queued += await queuePage(db, page, open, { now, period, ...options });
      if (page.length < pageSize) break;
    }
  }
  return queued;
}

type Due = { alert: SendingAlert; jobs: Candidate[] };

/** Queues the e-mails of one page of alerts: what each has not had yet, a few alerts per transaction. */
async function queuePage(
  db: Database,
  page: SendingAlert[],
  open: Candidate[],
  options: SendingOptions & { now: number; period: string | null },
): Promise<number> {
  const wanting = page
    .map((alert) => ({ alert, jobs: matchingVacancies({ ...alert, startedAt: startOf(alert) }, open) }))
    .filter((entry) => entry.jobs.length > 0);
  if (wanting.length === 0) return 0;
  const sent = await sentTo(
    db,
    wanting.map((entry) => entry.alert.id),
  );
  const had = new Set(sent.map((row) => `${row.alertId} ${row.vacancyReference}`));
  const due = wanting
    .map(({ alert, jobs }) => ({
      alert,
      jobs: jobs.filter((job) => !had.has(`${alert.id} ${job.reference}`)),
    }))
    .filter((entry) => entry.jobs.length > 0);
  let queued = 0;
  for (let i = 0; i < due.length; i += perTransaction) {
    const batch = due.slice(i, i + perTransaction);
    const started = performance.eventLoopUtilization();
    queued += await db.transaction((tx) => queueBatch(tx, batch, { ...options, sql: db.sql }));
    // The forms share this process (and, on SQLite, its one connection): after each transaction the job
    // rests as long as this process was busy meanwhile, so requests always get at least half of it.
    await pause(performance.eventLoopUtilization(started).active);
  }
  return queued;
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(ms, 0), 1000)));
}

/**
 * Queues, in `tx`, each alert's e-mail whose period is still unsent, listing only the jobs still new to
 * it. The alerts are locked in id order first, so two processes at once wait for each other instead of
 * deadlocking; the UPDATE and the ledger's primary key then decide which of them sends.
 */
async function queueBatch(
  tx: Transaction,
  batch: Due[],
  options: SendingOptions & { now: number; period: string | null; sql: SqlDialect },
): Promise<number> {
  const { now, period } = options;
  const ids = batch.map((entry) => entry.alert.id);
  const locked = await lockForSending(tx, options.sql, ids, period);
  if (locked.length === 0) return 0;
  const mine = new Set(await markSending(tx, locked, period, now));
  const entries = batch.filter((entry) => mine.has(entry.alert.id));
  const pairs = entries.flatMap((entry) => entry.jobs.map((job) => [entry.alert.id, job.reference] as const));
  if (pairs.length === 0) return 0;
  // Another process may have sent some since they were read: only the jobs this insert lands are listed.
  const landed = await recordSent(tx, pairs, now);
  const fresh = new Set(landed.map((row) => `${row.alertId} ${row.vacancyReference}`));
  let queued = 0;
  for (const { alert, jobs } of entries) {
    const listed = jobs.filter((job) => fresh.has(`${alert.id} ${job.reference}`));
    if (listed.length === 0) continue;
    const mail = alertMail(
      {
        email: alert.email,
        services: alert.choices.services.join(","),
        employmentTypes: alert.choices.types.join(","),
        place: alert.choices.place,
        frequency: alert.choices.frequency,
        confirmedAt: startOf(alert),
      },
      listed.map((job) => job.job),
      { replyTo: options.replyTo, links: options.links(alert.id), company: options.company?.() },
    );
    enqueueEmails(tx, alertReference(alert.id), [mail], [], now);
    queued++;
  }
  return queued;
}

/** The alerts' job: a poller that takes the lease, queues what is due and wakes the delivery queue. */
export function createAlertSending(
  options: SendingOptions & {
    db: Database;
    logger: Logger;
    pollMs?: number;
    /** The clock; tests move it. */
    clock?: () => number;
    /** Called when e-mails were queued, so the delivery queue sends them at once. */
    onQueued?: () => void;
  },
): AlertSending {
  const { db, logger, pollMs = alertPollMs, clock, onQueued, publicUrl, links, replyTo } = options;
  return createLeasedJob({
    db,
    logger,
    name: "job-alerts",
    pollMs,
    clock,
    onQueued,
    work: (now) => queueJobAlerts(db, now, { publicUrl, links, replyTo, company: options.company }),
    failure: "job alerts run failed; the next run tries again",
    logMessage: "job alerts queued",
  });
}
