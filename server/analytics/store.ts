/**
 * How views and leads are counted: a visitor's day, the caps on what one visitor or network can add,
 * when a view begins a new visit, and the source a lead is given. The statements are the tables'
 * owners': server/tables/analytics.ts, and server/tables/lead-sources.ts for a lead's source.
 */
import { randomBytes } from "node:crypto";
import type { Device, Source } from "#core/analytics/visit.ts";
import { retention } from "#core/config/retention.ts";
import type { LeadKind } from "#core/leads/model.ts";
import type { Database, Queryable } from "../db/database.ts";
import {
  addToDaily,
  addVisitorPage,
  addVisitorView,
  admitNewVisitor,
  forgetDaysBefore,
  forgetVisitor,
  type Maintenance,
  markPageConverted,
  markVisitConverted,
  offerSalt,
  saltOf,
  startNewVisit,
  visitOf,
} from "../tables/analytics.ts";
import { keepLeadSource, type LeadSource } from "../tables/lead-sources.ts";
import { dayOf, monthsBefore } from "./visitor.ts";

/**
 * How long the daily figures are kept, in months; older days are deleted. From the retention config,
 * which the privacy notice also states.
 */
export const analyticsRetentionMonths: number = retention.analyticsAggregates.months;

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
  await offerSalt(db, day, randomBytes(32).toString("base64url"), now);
  const salt = await saltOf(db, day);
  if (salt === null) throw new Error(`No analytics salt for ${day}`);
  return salt;
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
    const visit = await addVisitorView(tx, view);
    const views = visit.views;
    if (views > maxViewsPerVisitorPerDay) return "over-cap";
    const first = views === 1;
    if (first && !(await admitNewVisitor(tx, view.day, view.network, newVisitorsPerNetwork))) {
      // A new visitor its network has no room for today: not counted at all.
      await forgetVisitor(tx, view.day, view.visitor);
      return "network-over-cap";
    }
    let source = visit.source;
    const newVisit = first || (hasSource(view.source) && !sameSource(view.source, source));
    if (newVisit && !first) {
      source = view.source;
      await startNewVisit(tx, { day: view.day, visitor: view.visitor, source, page: view.page });
    }
    const newPage = await addVisitorPage(tx, view.day, view.visitor, view.page);
    await addToDaily(tx, {
      day: view.day,
      page: view.page,
      source,
      device: view.device,
      views: 1,
      visitors: newPage ? 1 : 0,
      landings: first ? 1 : 0,
      visits: newVisit ? 1 : 0,
    });
    return first ? "first-visit" : "counted";
  });
}

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
    const visit = conversion.visitor ? await visitOf(tx, conversion.day, conversion.visitor) : null;
    let convertedVisits = 0;
    let convertedVisitors = 0;
    if (visit && conversion.visitor) {
      convertedVisits = await markVisitConverted(tx, conversion.day, conversion.visitor);
      convertedVisitors = await markPageConverted(tx, conversion.day, conversion.visitor, conversion.page);
    }
    const source = visit ? visit.source : conversion.source;
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
    const kept: LeadSource = { ...source, landingPage: visit?.landingPage ?? "", sentFrom: conversion.page };
    if (conversion.reference) await keepLeadSource(tx, conversion.reference, kept);
    return kept;
  });
}

/**
 * Destroys the salts of days that are over, with those days' visitor hashes and page lists, and deletes
 * daily figures older than the retention period. Safe to run in every process, as often as wanted.
 */
export async function maintain(db: Database, now: number): Promise<Maintenance> {
  const today = dayOf(now);
  const cutoff = monthsBefore(today, analyticsRetentionMonths);
  return db.transaction((tx) => forgetDaysBefore(tx, today, cutoff));
}
