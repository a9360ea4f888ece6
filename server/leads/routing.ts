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
import { sendOwner } from "../tables/leads/records.ts";
import { type Recipient, recipientsFor } from "../tables/staff.ts";
import { sendEvent } from "../tables/timeline.ts";

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
    sendOwner(tx, lead.kind, lead.reference, only.id);
    sendEvent(tx, { reference: lead.reference, action: "owner-changed", detail: only.name, now });
  }
  return mails.flatMap((mail) =>
    mail.purpose === "notification" ? people.map((person) => ({ ...mail, to: person.email })) : [mail],
  );
}
