import { stringify } from "csv-stringify/sync";
import type { ReportPeriod } from "#core/analytics/periods.ts";
import type { Device } from "#core/analytics/visit.ts";
import { pageName } from "#core/seo.ts";
import type { Queryable } from "../db/database.ts";
import {
  dailyColumns,
  dailyRows,
  type Figures,
  figuresByDay,
  topCampaigns,
  topPages,
  topSources,
  visitorsByDevice,
} from "../tables/analytics.ts";
import {
  type Outcomes,
  outcomesBySource,
  type ReplyLine,
  replyPromiseMs,
  replyTimes,
  spanOfDays,
} from "./outcomes.ts";
import { addDays, dayOf } from "./visitor.ts";

/** Figures for one day of the chart and its table. */
export type DayFigures = {
  day: string;
  visitors: number;
  views: number;
  enquiries: number;
  applications: number;
};

/**
 * Figures for one line of a top list. `conversions` is enquiries and applications together, of which
 * some came from visitors we could not count (no JavaScript); `converted` is how many of the line's
 * `visits` (for a page: its `visitors`) sent one, so `converted / visits` never passes 100%.
 */
export type Line = {
  views: number;
  visits: number;
  enquiries: number;
  applications: number;
  conversions: number;
  converted: number;
};

/** A page: `name` is its title ("Professional Cleaning"), or the path when it has none. */
export type PageLine = Line & { page: string; name: string; visitors: number };
/** A source: a campaign's utm_source when tagged, else the referring host; "" is direct or unknown. */
export type SourceLine = Line & { source: string };
export type CampaignLine = Line & { utmSource: string; utmMedium: string; utmCampaign: string };
export type DeviceLine = { device: Device; visitors: number };

export type Totals = Omit<DayFigures, "day"> & { visits: number; converted: number };

export type Report = {
  period: ReportPeriod;
  from: string;
  to: string;
  days: DayFigures[];
  totals: Totals;
  pages: PageLine[];
  sources: SourceLine[];
  campaigns: CampaignLine[];
  devices: DeviceLine[];
  /** How the enquiries received in the period were answered, by service, against the promise. */
  replies: ReplyLine[];
  /** The promise, in hours, the replies are judged against. */
  promiseHours: number;
  /** The leads received in the period, and how many were won or hired, by where they came from. */
  outcomes: Outcomes;
};

/** The first and last day of a period that ends today (Europe/London). */
export function periodDays(period: ReportPeriod, now: number): { from: string; to: string } {
  const to = dayOf(now);
  return { from: addDays(to, -(period - 1)), to };
}

const n = (value: unknown) => Number(value ?? 0);

function line(row: Figures): Line {
  return {
    views: row.views,
    visits: row.visits,
    enquiries: row.enquiries,
    applications: row.applications,
    conversions: row.enquiries + row.applications,
    converted: row.converted,
  };
}

/** How many lines each top list shows. */
const topCount = 10;

/**
 * The report for the last 7, 30 or 90 days. Visitors are each counted once a day; visits begin with a
 * visitor's first view of the day or a view that brings a new source; the top lists are sorted by views.
 */
export async function buildReport(db: Queryable, period: ReportPeriod, now: number): Promise<Report> {
  const { from, to } = periodDays(period, now);

  const daily = await figuresByDay(db, from, to);
  const byDay = new Map(daily.map((row) => [row.day, row]));
  const days: DayFigures[] = [];
  const totals: Totals = { visitors: 0, visits: 0, views: 0, enquiries: 0, applications: 0, converted: 0 };
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const row = byDay.get(day);
    const figures = {
      day,
      visitors: n(row?.visitors),
      views: n(row?.views),
      enquiries: n(row?.enquiries),
      applications: n(row?.applications),
    };
    days.push(figures);
    totals.visitors += figures.visitors;
    totals.views += figures.views;
    totals.enquiries += figures.enquiries;
    totals.applications += figures.applications;
    totals.visits += n(row?.visits);
    totals.converted += n(row?.converted);
  }

  const pages = await topPages(db, from, to, topCount);
  const sources = await topSources(db, from, to, topCount);
  const campaigns = await topCampaigns(db, from, to, topCount);
  const devices = await visitorsByDevice(db, from, to);

  const span = spanOfDays(from, to);
  return {
    period,
    from,
    to,
    days,
    totals,
    pages: pages.map((row) => ({
      page: row.page,
      name: row.page ? (pageName(row.page) ?? row.page) : "",
      visitors: row.visitors,
      ...line(row),
    })),
    sources: sources.map((row) => ({ source: row.source, ...line(row) })),
    campaigns: campaigns.map((row) => ({
      utmSource: row.utmSource,
      utmMedium: row.utmMedium,
      utmCampaign: row.utmCampaign,
      ...line(row),
    })),
    devices,
    replies: await replyTimes(db, span, now),
    promiseHours: replyPromiseMs / 3_600_000,
    outcomes: await outcomesBySource(db, span),
  };
}

/** The columns of the CSV export, in order: the stored daily rows as they are. */
export const exportColumns = dailyColumns;

export type ExportRow = Record<(typeof exportColumns)[number], string | number>;

/** Every stored daily row of a period, oldest first, for the CSV export. */
export async function exportRows(db: Queryable, period: ReportPeriod, now: number): Promise<ExportRow[]> {
  const { from, to } = periodDays(period, now);
  return dailyRows(db, from, to);
}

/** The columns of the export's replies table: how each service's enquiries were answered. */
export const replyColumns = [
  "service",
  "enquiries_received",
  "answered_within_promise",
  "answered_late",
  "overdue",
  "waiting",
  "share_answered_within_promise",
  "median_hours_to_first_answer",
] as const;

/** The columns of the export's outcomes table: leads won and hired by source, campaign and page. */
export const outcomeColumns = [
  "by",
  "source_or_page",
  "utm_medium",
  "utm_campaign",
  "enquiries",
  "won",
  "applications",
  "hired",
] as const;

/** A share as a spreadsheet reads it (0.875), or empty when there is nothing to say yet. */
const shareCell = (share: number | null) => (share === null ? "" : share.toFixed(3));
const hoursCell = (ms: number | null) => (ms === null ? "" : (ms / 3_600_000).toFixed(1));

function csvTable(columns: readonly string[], rows: Record<string, string | number>[]): string {
  return stringify(rows, {
    header: true,
    columns: [...columns],
    // Campaign tags and referrers came from links: a cell a spreadsheet would read as a formula (= + - @,
    // their full-width forms, a tab or a carriage return first) gets a leading apostrophe.
    escape_formulas: true,
  });
}

/**
 * The CSV export of a period, and a name for the file: three tables one after another, each with its
 * own header line and a blank line between them: every stored daily row; how the enquiries received in
 * the period were answered, by service; and those leads won or hired, by source, campaign and page.
 */
export async function exportCsv(
  db: Queryable,
  period: ReportPeriod,
  now: number,
): Promise<{ fileName: string; csv: string }> {
  const { from, to } = periodDays(period, now);
  const span = spanOfDays(from, to);
  const replies = (await replyTimes(db, span, now)).map((line) => ({
    service: line.service === null ? "all" : line.service || "none",
    enquiries_received: line.received,
    answered_within_promise: line.answeredInTime,
    answered_late: line.answeredLate,
    overdue: line.overdue,
    waiting: line.waiting,
    share_answered_within_promise: shareCell(line.share),
    median_hours_to_first_answer: hoursCell(line.medianMs),
  }));
  const outcomes = await outcomesBySource(db, span);
  const figures = (line: Outcomes["bySource"][number]) => ({
    enquiries: line.enquiries,
    won: line.won,
    applications: line.applications,
    hired: line.hired,
  });
  const outcomeRows = [
    ...outcomes.bySource.map((line) => ({
      by: "source",
      source_or_page: line.key ?? "not recorded",
      utm_medium: "",
      utm_campaign: "",
      ...figures(line),
    })),
    ...outcomes.byCampaign.map((line) => ({
      by: "campaign",
      source_or_page: line.utmSource,
      utm_medium: line.utmMedium,
      utm_campaign: line.utmCampaign,
      ...figures(line),
    })),
    ...outcomes.byPage.map((line) => ({
      by: "landing_page",
      source_or_page: line.key ?? "not recorded",
      utm_medium: "",
      utm_campaign: "",
      ...figures(line),
    })),
  ];
  const csv = [
    csvTable(exportColumns, await exportRows(db, period, now)),
    csvTable(replyColumns, replies),
    csvTable(outcomeColumns, outcomeRows),
  ].join("\n");
  return { fileName: `analytics-${from}-to-${to}.csv`, csv };
}

/** The report's services for the workspace: the routes reach them through the router context. */
export function analyticsReport(db: Queryable, now: () => number) {
  return {
    report: (period: ReportPeriod) => buildReport(db, period, now()),
    exportCsv: (period: ReportPeriod) => exportCsv(db, period, now()),
  };
}
