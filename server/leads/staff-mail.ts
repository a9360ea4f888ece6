/**
 * Every e-mail a member of staff writes to the person behind a lead goes from the company's own address,
 * which mail providers trust, with words staff chose. So whichever screen sends it (a reply, an
 * applicant's stage e-mail, a vacancy's "not this time", an interview's invitation, move or
 * cancellation), it is counted here, one count per recipient, against the same caps
 * (core/config/staff-limits.ts), and names its lead in the subject. A stolen session then cannot turn any
 * of those screens into a way of mailing without limit, and whoever receives one (or a mail provider asked
 * about it) can tie it to its lead.
 *
 * Shared by the workspace's replies and the applicants' e-mails, which are features that never import
 * each other, so it sits with the leads, below both.
 */
import { site } from "#core/config/site.ts";
import { type StaffLimitsConfig, staffLimits } from "#core/config/staff-limits.ts";
import type { Queryable } from "../db/database.ts";
import type { SqlDialect } from "../db/dialect.ts";
import { enqueueEmail } from "../delivery/outbox.ts";
import { administratorEmails, lockMember } from "../tables/staff.ts";
import { type Cap, claimCapAlert } from "../tables/staff-cap-alerts.ts";
import {
  countStaffMailBy,
  countStaffMailTo,
  recordStaffMail,
  type StaffMailKind,
} from "../tables/staff-mail.ts";

export type { StaffMailKind };

const hourMs = 60 * 60 * 1000;

/** How far back each cap counts: a lead's e-mails over a day, a person's over an hour. */
export const staffMailWindowMs: Record<Cap, number> = { lead: 24 * hourMs, person: hourMs };

/** What the caps need besides the e-mail: their sizes, and the team page for the administrators' e-mail. */
export type StaffMailCaps = {
  /** The caps; core/config/staff-limits.ts unless a test lowers them. */
  limits?: StaffLimitsConfig | undefined;
  /** The team page's address, where an administrator revokes someone's access. */
  teamUrl?: string | undefined;
};

/**
 * An e-mail refused by a cap, in words for the person; `alerted` when the administrators were e-mailed
 * now. It is never about a missing lead, which callers' refusals tell apart by `missing`.
 */
export type CapRefusal = {
  ok: false;
  limited: true;
  cap: Cap;
  alerted: boolean;
  problem: string;
  missing?: undefined;
};

/**
 * The subject as staff wrote it, with the lead's reference added in brackets unless it is there already
 * (in any case): every e-mail staff write names its lead.
 */
export function withReference(subject: string, reference: string): string {
  return subject.toUpperCase().includes(reference.toUpperCase()) ? subject : `${subject} (${reference})`;
}

/**
 * Counts one e-mail a member of staff is about to write to the person behind `reference`, inside the
 * caller's transaction and before it writes anything else: null when it may go (it is counted now), or
 * the refusal when a cap is reached (nothing is counted, and the administrators are e-mailed once for
 * that person, cap and window). The sender's row is locked until the caller's transaction ends, so
 * e-mails sent at once, from any process, are counted one after another and no cap is passed by a race.
 */
export async function countStaffMail(
  tx: Queryable,
  sql: SqlDialect,
  mail: { reference: string; staffId: number; kind: StaffMailKind; now: number },
  caps: StaffMailCaps = {},
): Promise<CapRefusal | null> {
  const { reference, staffId, now } = mail;
  const limits = caps.limits ?? staffLimits;
  const me = await lockMember(tx, sql, staffId);
  const cap = await reachedCap(tx, { reference, staffId, now, limits });
  if (cap) {
    const staff = { id: staffId, name: me?.name ?? "", email: me?.email ?? "" };
    const alerted = await alertAdministrators(tx, {
      cap,
      staff,
      reference,
      now,
      limits,
      teamUrl: caps.teamUrl,
    });
    return { ok: false, limited: true, cap, alerted, problem: capProblem(cap, limits) };
  }
  await recordStaffMail(tx, mail);
  return null;
}

/**
 * How many more e-mails this member of staff may write now before the hourly cap refuses one (never
 * below nothing): what a "not this time" to many applicants is held to before it starts.
 */
export async function staffMailLeft(
  db: Queryable,
  staffId: number,
  now: number,
  limits: StaffLimitsConfig = staffLimits,
): Promise<number> {
  const sent = await countStaffMailBy(db, staffId, now - staffMailWindowMs.person);
  return Math.max(0, limits.emailsPerPersonPerHour - sent);
}

/** The cap one more e-mail would pass, counted from every process's e-mails, or null. */
async function reachedCap(
  tx: Queryable,
  input: { reference: string; staffId: number; now: number; limits: StaffLimitsConfig },
): Promise<Cap | null> {
  const toLead = await countStaffMailTo(tx, input.reference, input.now - staffMailWindowMs.lead);
  if (toLead >= input.limits.emailsPerLeadPerDay) return "lead";
  const byPerson = await countStaffMailBy(tx, input.staffId, input.now - staffMailWindowMs.person);
  if (byPerson >= input.limits.emailsPerPersonPerHour) return "person";
  return null;
}

function capProblem(cap: Cap, limits: StaffLimitsConfig): string {
  return cap === "lead"
    ? `This lead has had ${limits.emailsPerLeadPerDay} e-mails from us in the last 24 hours, the most we send one person in a day, so this e-mail was not sent. Please telephone them, or try again tomorrow.`
    : `You have sent ${limits.emailsPerPersonPerHour} e-mails in the last hour, the most one person may send, so this e-mail was not sent. Please try again later; the administrators have been told.`;
}

/**
 * E-mails every administrator, through the delivery queue, that someone reached a cap: once per person,
 * cap and window (the first refusal's row in staff_cap_alerts decides, whichever process made it).
 * Resolves to true when the e-mail was queued now.
 */
async function alertAdministrators(
  tx: Queryable,
  input: {
    cap: Cap;
    staff: { id: number; name: string; email: string };
    reference: string;
    now: number;
    limits: StaffLimitsConfig;
    teamUrl: string | undefined;
  },
): Promise<boolean> {
  const windowMs = staffMailWindowMs[input.cap];
  const claimed = await claimCapAlert(tx, {
    staffId: input.staff.id,
    cap: input.cap,
    windowStart: Math.floor(input.now / windowMs) * windowMs,
    now: input.now,
  });
  if (!claimed) return false;
  const admins = await administratorEmails(tx);
  const who = `${input.staff.name} (${input.staff.email})`;
  const what =
    input.cap === "lead"
      ? `tried to e-mail the person behind ${input.reference} after they had had ${input.limits.emailsPerLeadPerDay} e-mails from us in the last 24 hours`
      : `reached the limit of ${input.limits.emailsPerPersonPerHour} e-mails in an hour (the last one refused was to ${input.reference})`;
  const body = [
    `${who} ${what}, so the e-mail was not sent.`,
    "",
    'Replies, stage e-mails, "not this time" e-mails and interview invitations, moves and cancellations all count, one for each person written to.',
    "",
    "If that was them and expected, there is nothing to do: e-mails can be sent again once the time has passed.",
    `If it was not, their account may be in someone else's hands: revoke their access on the Team page of the staff workspace${input.teamUrl ? ` (${input.teamUrl})` : ""}, which signs them out everywhere at once, then invite them again.`,
    "",
    `You will not hear of ${input.staff.name} reaching this limit again until the ${input.cap === "lead" ? "day" : "hour"} is over.`,
  ].join("\n");
  for (const admin of admins) {
    await enqueueEmail(
      tx,
      "",
      {
        purpose: "staff-security",
        to: admin,
        replyTo: null,
        subject: `${site.brand} workspace: ${input.staff.name} reached an e-mail limit`,
        body,
      },
      input.now,
    );
  }
  return admins.length > 0;
}
