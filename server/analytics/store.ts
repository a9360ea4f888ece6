import { randomBytes } from "node:crypto";
import { retention } from "../../app/content/retention.ts";
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
};

/** Adds to a day's figures in one statement, so processes writing at once never lose a count. */
async function addToDaily(db: Queryable, add: Increment): Promise<void> {
  await db.run(
    `INSERT INTO analytics_daily (day, page, referrer_host, utm_source, utm_medium, utm_campaign, device,
       views, visitors, landings, enquiries, applications)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (day, page, referrer_host, utm_source, utm_medium, utm_campaign, device) DO UPDATE SET
       views = analytics_daily.views + excluded.views,
       visitors = analytics_daily.visitors + excluded.visitors,
       landings = analytics_daily.landings + excluded.landings,
       enquiries = analytics_daily.enquiries + excluded.enquiries,
       applications = analytics_daily.applications + excluded.applications`,
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

/**
 * Counts one page view: the visitor's day (with its landing source) is started or continued, the page
 * counts the visitor once, and the day's figures for page, source and device go up, in one transaction.
 * Every view of a visit is credited to the source the visit began with.
 */
export async function recordView(
  db: Database,
  view: PageView,
  newVisitorsPerNetwork = defaultNewVisitorsPerNetworkPerDay,
): Promise<ViewOutcome> {
  return db.transaction(async (tx) => {
    const [visit] = await tx.all<{
      referrer_host: string;
      utm_source: string;
      utm_medium: string;
      utm_campaign: string;
      views: number;
    }>(
      `INSERT INTO analytics_visitors (day, visitor, referrer_host, utm_source, utm_medium, utm_campaign, views)
       VALUES (?, ?, ?, ?, ?, ?, 1)
       ON CONFLICT (day, visitor) DO UPDATE SET views = analytics_visitors.views + 1
       RETURNING referrer_host, utm_source, utm_medium, utm_campaign, views`,
      [
        view.day,
        view.visitor,
        view.source.referrerHost,
        view.source.utmSource,
        view.source.utmMedium,
        view.source.utmCampaign,
      ],
    );
    if (!visit) throw new Error("The visitor upsert returned no row");
    const views = Number(visit.views);
    if (views > maxViewsPerVisitorPerDay) return "over-cap";
    if (views === 1) {
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
    const newPage = await tx.run(
      "INSERT INTO analytics_visitor_pages (day, visitor, page) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
      [view.day, view.visitor, view.page],
    );
    const first = views === 1;
    await addToDaily(tx, {
      day: view.day,
      page: view.page,
      source: {
        referrerHost: visit.referrer_host,
        utmSource: visit.utm_source,
        utmMedium: visit.utm_medium,
        utmCampaign: visit.utm_campaign,
      },
      device: view.device,
      views: 1,
      visitors: newPage > 0 ? 1 : 0,
      landings: first ? 1 : 0,
    });
    return first ? "first-visit" : "counted";
  });
}

/** The source today's visit by this visitor began with, or null when they have not been counted today. */
export async function visitSource(db: Queryable, day: string, visitor: string): Promise<Source | null> {
  const [row] = await db.all<{
    referrer_host: string;
    utm_source: string;
    utm_medium: string;
    utm_campaign: string;
  }>(
    "SELECT referrer_host, utm_source, utm_medium, utm_campaign FROM analytics_visitors WHERE day = ? AND visitor = ?",
    [day, visitor],
  );
  return row
    ? {
        referrerHost: row.referrer_host,
        utmSource: row.utm_source,
        utmMedium: row.utm_medium,
        utmCampaign: row.utm_campaign,
      }
    : null;
}

export type Conversion = {
  kind: "enquiry" | "application";
  day: string;
  /** The page the form was sent from, or "" when the browser did not say. */
  page: string;
  source: Source;
  device: Device;
};

/** Counts one stored enquiry or application for its page, source and device. */
export async function recordConversion(db: Queryable, conversion: Conversion): Promise<void> {
  await addToDaily(db, {
    day: conversion.day,
    page: conversion.page,
    source: conversion.source,
    device: conversion.device,
    enquiries: conversion.kind === "enquiry" ? 1 : 0,
    applications: conversion.kind === "application" ? 1 : 0,
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
