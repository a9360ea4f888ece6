/**
 * The reply clock's reads and claims on the lead tables (`enquiries`, `applications`; see records.ts):
 * which leads still wait for their first answer, the reminder and escalation each gets at most once,
 * and the leads the morning summary names.
 */
import type { LeadKind } from "#core/leads/model.ts";
import type { Queryable } from "../../db/database.ts";
import { tableOf } from "./records.ts";

/** The SQL condition of a lead that nobody has answered yet. */
const waitingForAnswer = "status = 'new' AND answered_at IS NULL";

/** A lead the reply clock may write about: its service ("" for an application) and its owner. */
export type ClockLead = { reference: string; service: string; owner_id: number | null; created_at: number };

/** A lead as the morning summary names it: by reference and service ("" for an application). */
export type SummaryLead = { reference: string; service: string; created_at: number };

/** The service column of a kind, or an empty one for applications, which have none. */
const serviceOf = (kind: LeadKind) => (kind === "enquiry" ? "service" : "'' AS service");

/** How many leads of a kind, received at or before `receivedBy`, still wait for their first answer. */
export async function countWaiting(db: Queryable, kind: LeadKind, receivedBy: number): Promise<number> {
  const [row] = await db.all<{ n: number }>(
    `SELECT COUNT(*) AS n FROM ${tableOf(kind)} WHERE ${waitingForAnswer} AND created_at <= ?`,
    [receivedBy],
  );
  return Number(row?.n ?? 0);
}

/**
 * The leads of a kind still waiting for their first answer and not yet reminded, received after
 * `receivedAfter` and at or before `receivedBy`, oldest first.
 */
export function dueForReminder(
  db: Queryable,
  kind: LeadKind,
  receivedBy: number,
  receivedAfter: number,
): Promise<ClockLead[]> {
  return db.all<ClockLead>(
    `SELECT reference, ${serviceOf(kind)}, owner_id, created_at FROM ${tableOf(kind)} WHERE ${waitingForAnswer} AND reminded_at IS NULL AND created_at <= ? AND created_at > ? ORDER BY created_at`,
    [receivedBy, receivedAfter],
  );
}

/** The leads of a kind still waiting for their first answer and not yet escalated, received at or before `receivedBy`, oldest first. */
export function dueForEscalation(db: Queryable, kind: LeadKind, receivedBy: number): Promise<ClockLead[]> {
  return db.all<ClockLead>(
    `SELECT reference, ${serviceOf(kind)}, owner_id, created_at FROM ${tableOf(kind)} WHERE ${waitingForAnswer} AND escalated_at IS NULL AND created_at <= ? ORDER BY created_at`,
    [receivedBy],
  );
}

/** Marks a lead reminded now, if it still waits and was not reminded; true when this call did it. */
export async function claimReminder(
  tx: Queryable,
  kind: LeadKind,
  reference: string,
  now: number,
): Promise<boolean> {
  const claimed = await tx.run(
    `UPDATE ${tableOf(kind)} SET reminded_at = ? WHERE reference = ? AND reminded_at IS NULL AND ${waitingForAnswer}`,
    [now, reference],
  );
  return claimed === 1;
}

/** Marks a lead escalated now, if it still waits and was not escalated; true when this call did it. */
export async function claimEscalation(
  tx: Queryable,
  kind: LeadKind,
  reference: string,
  now: number,
): Promise<boolean> {
  const claimed = await tx.run(
    `UPDATE ${tableOf(kind)} SET escalated_at = ? WHERE reference = ? AND escalated_at IS NULL AND ${waitingForAnswer}`,
    [now, reference],
  );
  return claimed === 1;
}

/** The leads of a kind received after `since`, spam left out, oldest first. */
export function receivedSince(db: Queryable, kind: LeadKind, since: number): Promise<SummaryLead[]> {
  return db.all<SummaryLead>(
    `SELECT reference, ${serviceOf(kind)}, created_at FROM ${tableOf(kind)} WHERE created_at > ? AND status <> 'spam'
       ORDER BY created_at`,
    [since],
  );
}

/** The leads of a kind that nobody has answered yet, oldest first. */
export function unansweredOf(db: Queryable, kind: LeadKind): Promise<SummaryLead[]> {
  return db.all<SummaryLead>(
    `SELECT reference, ${serviceOf(kind)}, created_at FROM ${tableOf(kind)}
       WHERE status = 'new' AND answered_at IS NULL ORDER BY created_at`,
  );
}
