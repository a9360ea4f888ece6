/**
 * A person's job alerts, as an access request shows them and an erasure deletes them: found by the
 * e-mail address (any case), with their choices and consent record, and everything queued or sent
 * for them (their outbox rows carry the alert's `ALERT-<id>` reference).
 */
import { type AlertChoices, type AlertFrequency, describeChoices } from "#core/alerts/model.ts";
import { normaliseEmail } from "#core/email.ts";
import type { Queryable } from "../db/database.ts";

/** An alert as the person's access ZIP shows it: their choices and their consent record. */
export type PersonAlert = {
  choices: string;
  status: "pending" | "active";
  signedUpAt: number;
  confirmedAt: number | null;
  renewedAt: number | null;
  consent: string;
  consentHow: string;
};

type Row = {
  id: string;
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

/** Every alert of an address, oldest first. */
export async function alertsOf(db: Queryable, email: string): Promise<PersonAlert[]> {
  const rows = await db.all<Row>("SELECT * FROM job_alerts WHERE LOWER(email) = ? ORDER BY created_at", [
    normaliseEmail(email),
  ]);
  return rows.map((row) => {
    const choices: AlertChoices = {
      services: list(row.services),
      types: list(row.employment_types),
      place: row.place,
      frequency: row.frequency,
    };
    return {
      choices: describeChoices(choices),
      status: row.status,
      signedUpAt: Number(row.created_at),
      confirmedAt: row.confirmed_at === null ? null : Number(row.confirmed_at),
      renewedAt: row.renewed_at === null ? null : Number(row.renewed_at),
      consent: row.consent,
      consentHow: row.consent_how,
    };
  });
}

/** Deletes one alert with what was sent and queued for it; resolves with the outbox rows deleted. */
export async function deleteAlertRows(tx: Queryable, id: string): Promise<number> {
  await tx.run("DELETE FROM job_alert_sent WHERE alert_id = ?", [id]);
  const emails = await tx.run("DELETE FROM outbox WHERE reference = ?", [`ALERT-${id}`]);
  await tx.run("DELETE FROM job_alerts WHERE id = ?", [id]);
  return emails;
}

/** Deletes every alert of an address with what was sent and queued for it; resolves with the outbox rows deleted. */
export async function eraseAlertsOf(tx: Queryable, email: string): Promise<number> {
  const ids = await tx.all<{ id: string }>("SELECT id FROM job_alerts WHERE LOWER(email) = ?", [
    normaliseEmail(email),
  ]);
  let emails = 0;
  for (const { id } of ids) emails += await deleteAlertRows(tx, id);
  return emails;
}
