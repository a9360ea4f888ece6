import { stringify } from "csv-stringify/sync";
import type { ReportPeriod } from "../../app/lib/analytics-periods.ts";
import type { Queryable } from "../db/database.ts";
import { addDays, type Device, dayOf } from "./visitor.ts";

/** Figures for one day of the chart and its table. */
export type DayFigures = {
  day: string;
  visitors: number;
  views: number;
  enquiries: number;
  applications: number;
};

/** Figures for one line of a top list; `conversions` is enquiries and applications together. */
export type Line = { visitors: number; enquiries: number; applications: number; conversions: number };

export type PageLine = Line & { page: string; views: number };
/** A source: a campaign's utm_source when tagged, else the referring host; "" is direct or unknown. */
export type SourceLine = Line & { source: string };
export type CampaignLine = Line & { utmSource: string; utmMedium: string; utmCampaign: string };
export type DeviceLine = { device: Device; visitors: number };

export type Report = {
  period: ReportPeriod;
  from: string;
  to: string;
  days: DayFigures[];
  totals: Omit<DayFigures, "day">;
  pages: PageLine[];
  sources: SourceLine[];
  campaigns: CampaignLine[];
  devices: DeviceLine[];
};

/** The first and last day of a period that ends today (Europe/London). */
export function periodDays(period: ReportPeriod, now: number): { from: string; to: string } {
  const to = dayOf(now);
  return { from: addDays(to, -(period - 1)), to };
}

const n = (value: unknown) => Number(value ?? 0);

type Sums = { visitors: unknown; enquiries: unknown; applications: unknown };
function line(row: Sums): Line {
  const enquiries = n(row.enquiries);
  const applications = n(row.applications);
  return { visitors: n(row.visitors), enquiries, applications, conversions: enquiries + applications };
}

/** How many lines each top list shows. */
const topCount = 10;

/**
 * The report for the last 7, 30 or 90 days. Visitors per day, source and device are the visitors whose
 * day began there (each counted once a day); visitors of a page are those who saw it (once a day each).
 */
export async function buildReport(db: Queryable, period: ReportPeriod, now: number): Promise<Report> {
  const { from, to } = periodDays(period, now);
  const range = [from, to];

  const daily = await db.all<{
    day: string;
    visitors: unknown;
    views: unknown;
    enquiries: unknown;
    applications: unknown;
  }>(
    `SELECT day, SUM(landings) AS visitors, SUM(views) AS views, SUM(enquiries) AS enquiries,
       SUM(applications) AS applications
     FROM analytics_daily WHERE day >= ? AND day <= ? GROUP BY day`,
    range,
  );
  const byDay = new Map(daily.map((row) => [row.day, row]));
  const days: DayFigures[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const row = byDay.get(day);
    days.push({
      day,
      visitors: n(row?.visitors),
      views: n(row?.views),
      enquiries: n(row?.enquiries),
      applications: n(row?.applications),
    });
  }
  const totals = days.reduce(
    (sum, day) => ({
      visitors: sum.visitors + day.visitors,
      views: sum.views + day.views,
      enquiries: sum.enquiries + day.enquiries,
      applications: sum.applications + day.applications,
    }),
    { visitors: 0, views: 0, enquiries: 0, applications: 0 },
  );

  const pages = await db.all<Sums & { page: string; views: unknown }>(
    `SELECT page, SUM(views) AS views, SUM(visitors) AS visitors, SUM(enquiries) AS enquiries,
       SUM(applications) AS applications
     FROM analytics_daily WHERE day >= ? AND day <= ? GROUP BY page
     ORDER BY SUM(visitors) DESC, SUM(enquiries + applications) DESC, page LIMIT ${topCount}`,
    range,
  );

  const sources = await db.all<Sums & { source: string }>(
    `SELECT CASE WHEN utm_source <> '' THEN utm_source ELSE referrer_host END AS source,
       SUM(landings) AS visitors, SUM(enquiries) AS enquiries, SUM(applications) AS applications
     FROM analytics_daily WHERE day >= ? AND day <= ?
     GROUP BY CASE WHEN utm_source <> '' THEN utm_source ELSE referrer_host END
     ORDER BY SUM(landings) DESC, SUM(enquiries + applications) DESC, source LIMIT ${topCount}`,
    range,
  );

  const campaigns = await db.all<Sums & { utm_source: string; utm_medium: string; utm_campaign: string }>(
    `SELECT utm_source, utm_medium, utm_campaign,
       SUM(landings) AS visitors, SUM(enquiries) AS enquiries, SUM(applications) AS applications
     FROM analytics_daily
     WHERE day >= ? AND day <= ? AND (utm_source <> '' OR utm_medium <> '' OR utm_campaign <> '')
     GROUP BY utm_source, utm_medium, utm_campaign
     ORDER BY SUM(landings) DESC, SUM(enquiries + applications) DESC, utm_source, utm_medium, utm_campaign
     LIMIT ${topCount}`,
    range,
  );

  const devices = await db.all<{ device: Device; visitors: unknown }>(
    `SELECT device, SUM(landings) AS visitors FROM analytics_daily WHERE day >= ? AND day <= ?
     GROUP BY device ORDER BY SUM(landings) DESC, device`,
    range,
  );

  return {
    period,
    from,
    to,
    days,
    totals,
    pages: pages.map((row) => ({ page: row.page, views: n(row.views), ...line(row) })),
    sources: sources.map((row) => ({ source: row.source, ...line(row) })),
    campaigns: campaigns.map((row) => ({
      utmSource: row.utm_source,
      utmMedium: row.utm_medium,
      utmCampaign: row.utm_campaign,
      ...line(row),
    })),
    devices: devices.map((row) => ({ device: row.device, visitors: n(row.visitors) })),
  };
}

/** The columns of the CSV export, in order: the stored daily rows as they are. */
export const exportColumns = [
  "day",
  "page",
  "referrer_host",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "device",
  "views",
  "visitors",
  "landings",
  "enquiries",
  "applications",
] as const;

export type ExportRow = Record<(typeof exportColumns)[number], string | number>;

/** Every stored daily row of a period, oldest first, for the CSV export. */
export async function exportRows(db: Queryable, period: ReportPeriod, now: number): Promise<ExportRow[]> {
  const { from, to } = periodDays(period, now);
  const rows = await db.all<ExportRow>(
    `SELECT ${exportColumns.join(", ")} FROM analytics_daily WHERE day >= ? AND day <= ?
     ORDER BY day, page, device, referrer_host, utm_source, utm_medium, utm_campaign`,
    [from, to],
  );
  return rows.map((row) => ({
    ...row,
    views: n(row.views),
    visitors: n(row.visitors),
    landings: n(row.landings),
    enquiries: n(row.enquiries),
    applications: n(row.applications),
  }));
}

/** The CSV export of a period: a header line, then every stored daily row; and a name for the file. */
export async function exportCsv(
  db: Queryable,
  period: ReportPeriod,
  now: number,
): Promise<{ fileName: string; csv: string }> {
  const { from, to } = periodDays(period, now);
  const csv = stringify(await exportRows(db, period, now), {
    header: true,
    columns: [...exportColumns],
    // Campaign tags and referrers came from links: a cell a spreadsheet would read as a formula (= + - @,
    // their full-width forms, a tab or a carriage return first) gets a leading apostrophe.
    escape_formulas: true,
  });
  return { fileName: `analytics-${from}-to-${to}.csv`, csv };
}

/** The report's services for the workspace: the routes reach them through the router context. */
export function analyticsReport(db: Queryable, now: () => number) {
  return {
    report: (period: ReportPeriod) => buildReport(db, period, now()),
    exportCsv: (period: ReportPeriod) => exportCsv(db, period, now()),
  };
}
