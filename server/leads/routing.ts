/**
 * Routing: who receives each new lead's e-mail, and whose the lead is from the start. Each member of
 * staff chooses on the team page which services' enquiries, and whether job applications, they
 * receive (the `staff_notifications` table). A lead nobody has chosen goes to ENQUIRIES_TO or
 * APPLICATIONS_TO as before; a lead exactly one person receives is theirs from the start.
 */
import type { LeadKind } from "#core/leads/model.ts";
import { routeOf } from "#core/staff/notifications.ts";
import type { Queryable, Transaction } from "../db/database.ts";
import type { QueuedMail } from "../delivery/emails.ts";
import { tableOf } from "./model.ts";
import { sendEvent } from "./timeline.ts";

export type Recipient = { id: number; name: string; email: string };

/** Everyone on the team (access not removed) who receives leads taking this route, in the order they joined. */
export async function recipientsFor(db: Queryable, route: string): Promise<Recipient[]> {
  const rows = await db.all<{ id: number; name: string; email: string }>(
    `SELECT s.id, s.name, s.email FROM staff s JOIN staff_notifications n ON n.staff_id = s.id
     WHERE n.route = ? AND s.revoked_at IS NULL ORDER BY s.id`,
    [route],
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name, email: row.email }));
}

/** Who receives a lead of this kind and service. */
export function recipientsOfLead(db: Queryable, kind: LeadKind, service: string): Promise<Recipient[]> {
  return recipientsFor(db, routeOf(kind, service));
}

/**
 * Sends a new lead's staff e-mail to the people who receive it (one copy each), or leaves it addressed
 * to the company's inbox when nobody does; when exactly one person receives it, makes them its owner
 * (on the timeline). Inside the submission's own transaction, with its last statements.
 */
export function routeNewLead(
  tx: Transaction,
  lead: { reference: string; kind: LeadKind },
  people: Recipient[],
  mails: QueuedMail[],
  now: number,
): QueuedMail[] {
  if (people.length === 0) return mails;
  const [only] = people;
  if (people.length === 1 && only) {
    tx.send(`UPDATE ${tableOf(lead.kind)} SET owner_id = ? WHERE reference = ?`, [only.id, lead.reference]);
    sendEvent(tx, { reference: lead.reference, action: "owner-changed", detail: only.name, now });
  }
  return mails.flatMap((mail) =>
    mail.purpose === "notification" ? people.map((person) => ({ ...mail, to: person.email })) : [mail],
  );
}
