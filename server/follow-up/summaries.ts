/**
 * The morning summary: at 08:00 UK time, Monday to Saturday, each person who asked for it gets one
 * e-mail with the leads received since their last one, those due today and those overdue, each linked.
 * It goes once per person per day whichever process sends it: the person's `summary_sent_on` (the UK
 * day) is set by one conditional UPDATE in the transaction that queues it. Nothing to report, nothing
 * is sent. It names leads by reference, kind and service only, never by the person who sent them.
 * Administrators' summaries also say when an accreditation runs out within 60 days, as the workspace does.
 * It also lists the e-mails to leads' people that bounced for good since the last one, so one missed at
 * the time is still seen.
 */
import { renewalWarnings } from "#core/claims/accreditations.ts";
import { site } from "#core/config/site.ts";
import { contentItemPath, contentKey } from "#core/content/model.ts";
import { formatDateTime, type LeadKind, leadKinds, mailNameOf, serviceLabel } from "#core/leads/model.ts";
import { promiseMs } from "#core/leads/reply-promise.ts";
import type { Database, Queryable } from "../db/database.ts";
import { enqueueEmail } from "../delivery/outbox.ts";
import { receivedSince, type SummaryLead, unansweredOf } from "../tables/leads/clock.ts";
import { hardBouncesSince } from "../tables/outbox.ts";
import { claimSummary, dueSummaryReaders } from "../tables/staff.ts";
import { type ClockRouting, leadUrl } from "./reminders.ts";

/** The summary's hour (UK time), and the hour after which a summary missed that morning is no longer sent. */
export const summaryHour = 8;
export const summaryLatestHour = 12;

const londonParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  weekday: "short",
  hourCycle: "h23",
});

/** The UK day ("2026-11-25"), weekday ("Wed") and hour of a moment. */
export function londonClock(ms: number): { day: string; weekday: string; hour: number } {
  const parts = Object.fromEntries(londonParts.formatToParts(ms).map((part) => [part.type, part.value]));
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: parts.weekday ?? "",
    hour: Number(parts.hour),
  };
}

/** True in the summary's window: Monday to Saturday, from 08:00 until noon, UK time. */
export function summaryWindow(ms: number): boolean {
  const { weekday, hour } = londonClock(ms);
  return weekday !== "Sun" && hour >= summaryHour && hour < summaryLatestHour;
}

type Lead = { kind: LeadKind; reference: string; service: string; createdAt: number; due: number | null };

async function leadsSince(db: Queryable, since: number): Promise<Lead[]> {
  const leads: Lead[] = [];
  for (const { value: kind } of leadKinds) {
    for (const row of await receivedSince(db, kind, since)) leads.push(toLead(kind, row));
  }
  return leads.sort((a, b) => a.createdAt - b.createdAt);
}

async function unanswered(db: Queryable): Promise<Lead[]> {
  const leads: Lead[] = [];
  for (const { value: kind } of leadKinds) {
    if (promiseMs(kind) === null) continue;
    for (const row of await unansweredOf(db, kind)) leads.push(toLead(kind, row));
  }
  return leads.sort((a, b) => (a.due ?? 0) - (b.due ?? 0));
}

function toLead(kind: LeadKind, row: SummaryLead): Lead {
  const createdAt = Number(row.created_at);
  const promise = promiseMs(kind);
  return {
    kind,
    reference: row.reference,
    service: row.service,
    createdAt,
    due: promise === null ? null : createdAt + promise,
  };
}

function line(lead: Lead, routing: ClockRouting, when: string): string {
  const what = lead.kind === "enquiry" ? `Enquiry, ${serviceLabel(lead.service)}` : "Job application";
  return `- ${lead.reference} (${what}), ${when}\n  ${leadUrl(routing.publicUrl, lead.reference)}`;
}

/**
 * The summary's words, or null when there is nothing to report. `renewals` are the accreditations' warnings,
 * given to administrators only.
 */
export function summaryBody(
  received: Lead[],
  dueToday: Lead[],
  overdue: Lead[],
  routing: ClockRouting,
  renewals: readonly { text: string; urgent: boolean }[] = [],
  undelivered: readonly { reference: string; purpose: string; reason: string }[] = [],
): string | null {
  if (received.length + dueToday.length + overdue.length + renewals.length + undelivered.length === 0)
    return null;
  const section = (title: string, leads: Lead[], when: (lead: Lead) => string) =>
    leads.length === 0 ? [] : [title, ...leads.map((lead) => line(lead, routing, when(lead))), ""];
  return [
    `Good morning. Here is where the leads stand (UK times). We promise a reply within ${site.claims.replyWithin}.`,
    "",
    ...(renewals.length === 0
      ? []
      : [
          `Accreditations to renew (${renewals.length}): the site stops showing each the day after it runs out`,
          ...renewals.map((renewal) => `- ${renewal.urgent ? "URGENT: " : ""}${renewal.text}`),
          "",
        ]),
    ...(undelivered.length === 0
      ? []
      : [
          `Not delivered since the last summary (${undelivered.length}): correct the address on the lead`,
          ...undelivered.map(
            (bounce) =>
              `- ${bounce.reference}: ${mailNameOf(bounce.purpose).toLowerCase()} could not be delivered: ${bounce.reason}
  ${leadUrl(routing.publicUrl, bounce.reference)}`,
          ),
          "",
        ]),
    ...section(`Overdue (${overdue.length})`, overdue, (lead) => `was due ${formatDateTime(lead.due ?? 0)}`),
    ...section(`Due today (${dueToday.length})`, dueToday, (lead) => `due ${formatDateTime(lead.due ?? 0)}`),
    ...section(
      `New since the last summary (${received.length})`,
      received,
      (lead) => `received ${formatDateTime(lead.createdAt)}`,
    ),
    `To stop these summaries, untick "Send me a summary each morning" on ${routing.publicUrl}/staff/team`,
  ].join("\n");
}

/**
 * Queues the morning summaries due at `now`: in the window, for each person who asked for one and has
 * not had today's. Resolves to how many were queued.
 */
export async function queueSummaries(db: Database, routing: ClockRouting, now: number): Promise<number> {
  if (!summaryWindow(now)) return 0;
  const today = londonClock(now).day;
  const people = await dueSummaryReaders(db, today);
  if (people.length === 0) return 0;
  const waiting = await unanswered(db);
  const overdue = waiting.filter((lead) => lead.due !== null && lead.due <= now);
  const dueToday = waiting.filter(
    (lead) => lead.due !== null && lead.due > now && londonClock(lead.due).day === today,
  );
  // Each leads to its edit page in Site content, where the renewal is made and approved.
  const renewals = renewalWarnings(now, routing.accreditations?.()).map(
    ({ accreditation, text, urgent }) => ({
      text: `${text}\n  ${routing.publicUrl}${contentItemPath("accreditation", contentKey(accreditation.scheme))}`,
      urgent,
    }),
  );
  let queued = 0;
  for (const person of people) {
    // Without an earlier summary, the first counts the day before.
    const since = person.summarySince === null ? now - 24 * 60 * 60 * 1000 : person.summarySince;
    const received = await leadsSince(db, since);
    const bounced = await hardBouncesSince(db, since);
    queued += await db.transaction(async (tx) => {
      if (!(await claimSummary(tx, person.id, today, now))) return 0;
      const toRenew = person.isAdmin ? renewals : [];
      const body = summaryBody(received, dueToday, overdue, routing, toRenew, bounced);
      if (body === null) return 0;
      const count = overdue.length + dueToday.length + received.length + toRenew.length + bounced.length;
      await enqueueEmail(
        tx,
        "",
        {
          purpose: "summary",
          to: person.email,
          replyTo: null,
          subject: `${site.brand} leads this morning: ${overdue.length} overdue, ${dueToday.length} due today, ${received.length} new${bounced.length > 0 ? `, ${bounced.length} not delivered` : ""}${toRenew.length > 0 ? `; ${toRenew.length === 1 ? "an accreditation" : `${toRenew.length} accreditations`} to renew` : ""}`,
          body,
        },
        now,
      );
      return count > 0 ? 1 : 0;
    });
  }
  return queued;
}
