/**
 * Interviews: staff invite an applicant, move the interview or cancel it from the application's page.
 * Each change writes the interview, queues ONE e-mail to the applicant with its calendar invitation
 * (REQUEST, or CANCEL, with the interview's UID and a higher SEQUENCE each time), and records the
 * timeline's line and the lead's last activity, all in one transaction; each e-mail a member of staff
 * causes counts against the caps on the e-mails staff write (server/leads/staff-mail.ts), as a reply
 * does, since its note is their words. The service also hands the
 * workspace its lists of interviews (interview-lists.ts); the form's checks are in interview-form.ts and
 * the e-mails' words in interview-mail.ts.
 */
import { randomUUID } from "node:crypto";
import { applicants } from "#core/config/applicants.ts";
import type { StaffLimitsConfig } from "#core/config/staff-limits.ts";
import { addressLineOf, type CompanyFacts, shippedCompany } from "#core/content/company-facts.ts";
import { kindOfReference } from "#core/leads/model.ts";
import { describeWhen } from "#core/time/london-time.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { ApplicantLinks, QueuedMail } from "../delivery/emails.ts";
import { enqueueEmail } from "../delivery/outbox.ts";
import { type CapRefusal, countStaffMail } from "../leads/staff-mail.ts";
import {
  addInterview,
  cancelInterview,
  type Interview,
  interviewByUid,
  rebookInterview,
  scheduledInterviewsAfter,
} from "../tables/interviews.ts";
import { applicantOf, markInvited } from "../tables/leads/applications.ts";
import { touchActivity } from "../tables/leads/records.ts";
import { type AuditEntry, recordEvent } from "../tables/timeline.ts";
import { checkInterviewForm, type InterviewField, type InterviewForm } from "./interview-form.ts";
import {
  type ApplicationInterview,
  applicationInterviews,
  type ComingInterviews,
  comingInterviews,
} from "./interview-lists.ts";
import { type InterviewApplicant, type InterviewSending, interviewMail } from "./interview-mail.ts";
import { timelineDetail } from "./interview-words.ts";

const hour = 60 * 60_000;

/**
 * What came of a change: its value, or a refusal in words for the person, naming the field at fault
 * when there is one; `missing` says which thing does not exist (a 404), `limited` that a cap on the
 * e-mails staff write refused it (a 429).
 */
export type InterviewOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; problem: string; field?: InterviewField; missing?: "application" | "interview" }
  | CapRefusal;

const noApplication = {
  ok: false,
  missing: "application",
  problem: "There is no application with that reference.",
} as const;
const noInterview = {
  ok: false,
  missing: "interview",
  problem: "This application has no such interview. Please reload the page and try again.",
} as const;

/** Who is doing it: a signed-in member of staff. */
type Staff = { id: number };

/** Why an application cannot be written to about interviews now, or null when it can. */
function barred(applicant: InterviewApplicant): string | null {
  if (applicant.status === "spam") {
    return "This application is marked as spam, and spam is never mailed. Change its status first if it is genuine.";
  }
  if (applicant.status === "withdrawn") {
    return "The applicant withdrew this application, so there is no interview to arrange.";
  }
  return null;
}

/**
 * True when an invitation or update queued at `now` is itself the reminder: it goes inside the time
 * before the interview when the reminder would, so no separate reminder follows.
 */
function isItsOwnReminder(startsAt: number, now: number): boolean {
  return startsAt - now <= applicants.interviewReminderHours * hour;
}

/** When a booking's reminder counts as sent: now when its e-mail is itself the reminder, else null. */
function remindedAt(startsAt: number, now: number): number | null {
  return isItsOwnReminder(startsAt, now) ? now : null;
}

/** Queues an interview's e-mail to the applicant and writes the timeline's line, in the caller's transaction. */
async function tellApplicant(
  tx: Queryable,
  mail: QueuedMail,
  event: AuditEntry & { reference: string },
): Promise<void> {
  await enqueueEmail(tx, event.reference, mail, event.now);
  await recordEvent(tx, event);
}

/** Who cancels: a member of staff, or the applicant's withdrawal. */
type Cancelling = { kind: "cancelled"; staffId: number } | { kind: "cancelled-withdrawn" };

/**
 * Cancels one scheduled interview (SEQUENCE + 1) and queues the cancellation to the applicant with the
 * timeline's line; false when it was no longer scheduled, and nothing was done.
 */
async function cancelOne(
  tx: Queryable,
  interview: Interview,
  applicant: InterviewApplicant,
  sending: InterviewSending,
  by: Cancelling,
): Promise<boolean> {
  const { now } = sending;
  const sequence = await cancelInterview(tx, interview.reference, interview.uid, now);
  if (sequence === null) return false;
  const facts = interview.booking;
  const mail = interviewMail(by.kind, { ...facts, uid: interview.uid, sequence }, applicant, sending);
  await tellApplicant(tx, mail, {
    reference: interview.reference,
    action: "interview-cancelled",
    ...(by.kind === "cancelled"
      ? { staffId: by.staffId, detail: timelineDetail(facts) }
      : { detail: `${timelineDetail(facts)}; the applicant withdrew` }),
    now,
  });
  return true;
}

/**
 * Cancels, inside the caller's transaction, every interview still to come of an application the
 * applicant withdrew, and queues each cancellation (METHOD:CANCEL) to them: what their calendar holds
 * goes with the application. Resolves to how many were cancelled; the caller wakes the delivery queue.
 */
export async function cancelScheduledInterviews(
  tx: Queryable,
  options: { reference: string; now: number; links: ApplicantLinks; replyTo: string },
): Promise<number> {
  const { reference, now } = options;
  const applicant = await applicantOf(tx, reference);
  if (!applicant) return 0;
  const interviews = await scheduledInterviewsAfter(tx, reference, now);
  const sending = { replyTo: options.replyTo, links: options.links, now };
  let cancelled = 0;
  for (const interview of interviews) {
    if (await cancelOne(tx, interview, applicant, sending, { kind: "cancelled-withdrawn" })) cancelled++;
  }
  return cancelled;
}

/**
 * Sends each interview still to come of an application again, inside the caller's transaction, once its
 * address was corrected after a bounce: the same UID at the next SEQUENCE, so a calendar that did get an
 * earlier copy updates it, to the address on file now, with the timeline's line. Resolves with how many.
 */
export async function resendInvitations(
  tx: Queryable,
  options: { reference: string; staffId: number; now: number; links: ApplicantLinks; replyTo: string },
): Promise<number> {
  const { reference, now } = options;
  const applicant = await applicantOf(tx, reference);
  if (!applicant || barred(applicant)) return 0;
  const sending = { replyTo: options.replyTo, links: options.links, now };
  let sent = 0;
  for (const interview of await scheduledInterviewsAfter(tx, reference, now)) {
    const facts = interview.booking;
    const sequence = await rebookInterview(tx, reference, interview.uid, {
      booking: facts,
      remindedAt: remindedAt(facts.startsAt, now),
      now,
    });
    if (sequence === null) continue;
    const mail = interviewMail("invited", { ...facts, uid: interview.uid, sequence }, applicant, sending);
    await tellApplicant(tx, mail, {
      reference,
      action: "interview-invited",
      staffId: options.staffId,
      detail: `${timelineDetail(facts)}; sent again to the corrected address`,
      now,
    });
    sent++;
  }
  return sent;
}

export type InterviewsOptions = {
  db: Database;
  /** The applicant's personal link, which every e-mail to them carries. */
  applicantLinks: ApplicantLinks;
  /** The recruitment inbox (APPLICATIONS_TO): every interview e-mail's Reply-To, and the calendar's ORGANIZER. */
  replyTo: string;
  /** The company's facts published now (Site content), for the phone in the e-mails. */
  company?: () => CompanyFacts;
  /** The clock; tests move it. */
  clock?: () => number;
  /** Called once an e-mail was queued, so the delivery queue sends it at once. */
  onQueued?: () => void;
  /** The caps on every e-mail staff write (core/config/staff-limits.ts unless a test lowers them). */
  limits?: StaffLimitsConfig;
  /** The team page's address, for the administrators' e-mail when someone reaches a cap. */
  teamUrl?: string | undefined;
};

/**
 * The interviews service, built once by the composition root and handed to the workspace's routes:
 * invite, move and cancel (each e-mails the applicant), and the lists the workspace shows.
 */
export function createInterviews(options: InterviewsOptions) {
  const { db, replyTo, applicantLinks } = options;
  const clock = options.clock ?? Date.now;
  // The office an interview "at our office" is booked at: as the company's details publish it now.
  const office = () => addressLineOf(options.company?.() ?? shippedCompany);
  const sending = (now: number): InterviewSending => ({
    replyTo,
    links: applicantLinks,
    now,
    company: options.company?.(),
  });
  const caps = { limits: options.limits, teamUrl: options.teamUrl };

  /** Runs one change in a transaction; wakes the delivery queue when it queued an e-mail. */
  async function change<T>(fn: (now: number) => Promise<InterviewOutcome<T>>): Promise<InterviewOutcome<T>> {
    const outcome = await fn(clock());
    // A refusal by a cap may have queued the administrators' e-mail.
    if (outcome.ok || "limited" in outcome) options.onQueued?.();
    return outcome;
  }

  /** Counts the applicant's e-mail against the caps first: the refusal, or null when it may go. */
  const counted = (tx: Queryable, reference: string, me: Staff, now: number) =>
    countStaffMail(tx, db.sql, { reference, staffId: me.id, kind: "interview", now }, caps);

  /** The application behind a reference, or the refusal: not an application, none, spam or withdrawn. */
  async function writableApplicant(
    tx: Queryable,
    reference: string,
  ): Promise<InterviewOutcome<InterviewApplicant>> {
    const kind = kindOfReference(reference);
    if (kind === "enquiry") return { ok: false, problem: "Only job applications have interviews." };
    if (kind !== "application") return noApplication;
    const applicant = await applicantOf(tx, reference);
    if (!applicant) return noApplication;
    const bar = barred(applicant);
    return bar ? { ok: false, problem: bar } : { ok: true, value: applicant };
  }

  /** A scheduled interview still to come of this application, or the refusal in words. */
  async function comingInterview(tx: Queryable, reference: string, uid: string, now: number) {
    const interview = await interviewByUid(tx, reference, uid);
    if (!interview) return noInterview;
    if (interview.status === "cancelled")
      return { ok: false as const, problem: "This interview is already cancelled." };
    if (interview.booking.startsAt <= now) {
      return {
        ok: false as const,
        problem: "This interview's time has already come. To see them again, invite them to a new interview.",
      };
    }
    return { ok: true as const, value: interview };
  }

  return {
    /**
     * Invites the applicant: a new interview, its e-mail and calendar invitation, the timeline's line.
     * An application at New or Contacted moves to Interview (and counts as answered).
     */
    invite: (
      reference: string,
      form: InterviewForm,
      me: Staff,
    ): Promise<InterviewOutcome<{ uid: string; status: "moved" | "kept" }>> =>
      change(async (now) => {
        const booking = checkInterviewForm(form, now, office());
        if (!booking.ok) return booking;
        return db.transaction(async (tx) => {
          const found = await writableApplicant(tx, reference);
          if (!found.ok) return found;
          const capped = await counted(tx, reference, me, now);
          if (capped) return capped;
          const applicant = found.value;
          const uid = randomUUID();
          const facts = booking.value;
          await addInterview(tx, {
            uid,
            reference,
            booking: facts,
            remindedAt: remindedAt(facts.startsAt, now),
            staffId: me.id,
            now,
          });
          const mail = interviewMail("invited", { ...facts, uid, sequence: 0 }, applicant, sending(now));
          await tellApplicant(tx, mail, {
            reference,
            action: "interview-invited",
            staffId: me.id,
            detail: timelineDetail(facts),
            now,
          });
          const moves = applicant.status === "new" || applicant.status === "contacted";
          await markInvited(tx, reference, now, moves);
          if (moves) {
            await recordEvent(tx, {
              reference,
              action: "status-changed",
              staffId: me.id,
              detail: `${applicant.status} → interview`,
              now,
            });
          }
          return {
            ok: true as const,
            value: { uid, status: moves ? ("moved" as const) : ("kept" as const) },
          };
        });
      }),

    /**
     * Moves an interview still to come to a new time or place: the update (same UID, SEQUENCE + 1) is
     * e-mailed, and the applicant's earlier answer and the reminder start again.
     */
    move: (reference: string, uid: string, form: InterviewForm, me: Staff): Promise<InterviewOutcome<null>> =>
      change(async (now) => {
        const booking = checkInterviewForm(form, now, office());
        if (!booking.ok) return booking;
        return db.transaction(async (tx) => {
          const found = await writableApplicant(tx, reference);
          if (!found.ok) return found;
          const current = await comingInterview(tx, reference, uid, now);
          if (!current.ok) return current;
          const capped = await counted(tx, reference, me, now);
          if (capped) return capped;
          const facts = booking.value;
          const sequence = await rebookInterview(tx, reference, uid, {
            booking: facts,
            remindedAt: remindedAt(facts.startsAt, now),
            now,
          });
          if (sequence === null) return noInterview;
          const previous = current.value.booking;
          const mail = interviewMail(
            "moved",
            { ...facts, uid, sequence },
            found.value,
            sending(now),
            previous,
          );
          await tellApplicant(tx, mail, {
            reference,
            action: "interview-moved",
            staffId: me.id,
            detail: `now ${timelineDetail(facts)} (was ${describeWhen(previous.startsAt, previous.minutes)})`,
            now,
          });
          await touchActivity(tx, "application", reference, now);
          return { ok: true as const, value: null };
        });
      }),

    /** Cancels an interview still to come: the cancellation (METHOD:CANCEL, SEQUENCE + 1) is e-mailed. */
    cancel: (reference: string, uid: string, me: Staff): Promise<InterviewOutcome<null>> =>
      change(async (now) =>
        db.transaction(async (tx) => {
          const kind = kindOfReference(reference);
          if (kind !== "application") return kind === "enquiry" ? noInterview : noApplication;
          const applicant = await applicantOf(tx, reference);
          if (!applicant) return noApplication;
          if (applicant.status === "spam") return { ok: false as const, problem: barred(applicant) ?? "" };
          const current = await comingInterview(tx, reference, uid, now);
          if (!current.ok) return current;
          // The cancellation is an e-mail staff cause like any other: past a cap it is refused, and the
          // interview stays booked (and in the applicant's calendar) until it can be cancelled.
          const capped = await counted(tx, reference, me, now);
          if (capped) return capped;
          const by = { kind: "cancelled", staffId: me.id } as const;
          if (!(await cancelOne(tx, current.value, applicant, sending(now), by))) return noInterview;
          await touchActivity(tx, "application", reference, now);
          return { ok: true as const, value: null };
        }),
      ),

    /** One application's interviews for its page: those to come (soonest first), then past ones and cancelled ones. */
    forApplication: (reference: string): Promise<ApplicationInterview[]> =>
      applicationInterviews(db, reference, clock()),

    /**
     * The interviews still scheduled from the start of today (UK time) to the end of next week, for the
     * whole team, or for one person ("Mine": those they booked, and those for applications they own).
     */
    coming: (mine: Staff | null): Promise<ComingInterviews> => comingInterviews(db, mine, clock()),
  };
}

export type Interviews = ReturnType<typeof createInterviews>;
