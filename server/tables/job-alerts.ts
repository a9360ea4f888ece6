/**
 * The owner of the `job_alerts` table, one row per job alert a person signed up for (their address,
 * their choices, their consent record and where sending and renewal stand), and of `job_alert_sent`,
 * one row per vacancy an alert has been sent, which keeps a job from ever going to an alert twice.
 */
import type { AlertChoices, AlertFrequency } from "#core/alerts/model.ts";
import type { Queryable } from "../db/database.ts";
import type { SqlDialect } from "../db/dialect.ts";
import { deleteMessagesOf } from "./outbox.ts";

/** One job alert: whose it is, what they chose, their consent record and its dates. */
export type JobAlert = {
  id: string;
  email: string;
  choices: AlertChoices;
  status: "pending" | "active";
  consent: string;
  consentHow: string;
  createdAt: number;
  confirmedAt: number | null;
  renewedAt: number | null;
};

/** An alert as the sending reads it: whose it is, what they chose and when it started. */
export type SendingAlert = Pick<JobAlert, "id" | "email" | "choices" | "createdAt" | "confirmedAt">;

type AlertRow = {
  id: string;
  email: string;
  services: string;
  employment_types: string;
  place: string;
  frequency: AlertFrequency;
  status: "pending" | "active";
  consent: string;
  consent_how: string;
  created_at: number;
  confirmed_at: number | null;
  renewed_at: number | null;
};

const list = (value: string) => (value ? value.split(",") : []);
const optional = (value: number | null) => (value === null ? null : Number(value));

/** A row's choices, its comma-separated columns as lists. */
function choicesOf(
  row: Pick<AlertRow, "services" | "employment_types" | "place" | "frequency">,
): AlertChoices {
  return {
    services: list(row.services),
    types: list(row.employment_types),
    place: row.place,
    frequency: row.frequency,
  };
}

function alertOf(row: AlertRow): JobAlert {
  return {
    id: row.id,
    email: row.email,
    choices: choicesOf(row),
    status: row.status,
    consent: row.consent,
    consentHow: row.consent_how,
    createdAt: Number(row.created_at),
    confirmedAt: optional(row.confirmed_at),
    renewedAt: optional(row.renewed_at),
  };
}

function placeholders(count: number): string {
  return Array.from({ length: count }, () => "?").join(", ");
}

/** The alert with this id, or null when it has gone. */
export async function alertById(db: Queryable, id: string): Promise<JobAlert | null> {
  const [row] = await db.all<AlertRow>("SELECT * FROM job_alerts WHERE id = ?", [id]);
  return row ? alertOf(row) : null;
}

/** Every alert of an address (given in lower case, matched in any case), oldest first. */
export async function alertsByEmail(db: Queryable, email: string): Promise<JobAlert[]> {
  const rows = await db.all<AlertRow>("SELECT * FROM job_alerts WHERE LOWER(email) = ? ORDER BY created_at", [
    email,
  ]);
  return rows.map(alertOf);
}

/** The ids of every alert of an address (given in lower case, matched in any case). */
export async function alertIdsByEmail(db: Queryable, email: string): Promise<string[]> {
  const ids = await db.all<{ id: string }>("SELECT id FROM job_alerts WHERE LOWER(email) = ?", [email]);
  return ids.map((row) => row.id);
}

/**
 * The alert of an address (given in lower case, matched in any case) with its status, locked until the
 * transaction ends; null when it has none.
 */
export async function lockAlertByEmail(
  tx: Queryable,
  sql: SqlDialect,
  email: string,
): Promise<{ id: string; status: string } | null> {
  const [known] = await tx.all<{ id: string; status: string }>(
    `SELECT id, status FROM job_alerts WHERE LOWER(email) = ? ${sql.lockRows}`,
    [email],
  );
  return known ?? null;
}

/** Every alert's id, address and time of sign-up: for repeating the erasure ledger after a restore. */
export async function everyAlert(db: Queryable): Promise<{ id: string; email: string; createdAt: number }[]> {
  const rows = await db.all<{ id: string; email: string; created_at: number }>(
    "SELECT id, email, created_at FROM job_alerts",
  );
  return rows.map((row) => ({ id: row.id, email: row.email, createdAt: Number(row.created_at) }));
}

/** Adds a sign-up waiting for its confirmation, inside the caller's transaction. */
export async function addPendingAlert(
  tx: Queryable,
  alert: {
    id: string;
    email: string;
    choices: AlertChoices;
    consent: string;
    consentHow: string;
    now: number;
  },
): Promise<void> {
  const { choices } = alert;
  await tx.run(
    `INSERT INTO job_alerts (id, email, services, employment_types, place, frequency, status, consent,
             consent_how, created_at)
           VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
    [
      alert.id,
      alert.email,
      choices.services.join(","),
      choices.types.join(","),
      choices.place,
      choices.frequency,
      alert.consent,
      alert.consentHow,
      alert.now,
    ],
  );
}

/** Starts a sign-up still waiting: active from `now`, and `confirmedHow` added to its consent record. */
export async function markConfirmed(
  db: Queryable,
  id: string,
  now: number,
  confirmedHow: string,
): Promise<void> {
  await db.run(
    `UPDATE job_alerts SET status = 'active', confirmed_at = ?, renewed_at = ?,
           consent_how = consent_how || ?
         WHERE id = ? AND status = 'pending'`,
    [now, now, confirmedHow, id],
  );
}

/** Replaces an alert's choices and its consent record with what was agreed now. */
export async function setChoices(
  db: Queryable,
  id: string,
  agreed: { choices: AlertChoices; consent: string; consentHow: string },
): Promise<void> {
  const { choices } = agreed;
  await db.run(
    `UPDATE job_alerts SET services = ?, employment_types = ?, place = ?, frequency = ?, consent = ?, consent_how = ?
         WHERE id = ?`,
    [
      choices.services.join(","),
      choices.types.join(","),
      choices.place,
      choices.frequency,
      agreed.consent,
      agreed.consentHow,
      id,
    ],
  );
}

/** Renews an active alert from `now`: its period starts again. */
export async function markRenewed(db: Queryable, id: string, now: number): Promise<void> {
  await db.run("UPDATE job_alerts SET renewed_at = ? WHERE id = ? AND status = 'active'", [now, id]);
}

/** How many active alerts chose each combination of services and employment types (lists; empty is any). */
export async function activeChoiceCounts(
  db: Queryable,
): Promise<{ services: string[]; types: string[]; count: number }[]> {
  const rows = await db.all<{ services: string; employment_types: string; n: number | string }>(
    `SELECT services, employment_types, COUNT(*) AS n FROM job_alerts WHERE status = 'active'
         GROUP BY services, employment_types`,
  );
  return rows.map((row) => ({
    services: list(row.services),
    types: list(row.employment_types),
    count: Number(row.n),
  }));
}

/** Sign-ups still unconfirmed that were made at or before `before`. */
export async function unconfirmedBy(db: Queryable, before: number): Promise<{ id: string }[]> {
  return db.all<{ id: string }>("SELECT id FROM job_alerts WHERE status = 'pending' AND created_at <= ?", [
    before,
  ]);
}

/** Active alerts last renewed at or before `before`, with when. */
export async function renewedBy(db: Queryable, before: number): Promise<{ id: string; renewedAt: number }[]> {
  const rows = await db.all<{ id: string; renewed_at: number }>(
    "SELECT id, renewed_at FROM job_alerts WHERE status = 'active' AND renewed_at <= ?",
    [before],
  );
  return rows.map((row) => ({ id: row.id, renewedAt: Number(row.renewed_at) }));
}

/** Active alerts last renewed at or before `before` and not yet asked about since, with when. */
export async function unaskedRenewedBy(
  db: Queryable,
  before: number,
): Promise<{ id: string; renewedAt: number }[]> {
  const rows = await db.all<{ id: string; renewed_at: number }>(
    `SELECT id, renewed_at FROM job_alerts
     WHERE status = 'active' AND renewed_at <= ? AND (renewal_asked_at IS NULL OR renewal_asked_at < renewed_at)`,
    [before],
  );
  return rows.map((row) => ({ id: row.id, renewedAt: Number(row.renewed_at) }));
}

/**
 * Marks the renewal question of an active alert renewed at `renewedAt` as asked at `now`, unless it was
 * already asked in this period; resolves to the alert's address when this call marked it, else null.
 */
export async function markRenewalAsked(
  tx: Queryable,
  id: string,
  renewedAt: number,
  now: number,
): Promise<string | null> {
  const [alert] = await tx.all<{ email: string }>(
    `UPDATE job_alerts SET renewal_asked_at = ?
         WHERE id = ? AND status = 'active' AND renewed_at = ?
           AND (renewal_asked_at IS NULL OR renewal_asked_at < renewed_at)
         RETURNING email`,
    [now, id, renewedAt],
  );
  return alert ? alert.email : null;
}

/**
 * One page of the active alerts of a frequency, by id after `after`, that started by `startedBy` and,
 * given a `period`, have not been sent it yet.
 */
export async function sendingPage(
  db: Queryable,
  page: {
    frequency: AlertFrequency;
    after: string;
    startedBy: number;
    period: string | null;
    size: number;
  },
): Promise<SendingAlert[]> {
  const { period } = page;
  const rows = await db.all<
    Pick<
      AlertRow,
      "id" | "email" | "services" | "employment_types" | "place" | "frequency" | "confirmed_at" | "created_at"
    >
  >(
    `SELECT id, email, services, employment_types, place, frequency, confirmed_at, created_at
         FROM job_alerts
         WHERE status = 'active' AND frequency = ? AND id > ?
           AND COALESCE(confirmed_at, created_at) <= ?
           ${period ? "AND (last_period IS NULL OR last_period <> ?)" : ""}
         ORDER BY id LIMIT ${page.size}`,
    [page.frequency, page.after, page.startedBy, ...(period ? [period] : [])],
  );
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    choices: choicesOf(row),
    createdAt: Number(row.created_at),
    confirmedAt: optional(row.confirmed_at),
  }));
}

/**
 * Locks, in id order, those of `ids` that are active and, given a `period`, not yet sent it; resolves to
 * their ids. Two processes at once then wait for each other instead of deadlocking.
 */
export async function lockForSending(
  tx: Queryable,
  sql: SqlDialect,
  ids: string[],
  period: string | null,
): Promise<string[]> {
  const periodClause = period ? "AND (last_period IS NULL OR last_period <> ?)" : "";
  const periodParams = period ? [period] : [];
  const locked = await tx.all<{ id: string }>(
    `SELECT id FROM job_alerts WHERE id IN (${placeholders(ids.length)}) AND status = 'active' ${periodClause}
     ORDER BY id ${sql.lockRows}`,
    [...ids, ...periodParams],
  );
  return locked.map((row) => row.id);
}

/**
 * Marks those of `ids` still active and, given a `period`, not yet sent it, as sent it at `now`; resolves
 * to the ids this call marked (another process may have marked the others first).
 */
export async function markSending(
  tx: Queryable,
  ids: string[],
  period: string | null,
  now: number,
): Promise<string[]> {
  const periodClause = period ? "AND (last_period IS NULL OR last_period <> ?)" : "";
  const periodParams = period ? [period] : [];
  const claimed = await tx.all<{ id: string }>(
    `UPDATE job_alerts SET ${period ? "last_period = ?, " : ""}last_sent_at = ?
     WHERE id IN (${placeholders(ids.length)}) AND status = 'active' ${periodClause} RETURNING id`,
    [...periodParams, now, ...ids, ...periodParams],
  );
  return claimed.map((row) => row.id);
}

/** The vacancies (by reference) already sent to each of these alerts. */
export async function sentTo(
  db: Queryable,
  alertIds: string[],
): Promise<{ alertId: string; vacancyReference: string }[]> {
  const rows = await db.all<{ alert_id: string; vacancy_reference: string }>(
    `SELECT alert_id, vacancy_reference FROM job_alert_sent WHERE alert_id IN (${placeholders(alertIds.length)})`,
    alertIds,
  );
  return rows.map((row) => ({ alertId: row.alert_id, vacancyReference: row.vacancy_reference }));
}

/**
 * Records each vacancy as sent to its alert at `now`; resolves to the pairs this call recorded (a pair
 * already there, from another process, is left as it was and not returned).
 */
export async function recordSent(
  tx: Queryable,
  pairs: readonly (readonly [alertId: string, vacancyReference: string])[],
  now: number,
): Promise<{ alertId: string; vacancyReference: string }[]> {
  if (pairs.length === 0) return [];
  const landed = await tx.all<{ alert_id: string; vacancy_reference: string }>(
    `INSERT INTO job_alert_sent (alert_id, vacancy_reference, sent_at)
     VALUES ${pairs.map(() => "(?, ?, ?)").join(", ")}
     ON CONFLICT (alert_id, vacancy_reference) DO NOTHING RETURNING alert_id, vacancy_reference`,
    pairs.flatMap(([alertId, reference]) => [alertId, reference, now]),
  );
  return landed.map((row) => ({ alertId: row.alert_id, vacancyReference: row.vacancy_reference }));
}

/**
 * Deletes an alert with the record of what was sent to it and every e-mail queued or sent about it,
 * inside the caller's transaction: the alert (1, or 0 when it had gone) and the e-mails deleted.
 */
export async function deleteAlert(
  tx: Queryable,
  alertId: string,
): Promise<{ alerts: number; emails: number }> {
  await tx.run("DELETE FROM job_alert_sent WHERE alert_id = ?", [alertId]);
  const emails = await deleteMessagesOf(tx, alertReference(alertId));
  const alerts = await tx.run("DELETE FROM job_alerts WHERE id = ?", [alertId]);
  return { alerts, emails };
}

/**
 * Counts one more bounce (or a send refused because its address is blocked) against an alert, inside the
 * caller's transaction; resolves to its bounces now, or null when the alert has gone.
 */
export async function countAlertBounce(tx: Queryable, alertId: string): Promise<number | null> {
  const [row] = await tx.all<{ bounces: number }>(
    "UPDATE job_alerts SET bounces = bounces + 1 WHERE id = ? RETURNING bounces",
    [alertId],
  );
  return row ? Number(row.bounces) : null;
}

/** The alert id an outbox reference names (`ALERT-<id>`), or null when it names none. */
export function alertIdOfReference(reference: string): string | null {
  return reference.startsWith("ALERT-") ? reference.slice("ALERT-".length) : null;
}

/** The delivery queue's reference for an alert's e-mails: leaving and erasure delete them by it. */
export function alertReference(alertId: string): string {
  return `ALERT-${alertId}`;
}
