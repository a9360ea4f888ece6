/**
 * The talent pool: applicants who agreed to be kept on file for future roles, while that agreement
 * lasts (retention.applications.futureRoles from when it was given or last renewed), leaving out spam
 * and withdrawn applications. Staff search it by service, place and when people applied.
 */
import { type Period, retention } from "#core/config/retention.ts";
import { noServiceValue, type PoolQuery, poolPageSize } from "#core/leads/pool-query.ts";
import { addPeriod } from "#core/retention-periods.ts";
import { endOfClosingDate } from "#core/vacancies/model.ts";
import type { Database } from "../db/database.ts";
import { poolMembers } from "../tables/leads/pool.ts";

const dayMs = 24 * 60 * 60 * 1000;

/** The shortest and longest a period can run, in ms: months of 28 to 31 days, years of 365 or 366. */
export function periodBounds(period: Period): { shortest: number; longest: number } {
  if ("days" in period) return { shortest: period.days * dayMs, longest: period.days * dayMs };
  const months = "months" in period ? period.months : period.years * 12;
  return { shortest: months * 28 * dayMs, longest: months * 31 * dayMs };
}

/** When a consent given at `agreedAt` runs out. */
export function consentEnds(agreedAt: number, period: Period = retention.applications.futureRoles): number {
  return addPeriod(agreedAt, period);
}

/** The first moment of a day (YYYY-MM-DD) in UK time. */
export function startOfLondonDay(date: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const before = new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
  return endOfClosingDate(before).ms + 1;
}

/** One member of the pool as the Talent pool page lists them. */
export type PoolMember = {
  reference: string;
  firstName: string;
  lastName: string;
  appliedAt: number;
  /** The applicant's own address, as they gave it. */
  address: string;
  vacancy: { reference: string; title: string; location: string; service: string } | null;
  /** When their agreement runs out: they leave the pool then, unless they renew it. */
  inPoolUntil: number;
};

export type PoolPage = { members: PoolMember[]; total: number; page: number; pageSize: number };

/**
 * The pool's members that match the search, newest application first, one page of them with the count
 * of all. The search narrows in SQL; whether a consent still holds is decided here with the calendar
 * rule the purge uses (addPeriod), which SQL cannot say the same way on both databases.
 */
export async function searchPool(
  db: Database,
  query: PoolQuery,
  now: number,
  period: Period = retention.applications.futureRoles,
): Promise<PoolPage> {
  const rows = await poolMembers(db, db.sql, {
    // No consent given longer ago than the longest the period can run is still held.
    consentAfter: now - periodBounds(period).longest,
    noVacancy: query.service === noServiceValue,
    service: query.service,
    place: query.place?.trim().toLowerCase(),
    from: query.from ? startOfLondonDay(query.from) : undefined,
    to: query.to ? endOfClosingDate(query.to).ms : undefined,
  });
  const held = rows
    .map((row) => ({ row, until: consentEnds(Number(row.keep_consent_at), period) }))
    .filter(({ until }) => until > now);
  const page = Math.max(1, query.page ?? 1);
  const members = held.slice((page - 1) * poolPageSize, page * poolPageSize).map(({ row, until }) => ({
    reference: row.reference,
    firstName: row.first_name,
    lastName: row.last_name,
    appliedAt: Number(row.created_at),
    address: row.address,
    vacancy:
      row.vacancy_reference && row.title !== null
        ? {
            reference: row.vacancy_reference,
            title: row.title,
            location: row.location ?? "",
            service: row.service ?? "",
          }
        : null,
    inPoolUntil: until,
  }));
  return { members, total: held.length, page, pageSize: poolPageSize };
}
