import { type AuditAction, serviceChoices, serviceLabel } from "#core/leads/model.ts";
import { promiseMs } from "#core/leads/reply-promise.ts";
import { pageName } from "#core/seo.ts";
import type { Queryable } from "../db/database.ts";
import { enquiriesAnswered, type LeadWithSource, leadsWithSource } from "../tables/leads/reports.ts";
import { addDays, dayOf } from "./visitor.ts";

/**
 * What became of the leads received in a period: how fast enquiries were answered against the promise,
 * by service, and how many leads were won or hired, by the source of the visit they were sent in.
 * Read from the leads themselves, their timelines and the source each kept (lead_sources).
 */

const hourMs = 3_600_000;

/** The promise every enquiry is answered within, in ms: the reply clock's, as the pages state it. */
export const replyPromiseMs = promiseMs("enquiry") as number;

/**
 * The timeline event the workspace writes when a reply is sent from a lead's page. Either it or the
 * first status change away from New answers an enquiry; a move to Spam stops the clock instead.
 */
export const replySentAction: AuditAction = "reply-sent";

/** The first moment of a London calendar day (YYYY-MM-DD), in ms since the epoch. */
export function londonDayStart(day: string): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, date);
  // In summer time London's midnight is 23:00 UTC the evening before.
  return dayOf(utcMidnight - hourMs) === day ? utcMidnight - hourMs : utcMidnight;
}

/** The leads received from the first moment of one London day to the first moment of another, in ms. */
export type Span = { since: number; until: number };

/** The span of whole London days from `from` to `to` (YYYY-MM-DD), both included. */
export function spanOfDays(from: string, to: string): Span {
  return { since: londonDayStart(from), until: londonDayStart(addDays(to, 1)) };
}

/** How one service's enquiries were answered. `share` and `medianMs` are null when nothing can be said yet. */
export type ReplyLine = {
  /** The service's value on the contact form ("" for none chosen), or null for all services together. */
  service: string | null;
  label: string;
  received: number;
  answeredInTime: number;
  answeredLate: number;
  /** Not answered, and past the promise. */
  overdue: number;
  /** Not answered, still within the promise. */
  waiting: number;
  /** answeredInTime of the enquiries whose promise has been kept or broken (waiting ones left out). */
  share: number | null;
  /** The median time from receipt to first answer, over the answered ones. */
  medianMs: number | null;
};

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function replyLine(
  service: string | null,
  label: string,
  leads: { received: number; answered: number | null }[],
  now: number,
): ReplyLine {
  let answeredInTime = 0;
  let answeredLate = 0;
  let overdue = 0;
  let waiting = 0;
  const times: number[] = [];
  for (const lead of leads) {
    const due = lead.received + replyPromiseMs;
    if (lead.answered !== null) {
      times.push(lead.answered - lead.received);
      if (lead.answered <= due) answeredInTime++;
      else answeredLate++;
    } else if (now > due) overdue++;
    else waiting++;
  }
  const judged = answeredInTime + answeredLate + overdue;
  return {
    service,
    label,
    received: leads.length,
    answeredInTime,
    answeredLate,
    overdue,
    waiting,
    share: judged === 0 ? null : answeredInTime / judged,
    medianMs: median(times),
  };
}

/**
 * How the enquiries received in the span (not spam) were answered, by service in the contact form's
 * order, then all services together. First answer: the first reply sent from the workspace or the first
 * status change away from New (other than to Spam), from the lead's timeline.
 */
export async function replyTimes(db: Queryable, { since, until }: Span, now: number): Promise<ReplyLine[]> {
  const leads = await enquiriesAnswered(db, { since, until }, replySentAction);
  const services = [...serviceChoices.map((choice) => choice.value), ""];
  const lines: ReplyLine[] = [];
  for (const service of services) {
    const mine = leads.filter((lead) => lead.service === service);
    if (mine.length === 0) continue;
    lines.push(replyLine(service, service ? serviceLabel(service) : "No service chosen", mine, now));
  }
  // A service no longer offered still counts in the total.
  lines.push(replyLine(null, "All services", leads, now));
  return lines;
}

/** The leads one source, campaign or page brought, and how many became clients or staff. */
export type OutcomeLine = {
  /** What the line is about, as stored ("" for direct or none); null when the lead kept no source. */
  key: string | null;
  label: string;
  enquiries: number;
  won: number;
  applications: number;
  hired: number;
};

export type Outcomes = {
  bySource: OutcomeLine[];
  byCampaign: (OutcomeLine & { utmSource: string; utmMedium: string; utmCampaign: string })[];
  byPage: OutcomeLine[];
};

function tally<T extends OutcomeLine>(
  lines: Map<string, T>,
  id: string,
  make: () => T,
  row: LeadWithSource,
): void {
  let line = lines.get(id);
  if (!line) {
    line = make();
    lines.set(id, line);
  }
  if (row.kind === "enquiry") {
    line.enquiries++;
    if (row.status === "won") line.won++;
  } else {
    line.applications++;
    if (row.status === "hired") line.hired++;
  }
}

/** A lead that kept no source: its sender asked not to be tracked, or it came before sources were kept. */
const notRecorded = "Not recorded";

/** Clients and hires first, then the most leads, then by name. */
function ranked<T extends OutcomeLine>(lines: Iterable<T>): T[] {
  return [...lines].sort(
    (a, b) =>
      b.won + b.hired - (a.won + a.hired) ||
      b.enquiries + b.applications - (a.enquiries + a.applications) ||
      a.label.localeCompare(b.label),
  );
}

/**
 * The leads received in the span (not spam), and how many were Won (enquiries) or Hired
 * (applications), by the source, campaign and landing page of the visit they were sent in.
 */
export async function outcomesBySource(db: Queryable, { since, until }: Span): Promise<Outcomes> {
  const rows = await leadsWithSource(db, { since, until });
  const empty = { enquiries: 0, won: 0, applications: 0, hired: 0 };
  const sources = new Map<string, OutcomeLine>();
  const campaigns = new Map<string, Outcomes["byCampaign"][number]>();
  const pages = new Map<string, OutcomeLine>();
  for (const row of rows) {
    if (row.referrer_host === null) {
      tally(sources, "\u0000none", () => ({ key: null, label: notRecorded, ...empty }), row);
      tally(pages, "\u0000none", () => ({ key: null, label: notRecorded, ...empty }), row);
      continue;
    }
    const source = row.utm_source || row.referrer_host;
    tally(sources, source, () => ({ key: source, label: source || "Direct or not known", ...empty }), row);
    const page = row.landing_page ?? "";
    tally(
      pages,
      page,
      () => ({ key: page, label: page ? (pageName(page) ?? page) : "Not known (no JavaScript)", ...empty }),
      row,
    );
    const utmSource = row.utm_source ?? "";
    const utmMedium = row.utm_medium ?? "";
    const utmCampaign = row.utm_campaign ?? "";
    if (!utmSource && !utmMedium && !utmCampaign) continue;
    const id = `${utmSource}\u0000${utmMedium}\u0000${utmCampaign}`;
    tally(
      campaigns,
      id,
      () => ({
        key: id,
        label: [utmSource, utmMedium, utmCampaign].map((tag) => tag || "none").join(" / "),
        utmSource,
        utmMedium,
        utmCampaign,
        ...empty,
      }),
      row,
    );
  }
  return {
    bySource: ranked(sources.values()),
    byCampaign: ranked(campaigns.values()),
    byPage: ranked(pages.values()),
  };
}
