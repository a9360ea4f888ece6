import { randomBytes } from "node:crypto";
import { retention } from "#core/config/retention.ts";
import type { LeadKind } from "#core/leads/model.ts";
import type { Database, Queryable } from "../db/database.ts";
import { type Device, dayOf, monthsBefore, type Source } from "./visitor.ts";

/**
 * How long the daily figures are kept, in months; older days are deleted. From the retention config,
 * which the privacy notice also states.
 */
export const analyticsRetentionMonths: number = retention.analyticsAggregates.months;

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

/** Views one visitor can add in a day; past it a script replaying views counts for nothing more. */
export const maxViewsPerVisitorPerDay = 300;

/**
 * New visitors one network (an address, IPv6 by /64) can add in a day. Each new visitor (another browser,
 * another source) can make new rows of figures; one person's browsing makes a handful, an office behind
 * one address a few dozen, so a script sending views with made-up browsers and sources soon stops adding.
 */
export const defaultNewVisitorsPerNetworkPerDay = 300;

/**
 * Today's salt, made by the first process that needs it and shared by all through the database.
 * Processes racing to make it all end up with the one that was stored first.
 */
export async function saltFor(db: Queryable, day: string, now: number): Promise<string> {
  await db.run(
    "INSERT INTO analytics_salts (day, salt, created_at) VALUES (?, ?, ?) ON CONFLICT (day) DO NOTHING",
    [day, randomBytes(32).toString("base64url"), now],
  );
  const [row] = await db.all<{ salt: string }>("SELECT salt FROM analytics_salts WHERE day = ?", [day]);
  if (!row) throw new Error(`No analytics salt for ${day}`);
  return row.salt;
}

/** One row of daily figures, and what to add to it. */
type Increment = {
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
async function addToDaily(db: Queryable, add: Increment): Promise<void> {
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

export type PageView = {
  day: string;
  visitor: string;
  /** The day's hash of the network the view came from (see networkHash). */
  network: string;
  page: string;
  /** The source this view would give the visit, if it is the visitor's first today. */
  source: Source;
  device: Device;
};

/**
 * What a view did: counted (as the visitor's first today or not), dropped past the visitor's daily cap,
 * or dropped because its network has brought its day's share of new visitors.
 */
export type ViewOutcome = "first-visit" | "counted" | "over-cap" | "network-over-cap";

/** True when a view brings a source of its own: another site's link, or campaign tags. */
export function hasSource(source: Source): boolean {
  return Boolean(source.referrerHost || source.utmSource || source.utmMedium || source.utmCampaign);
}

function sameSource(a: Source, b: Source): boolean {
  return (
    a.referrerHost === b.referrerHost &&
    a.utmSource === b.utmSource &&
    a.utmMedium === b.utmMedium &&
    a.utmCampaign === b.utmCampaign
  );
}

type VisitRow = {
  referrer_host: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  landing_page: string;
  views: number;
};

function sourceOfRow(row: Omit<VisitRow, "views" | "landing_page">): Source {
  return {
    referrerHost: row.referrer_host,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
  };
}

/**
 * Counts one page view: the visitor's day is started or continued, the page counts the visitor once,
 * and the day's figures for page, source and device go up, in one transaction. A view that arrives with
 * a source of its own (another site's link, campaign tags) begins a new visit, credited to that source
 * and landing on that page, even when the same visitor came earlier in the day without one; views
 * without a source continue the visit they belong to.
 */
export async function recordView(
  db: Database,
  view: PageView,
  newVisitorsPerNetwork = defaultNewVisitorsPerNetworkPerDay,
): Promise<ViewOutcome> {
  return db.transaction(async (tx) => {
    const [visit] = await tx.all<VisitRow>(
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
    const views = Number(visit.views);
    if (views > maxViewsPerVisitorPerDay) return "over-cap";
    const first = views === 1;
    if (first) {
      // A new visitor: counted against its network's day, in the same statement as the check, so
      // views arriving at once cannot all slip under the cap.
      const admitted = await tx.run(
        `INSERT INTO analytics_networks (day, network, visitors) VALUES (?, ?, 1)
         ON CONFLICT (day, network) DO UPDATE SET visitors = analytics_networks.visitors + 1
         WHERE analytics_networks.visitors < ?`,
        [view.day, view.network, newVisitorsPerNetwork],
      );
      if (admitted === 0) {
        await tx.run("DELETE FROM analytics_visitors WHERE day = ? AND visitor = ?", [
          view.day,
          view.visitor,
        ]);
        return "network-over-cap";
      }
    }
    let source = sourceOfRow(visit);
    const newVisit = first || (hasSource(view.source) && !sameSource(view.source, source));
    if (newVisit && !first) {
      source = view.source;
      await tx.run(
        `UPDATE analytics_visitors SET referrer_host = ?, utm_source = ?, utm_medium = ?, utm_campaign = ?,
           landing_page = ?, converted = 0
         WHERE day = ? AND visitor = ?`,
        [
          source.referrerHost,
          source.utmSource,
          source.utmMedium,
          source.utmCampaign,
          view.page,
          view.day,
          view.visitor,
        ],
      );
    }
    const newPage = await tx.run(
      "INSERT INTO analytics_visitor_pages (day, visitor, page) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
      [view.day, view.visitor, view.page],
    );
    await addToDaily(tx, {
      day: view.day,
      page: view.page,
      source,
      device: view.device,
      views: 1,
      visitors: newPage > 0 ? 1 : 0,
      landings: first ? 1 : 0,
      visits: newVisit ? 1 : 0,
    });
    return first ? "first-visit" : "counted";
  });
}

/** The visit a lead was sent in, as the lead keeps it: its source, landing page and sending page. */
export type LeadSource = Source & { landingPage: string; sentFrom: string };

export type Conversion = {
  kind: LeadKind;
  /** The lead's reference, so it keeps its source; none for counts alone. */
  reference?: string;
  day: string;
  /** The page the form was sent from, or "" when the browser did not say. */
  page: string;
  /** Today's visitor hash, when the sender could be counted; its visit gives the source. */
  visitor?: string;
  /** The source when the visitor was not counted today (no JavaScript): the sending page's own tags. */
  source: Source;
  device: Device;
};

/**
 * Counts one stored enquiry or application for the page it was sent from, the source of the visit it
 * was sent in (or, for a visitor not counted today, `source`) and the device, and gives the lead that
 * source, in one transaction. The visit counts as converted once, and the sending page's visitor once,
 * so a conversion rate never passes 100%. Resolves to the source the lead was given.
 */
export async function recordConversion(db: Database, conversion: Conversion): Promise<LeadSource> {
  return db.transaction(async (tx) => {
    const [visit] = conversion.visitor
      ? await tx.all<Omit<VisitRow, "views">>(
          `SELECT referrer_host, utm_source, utm_medium, utm_campaign, landing_page FROM analytics_visitors
           WHERE day = ? AND visitor = ?`,
          [conversion.day, conversion.visitor],
        )
      : [];
    let convertedVisits = 0;
    let convertedVisitors = 0;
    if (visit && conversion.visitor) {
      convertedVisits = await tx.run(
        "UPDATE analytics_visitors SET converted = 1 WHERE day = ? AND visitor = ? AND converted = 0",
        [conversion.day, conversion.visitor],
      );
      convertedVisitors = await tx.run(
        `UPDATE analytics_visitor_pages SET converted = 1
         WHERE day = ? AND visitor = ? AND page = ? AND converted = 0`,
        [conversion.day, conversion.visitor, conversion.page],
      );
    }
    const source = visit ? sourceOfRow(visit) : conversion.source;
    await addToDaily(tx, {
      day: conversion.day,
      page: conversion.page,
      source,
      device: conversion.device,
      enquiries: conversion.kind === "enquiry" ? 1 : 0,
      applications: conversion.kind === "application" ? 1 : 0,
      convertedVisits,
      convertedVisitors,
    });
    const kept: LeadSource = { ...source, landingPage: visit?.landing_page ?? "", sentFrom: conversion.page };
    if (conversion.reference) {
      await tx.run(
        `INSERT INTO lead_sources (reference, referrer_host, utm_source, utm_medium, utm_campaign,
           landing_page, sent_from)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (reference) DO NOTHING`,
        [
          conversion.reference,
          kept.referrerHost,
          kept.utmSource,
          kept.utmMedium,
          kept.utmCampaign,
          kept.landingPage,
          kept.sentFrom,
        ],
      );
    }
    return kept;
  });
}

export type Maintenance = {
  /** Salts of finished days destroyed (normally one a day, or none). */
  saltsDestroyed: number;
  /** Visitor rows of finished days deleted. */
  visitorsForgotten: number;
  /** Daily rows older than the retention period deleted. */
  expiredRows: number;
};

/**
 * Destroys the salts of days that are over, with those days' visitor hashes and page lists, and deletes
 * daily figures older than the retention period. Safe to run in every process, as often as wanted.
 */
export async function maintain(db: Database, now: number): Promise<Maintenance> {
  const today = dayOf(now);
  const cutoff = monthsBefore(today, analyticsRetentionMonths);
  return db.transaction(async (tx) => {
    const saltsDestroyed = await tx.run("DELETE FROM analytics_salts WHERE day < ?", [today]);
    const visitorsForgotten = await tx.run("DELETE FROM analytics_visitors WHERE day < ?", [today]);
    await tx.run("DELETE FROM analytics_visitor_pages WHERE day < ?", [today]);
    await tx.run("DELETE FROM analytics_networks WHERE day < ?", [today]);
    const expiredRows = await tx.run("DELETE FROM analytics_daily WHERE day < ?", [cutoff]);
    return { saltsDestroyed, visitorsForgotten, expiredRows };
  });
}
