/**
 * A person's job alerts, as an access request shows them and an erasure deletes them: found by the
 * e-mail address (any case), with their choices and consent record, and everything queued or sent
 * for them (their outbox rows carry the alert's `ALERT-<id>` reference).
 */
import { describeChoices } from "#core/alerts/model.ts";
import { normaliseEmail } from "#core/email.ts";
import type { Queryable } from "../db/database.ts";
import { alertIdsByEmail, alertsByEmail, deleteAlert } from "../tables/job-alerts.ts";

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

/** Every alert of an address, oldest first. */
export async function alertsOf(db: Queryable, email: string): Promise<PersonAlert[]> {
  const alerts = await alertsByEmail(db, normaliseEmail(email));
  return alerts.map((alert) => ({
    choices: describeChoices(alert.choices),
    status: alert.status,
    signedUpAt: alert.createdAt,
    confirmedAt: alert.confirmedAt,
    renewedAt: alert.renewedAt,
    consent: alert.consent,
    consentHow: alert.consentHow,
  }));
}

/** Deletes one alert with what was sent and queued for it; resolves with the outbox rows deleted. */
export async function deleteAlertRows(tx: Queryable, id: string): Promise<number> {
  return (await deleteAlert(tx, id)).emails;
}

/** Deletes every alert of an address with what was sent and queued for it; resolves with the outbox rows deleted. */
export async function eraseAlertsOf(tx: Queryable, email: string): Promise<number> {
  const ids = await alertIdsByEmail(tx, normaliseEmail(email));
  let emails = 0;
  for (const id of ids) emails += await deleteAlertRows(tx, id);
  return emails;
}
