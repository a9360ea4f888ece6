/**
 * The owner of the visit counts' tables:
 *   analytics_daily          one row is a day's figures for one page, source and device;
 *   analytics_salts          one row is a day's salt for the visitor hashes, destroyed once the day is over;
 *   analytics_visitors       one row is one visitor's visit today: its source, landing page, views and
 *                            whether it has sent a lead;
 *   analytics_visitor_pages  one row is a page today's visitor has seen, and whether they sent a lead from it;
 *   analytics_networks       one row is how many new visitors one network has brought today.
 * Nothing in them identifies a visitor; the hashes of a day go with its salt.
 */
import type { Device, Source } from "#core/analytics/visit.ts";
import type { Queryable } from "../db/database.ts";

/** The columns of one stored row of `analytics_daily`, in the order the export lists them. */
export const dailyColumns = [
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
  "visits",
  "converted_visits",
  "converted_visitors",
] as const;

/** One stored row of `analytics_daily`: a day's figures for one page, source and device. */
export type DailyRow = {
  day: string;
  page: string;
  referrer_host: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  device: string;
  views: number;
  visitors: number;
  landings: number;
  enquiries: number;
  applications: number;
  visits: number;
  converted_visits: number;
  converted_visitors: number;
};

/** Stores a day's salt unless the day has one already (another process made it first). */
export async function offerSalt(db: Queryable, day: string, salt: string, now: number): Promise<void> {
  await db.run(
    "INSERT INTO analytics_salts (day, salt, created_at) VALUES (?, ?, ?) ON CONFLICT (day) DO NOTHING",
    [day, salt, now],
  );
}

/** The salt stored for a day, or null when it has none. */
export async function saltOf(db: Queryable, day: string): Promise<string | null> {
  const [row] = await db.all<{ salt: string }>("SELECT salt FROM analytics_salts WHERE day = ?", [day]);
  return row ? row.salt : null;
}

/** One row of daily figures, and what to add to it. */
export type DailyIncrement = {
  day: string;
  page: string;
  source: Source;
  device: Device;
  views?: number;
  visitors?: number;
  landings?: number;
  enquiries?: number;
  applications?: number;
  visits?: number;
  convertedVisits?: number;
  convertedVisitors?: number;
};

/** Adds to a day's figures in one statement, so processes writing at once never lose a count. */
export async function addToDaily(db: Queryable, add: DailyIncrement): Promise<void> {
  await db.run(
    `INSERT INTO analytics_daily (day, page, referrer_host, utm_source, utm_medium, utm_campaign, device,
       views, visitors, landings, enquiries, applications, visits, converted_visits, converted_visitors)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (day, page, referrer_host, utm_source, utm_medium, utm_campaign, device) DO UPDATE SET
       views = analytics_daily.views + excluded.views,
       visitors = analytics_daily.visitors + excluded.visitors,
       landings = analytics_daily.landings + excluded.landings,
       enquiries = analytics_daily.enquiries + excluded.enquiries,
       applications = analytics_daily.applications + excluded.applications,
       visits = analytics_daily.visits + excluded.visits,
       converted_visits = analytics_daily.converted_visits + excluded.converted_visits,
       converted_visitors = analytics_daily.converted_visitors + excluded.converted_visitors`,
    [
      add.day,
      add.page,
      add.source.referrerHost,
      add.source.utmSource,
      add.source.utmMedium,
      add.source.utmCampaign,
      add.device,
      add.views ?? 0,
      add.visitors ?? 0,
      add.landings ?? 0,
      add.enquiries ?? 0,
      add.applications ?? 0,
      add.visits ?? 0,
      add.convertedVisits ?? 0,
      add.convertedVisitors ?? 0,
    ],
  );
}

/** A visitor's visit today: where it came from and the page it landed on. */
export type Visit = { source: Source; landingPage: string };

type VisitRow = {
  referrer_host: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  landing_page: string;
};

function visitOfRow(row: VisitRow): Visit {
  return {
    source: {
      referrerHost: row.referrer_host,
      utmSource: row.utm_source,
      utmMedium: row.utm_medium,
      utmCampaign: row.utm_campaign,
    },
    landingPage: row.landing_page,
  };
}

/**
 * Counts a view for today's visitor in one statement: starts their visit from `source` and `page` when
 * this is their first view today, else adds one to their views. Resolves to their visit as stored and
 * their views today, this one included.
 */
export async function addVisitorView(
  tx: Queryable,
  view: { day: string; visitor: string; source: Source; page: string },
): Promise<Visit & { views: number }> {
  const [visit] = await tx.all<VisitRow & { views: number }>(
    `INSERT INTO analytics_visitors (day, visitor, referrer_host, utm_source, utm_medium, utm_campaign,
         landing_page, views)
       VALUES (?, ?, ?, ?, ?, ?, ?, 1)
       ON CONFLICT (day, visitor) DO UPDATE SET views = analytics_visitors.views + 1
       RETURNING referrer_host, utm_source, utm_medium, utm_campaign, landing_page, views`,
    [
      view.day,
      view.visitor,
      view.source.referrerHost,
      view.source.utmSource,
      view.source.utmMedium,
      view.source.utmCampaign,
      view.page,
    ],
  );
  if (!visit) throw new Error("The visitor upsert returned no row");
  return { ...visitOfRow(visit), views: Number(visit.views) };
}

/**
 * Counts a new visitor against its network's day, in the same statement as the check, so views
 * arriving at once cannot all slip under the cap. Resolves to false when the network has brought `cap`
 * new visitors today already (nothing is then counted).
 */
export async function admitNewVisitor(
  tx: Queryable,
  day: string,
  network: string,
  cap: number,
): Promise<boolean> {
  const admitted = await tx.run(
    `INSERT INTO analytics_networks (day, network, visitors) VALUES (?, ?, 1)
         ON CONFLICT (day, network) DO UPDATE SET visitors = analytics_networks.visitors + 1
         WHERE analytics_networks.visitors < ?`,
    [day, network, cap],
  );
  return admitted !== 0;
}

/** Forgets today's visitor (one whose network was over its cap). */
export async function forgetVisitor(tx: Queryable, day: string, visitor: string): Promise<void> {
  await tx.run("DELETE FROM analytics_visitors WHERE day = ? AND visitor = ?", [day, visitor]);
}

/** Starts a new visit for today's visitor, from `source` and landing on `page`, not yet converted. */
export async function startNewVisit(
  tx: Queryable,
  visit: { day: string; visitor: string; source: Source; page: string },
): Promise<void> {
  await tx.run(
    `UPDATE analytics_visitors SET referrer_host = ?, utm_source = ?, utm_medium = ?, utm_campaign = ?,
           landing_page = ?, converted = 0
         WHERE day = ? AND visitor = ?`,
    [
      visit.source.referrerHost,
      visit.source.utmSource,
      visit.source.utmMedium,
      visit.source.utmCampaign,
      visit.page,
      visit.day,
      visit.visitor,
    ],
  );
}

/** Notes that today's visitor has seen a page; resolves to true when it is their first view of it today. */
export async function addVisitorPage(
  tx: Queryable,
  day: string,
  visitor: string,
  page: string,
): Promise<boolean> {
  const added = await tx.run(
    "INSERT INTO analytics_visitor_pages (day, visitor, page) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
    [day, visitor, page],
  );
  return added > 0;
}

/** Today's visit of a visitor, or null when they were not counted today. */
export async function visitOf(tx: Queryable, day: string, visitor: string): Promise<Visit | null> {
  const [visit] = await tx.all<VisitRow>(
    `SELECT referrer_host, utm_source, utm_medium, utm_campaign, landing_page FROM analytics_visitors
           WHERE day = ? AND visitor = ?`,
    [day, visitor],
  );
  return visit ? visitOfRow(visit) : null;
}

/** Marks today's visit of a visitor as having sent a lead; resolves to 1 the first time, else 0. */
export async function markVisitConverted(tx: Queryable, day: string, visitor: string): Promise<number> {
  return tx.run(
    "UPDATE analytics_visitors SET converted = 1 WHERE day = ? AND visitor = ? AND converted = 0",
    [day, visitor],
  );
}

/** Marks that today's visitor sent a lead from a page; resolves to 1 the first time, else 0. */
export async function markPageConverted(
  tx: Queryable,
  day: string,
  visitor: string,
  page: string,
): Promise<number> {
  return tx.run(
    `UPDATE analytics_visitor_pages SET converted = 1
         WHERE day = ? AND visitor = ? AND page = ? AND converted = 0`,
    [day, visitor, page],
  );
}

/** What forgetting the finished days removed. */
export type Maintenance = {
  /** Salts of finished days destroyed (normally one a day, or none). */
  saltsDestroyed: number;
  /** Visitor rows of finished days deleted. */
  visitorsForgotten: number;
  /** Daily rows older than the retention period deleted. */
  expiredRows: number;
};

/**
 * Destroys the salts of the days before `today`, with those days' visitor hashes, page lists and
 * network counts, and deletes daily figures of the days before `cutoff`; inside the caller's transaction.
 */
export async function forgetDaysBefore(tx: Queryable, today: string, cutoff: string): Promise<Maintenance> {
  const saltsDestroyed = await tx.run("DELETE FROM analytics_salts WHERE day < ?", [today]);
  const visitorsForgotten = await tx.run("DELETE FROM analytics_visitors WHERE day < ?", [today]);
  await tx.run("DELETE FROM analytics_visitor_pages WHERE day < ?", [today]);
  await tx.run("DELETE FROM analytics_networks WHERE day < ?", [today]);
  const expiredRows = await tx.run("DELETE FROM analytics_daily WHERE day < ?", [cutoff]);
  return { saltsDestroyed, visitorsForgotten, expiredRows };
}

const n = (value: unknown) => Number(value ?? 0);

/** The figures a report adds up over days, for a day or a line of a top list. */
export type Figures = {
  views: number;
  visits: number;
  enquiries: number;
  applications: number;
  converted: number;
};

type Sums = {
  views: unknown;
  visits: unknown;
  enquiries: unknown;
  applications: unknown;
  converted: unknown;
};

function figuresOf(row: Sums): Figures {
  return {
    views: n(row.views),
    visits: n(row.visits),
    enquiries: n(row.enquiries),
    applications: n(row.applications),
    converted: n(row.converted),
  };
}

const sums = `SUM(views) AS views, SUM(visits) AS visits, SUM(enquiries) AS enquiries,
  SUM(applications) AS applications`;

/**
 * The days from `from` to `to` (YYYY-MM-DD) that have figures, each added up over its pages, sources
 * and devices: `visitors` are the day's visitors, `converted` its visits that sent a lead.
 */
export async function figuresByDay(
  db: Queryable,
  from: string,
  to: string,
): Promise<(Figures & { day: string; visitors: number })[]> {
  const rows = await db.all<Sums & { day: string; visitors: unknown }>(
    `SELECT day, SUM(landings) AS visitors, SUM(converted_visits) AS converted, ${sums}
     FROM analytics_daily WHERE day >= ? AND day <= ? GROUP BY day`,
    [from, to],
  );
  return rows.map((row) => ({ day: row.day, visitors: n(row.visitors), ...figuresOf(row) }));
}

/**
 * The `limit` pages with the most views from `from` to `to`: `visitors` are each counted once a day,
 * `converted` are those who sent a lead from the page.
 */
export async function topPages(
  db: Queryable,
  from: string,
  to: string,
  limit: number,
): Promise<(Figures & { page: string; visitors: number })[]> {
  const rows = await db.all<Sums & { page: string; visitors: unknown }>(
    `SELECT page, SUM(visitors) AS visitors, SUM(converted_visitors) AS converted, ${sums}
     FROM analytics_daily WHERE day >= ? AND day <= ? GROUP BY page
     ORDER BY SUM(views) DESC, SUM(visitors) DESC, SUM(enquiries + applications) DESC, page LIMIT ${limit}`,
    [from, to],
  );
  return rows.map((row) => ({ page: row.page, visitors: n(row.visitors), ...figuresOf(row) }));
}

/**
 * The `limit` sources with the most views from `from` to `to`: a campaign's utm_source when tagged,
 * else the referring host ("" for direct or not known); `converted` are the visits that sent a lead.
 */
export async function topSources(
  db: Queryable,
  from: string,
  to: string,
  limit: number,
): Promise<(Figures & { source: string })[]> {
  const sourceOf = "CASE WHEN utm_source <> '' THEN utm_source ELSE referrer_host END";
  const rows = await db.all<Sums & { source: string }>(
    `SELECT ${sourceOf} AS source, SUM(converted_visits) AS converted, ${sums}
     FROM analytics_daily WHERE day >= ? AND day <= ?
     GROUP BY ${sourceOf}
     ORDER BY SUM(views) DESC, SUM(visits) DESC, SUM(enquiries + applications) DESC, source LIMIT ${limit}`,
    [from, to],
  );
  return rows.map((row) => ({ source: row.source, ...figuresOf(row) }));
}

/** The `limit` tagged campaigns with the most views from `from` to `to`; `converted` as for sources. */
export async function topCampaigns(
  db: Queryable,
  from: string,
  to: string,
  limit: number,
): Promise<(Figures & { utmSource: string; utmMedium: string; utmCampaign: string })[]> {
  const rows = await db.all<Sums & { utm_source: string; utm_medium: string; utm_campaign: string }>(
    `SELECT utm_source, utm_medium, utm_campaign, SUM(converted_visits) AS converted, ${sums}
     FROM analytics_daily
     WHERE day >= ? AND day <= ? AND (utm_source <> '' OR utm_medium <> '' OR utm_campaign <> '')
     GROUP BY utm_source, utm_medium, utm_campaign
     ORDER BY SUM(views) DESC, SUM(visits) DESC, SUM(enquiries + applications) DESC, utm_source, utm_medium,
       utm_campaign
     LIMIT ${limit}`,
    [from, to],
  );
  return rows.map((row) => ({
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    ...figuresOf(row),
  }));
}

/** The visitors from `from` to `to` by device, most first. */
export async function visitorsByDevice(
  db: Queryable,
  from: string,
  to: string,
): Promise<{ device: Device; visitors: number }[]> {
  const rows = await db.all<{ device: Device; visitors: unknown }>(
    `SELECT device, SUM(landings) AS visitors FROM analytics_daily WHERE day >= ? AND day <= ?
     GROUP BY device ORDER BY SUM(landings) DESC, device`,
    [from, to],
  );
  return rows.map((row) => ({ device: row.device, visitors: n(row.visitors) }));
}

/** Every stored daily row from `from` to `to`, oldest first, as it is. */
export async function dailyRows(db: Queryable, from: string, to: string): Promise<DailyRow[]> {
  const rows = await db.all<DailyRow>(
    `SELECT ${dailyColumns.join(", ")} FROM analytics_daily WHERE day >= ? AND day <= ?
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
    visits: n(row.visits),
    converted_visits: n(row.converted_visits),
    converted_visitors: n(row.converted_visitors),
  }));
}
