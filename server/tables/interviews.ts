/**
 * The owner of the `interviews` table: the interviews staff arrange with applicants, one row each, named
 * by its calendar UID and kept under its application's reference, with its time and place, its SEQUENCE
 * (one more at every change the applicant's calendar is sent), whether it is still scheduled, the
 * applicant's answer and when the reminder before it was queued.
 */
import type { InterviewAnswer, InterviewPlaceKind } from "#core/leads/model.ts";
import type { Queryable } from "../db/database.ts";
import type { Applicant } from "./leads/applications.ts";

/** An interview's row. */
type InterviewRow = {
  uid: string;
  reference: string;
  starts_at: number;
  minutes: number;
  place_kind: InterviewPlaceKind;
  place: string;
  meet_with: string;
  note: string;
  sequence: number;
  status: "scheduled" | "cancelled";
  answer: InterviewAnswer | null;
  answer_message: string | null;
  answered_at: number | null;
  staff_id: number | null;
  not_delivered: string | null;
};

/** The columns of a booking: when, where, with whom. */
type BookingRow = Pick<InterviewRow, "starts_at" | "minutes" | "place_kind" | "place" | "meet_with" | "note">;

/** When and where an interview is, and with whom: what staff book and what its words are made from. */
export type InterviewBooking = {
  startsAt: number;
  minutes: number;
  placeKind: InterviewPlaceKind;
  /** The address, phone number or video link (for the office, its address). */
  place: string;
  meetWith: string;
  note: string;
};

/** An interview. */
export type Interview = {
  uid: string;
  reference: string;
  booking: InterviewBooking;
  sequence: number;
  status: "scheduled" | "cancelled";
  answer: InterviewAnswer | null;
  answerMessage: string | null;
  answeredAt: number | null;
  /** Who booked it. */
  staffId: number | null;
  /** Why its last invitation could not be delivered (a bounce), or null when none came back. */
  notDelivered: string | null;
};

/** An interview as the workspace lists it: with its applicant's name, the vacancy's title and who booked it. */
export type ListedInterview = Interview & {
  firstName: string;
  lastName: string;
  vacancyTitle: string | null;
  bookedBy: string | null;
};

/** A reminder due: the interview, and the applicant it goes to. */
export type DueReminder = {
  interview: Pick<Interview, "uid" | "reference" | "sequence" | "booking">;
  applicant: Applicant;
};

const columns = `uid, reference, starts_at, minutes, place_kind, place, meet_with, note, sequence, status, answer,
  answer_message, answered_at, staff_id, not_delivered`;

function bookingOf(row: BookingRow): InterviewBooking {
  return {
    startsAt: Number(row.starts_at),
    minutes: Number(row.minutes),
    placeKind: row.place_kind,
    place: row.place,
    meetWith: row.meet_with,
    note: row.note,
  };
}

function interviewOf(row: InterviewRow): Interview {
  return {
    uid: row.uid,
    reference: row.reference,
    booking: bookingOf(row),
    sequence: Number(row.sequence),
    status: row.status,
    answer: row.answer,
    answerMessage: row.answer_message,
    answeredAt: row.answered_at === null ? null : Number(row.answered_at),
    staffId: row.staff_id === null ? null : Number(row.staff_id),
    notDelivered: row.not_delivered ?? null,
  };
}

/** What a booking writes, in this order: starts_at, minutes, place_kind, place, meet_with, note. */
function bookingValues(booking: InterviewBooking) {
  return [
    booking.startsAt,
    booking.minutes,
    booking.placeKind,
    booking.place,
    booking.meetWith,
    booking.note,
  ];
}

/** One interview of an application, or null. */
export async function interviewByUid(
  db: Queryable,
  reference: string,
  uid: string,
): Promise<Interview | null> {
  const [row] = await db.all<InterviewRow>(
    `SELECT ${columns} FROM interviews WHERE uid = ? AND reference = ?`,
    [uid, reference],
  );
  return row ? interviewOf(row) : null;
}

/** An application's interviews still scheduled to start after `now`, soonest first. */
export async function scheduledInterviewsAfter(
  db: Queryable,
  reference: string,
  now: number,
): Promise<Interview[]> {
  const rows = await db.all<InterviewRow>(
    `SELECT ${columns} FROM interviews WHERE reference = ? AND status = 'scheduled' AND starts_at > ? ORDER BY starts_at`,
    [reference, now],
  );
  return rows.map(interviewOf);
}

/**
 * Stores a new interview, scheduled, at SEQUENCE 0; `remindedAt` is set when its invitation is itself
 * the reminder.
 */
export async function addInterview(
  db: Queryable,
  interview: {
    uid: string;
    reference: string;
    booking: InterviewBooking;
    remindedAt: number | null;
    staffId: number;
    now: number;
  },
): Promise<void> {
  const { uid, reference, booking, remindedAt, staffId, now } = interview;
  await db.run(
    `INSERT INTO interviews (uid, reference, starts_at, minutes, place_kind, place, meet_with, note, sequence,
               status, reminder_sent_at, staff_id, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 'scheduled', ?, ?, ?, ?)`,
    [uid, reference, ...bookingValues(booking), remindedAt, staffId, now, now],
  );
}

/**
 * Moves a scheduled interview to a new booking (SEQUENCE + 1), clearing the applicant's answer;
 * `remindedAt` as for a new one. Resolves to its new SEQUENCE, or null when it was not scheduled.
 */
export async function rebookInterview(
  db: Queryable,
  reference: string,
  uid: string,
  change: { booking: InterviewBooking; remindedAt: number | null; now: number },
): Promise<number | null> {
  const [changed] = await db.all<Pick<InterviewRow, "sequence">>(
    `UPDATE interviews SET starts_at = ?, minutes = ?, place_kind = ?, place = ?, meet_with = ?, note = ?,
               sequence = sequence + 1, answer = NULL, answer_message = NULL, answered_at = NULL,
               reminder_sent_at = ?, updated_at = ?, not_delivered = NULL
             WHERE uid = ? AND reference = ? AND status = 'scheduled' RETURNING sequence`,
    [...bookingValues(change.booking), change.remindedAt, change.now, uid, reference],
  );
  return changed ? Number(changed.sequence) : null;
}

/**
 * Marks an application's interviews still to come as "invitation not delivered", with the bounce's
 * words, inside the caller's transaction; resolves with how many.
 */
export function markNotDelivered(
  db: Queryable,
  bounce: { reference: string; reason: string; now: number },
): Promise<number> {
  return db.run(
    "UPDATE interviews SET not_delivered = ? WHERE reference = ? AND status = 'scheduled' AND starts_at > ?",
    [bounce.reason, bounce.reference, bounce.now],
  );
}

/** Cancels a scheduled interview (SEQUENCE + 1); resolves to its new SEQUENCE, or null when it was not scheduled. */
export async function cancelInterview(
  db: Queryable,
  reference: string,
  uid: string,
  now: number,
): Promise<number | null> {
  const [changed] = await db.all<Pick<InterviewRow, "sequence">>(
    `UPDATE interviews SET status = 'cancelled', sequence = sequence + 1, updated_at = ?
     WHERE uid = ? AND reference = ? AND status = 'scheduled' RETURNING sequence`,
    [now, uid, reference],
  );
  return changed ? Number(changed.sequence) : null;
}

/** The time of an application's interview still scheduled to start after `now`, or null. */
export async function answerableInterview(
  db: Queryable,
  reference: string,
  uid: string,
  now: number,
): Promise<Pick<InterviewBooking, "startsAt" | "minutes"> | null> {
  const [row] = await db.all<Pick<InterviewRow, "starts_at" | "minutes">>(
    `SELECT starts_at, minutes FROM interviews
           WHERE uid = ? AND reference = ? AND status = 'scheduled' AND starts_at > ?`,
    [uid, reference, now],
  );
  return row ? { startsAt: Number(row.starts_at), minutes: Number(row.minutes) } : null;
}

/** Records the applicant's answer to an interview at `now`, with their message (null for none). */
export async function recordAnswer(
  db: Queryable,
  uid: string,
  answer: InterviewAnswer,
  message: string | null,
  now: number,
): Promise<void> {
  await db.run("UPDATE interviews SET answer = ?, answer_message = ?, answered_at = ? WHERE uid = ?", [
    answer,
    message,
    now,
    uid,
  ]);
}

/** An application's next scheduled interview not yet over at `now`, as its applicant's page shows it; null for none. */
export async function nextInterviewOf(
  db: Queryable,
  reference: string,
  now: number,
): Promise<Pick<Interview, "uid" | "booking" | "answer" | "answerMessage"> | null> {
  const [row] = await db.all<Pick<InterviewRow, "uid" | "answer" | "answer_message"> & BookingRow>(
    `SELECT uid, starts_at, minutes, place_kind, place, meet_with, note, answer, answer_message FROM interviews
     WHERE reference = ? AND status = 'scheduled' AND starts_at + minutes * 60000 > ?
     ORDER BY starts_at LIMIT 1`,
    [reference, now],
  );
  return row
    ? { uid: row.uid, booking: bookingOf(row), answer: row.answer, answerMessage: row.answer_message }
    : null;
}

/**
 * The reminders due: interviews scheduled after `now` and up to `until`, not yet reminded, soonest first;
 * never for spam or an application the applicant withdrew.
 */
export async function remindersDue(db: Queryable, now: number, until: number): Promise<DueReminder[]> {
  const rows = await db.all<
    Pick<InterviewRow, "uid" | "reference" | "sequence"> &
      BookingRow & {
        first_name: string;
        last_name: string;
        email: string;
        status: string;
        vacancy_title: string | null;
        link_nonce: string;
      }
  >(
    `SELECT i.uid, i.reference, i.starts_at, i.minutes, i.place_kind, i.place, i.meet_with, i.note, i.sequence,
       a.first_name, a.last_name, a.email, a.status, v.title AS vacancy_title, a.link_nonce
     FROM interviews i JOIN applications a ON a.reference = i.reference
     LEFT JOIN vacancies v ON v.reference = a.vacancy_reference
     WHERE i.status = 'scheduled' AND i.starts_at > ? AND i.starts_at <= ? AND i.reminder_sent_at IS NULL
       AND a.status NOT IN ('spam', 'withdrawn')
     ORDER BY i.starts_at`,
    [now, until],
  );
  return rows.map((row) => ({
    interview: {
      uid: row.uid,
      reference: row.reference,
      sequence: Number(row.sequence),
      booking: bookingOf(row),
    },
    applicant: {
      reference: row.reference,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      status: row.status,
      vacancyTitle: row.vacancy_title,
      linkNonce: row.link_nonce,
    },
  }));
}

/**
 * Marks an interview reminded at `now`, if it is still scheduled, still to come and not yet reminded;
 * false when it was not, and the reminder must not go.
 */
export async function markReminded(db: Queryable, uid: string, now: number): Promise<boolean> {
  const claimed = await db.run(
    `UPDATE interviews SET reminder_sent_at = ?
         WHERE uid = ? AND reminder_sent_at IS NULL AND status = 'scheduled' AND starts_at > ?`,
    [now, uid, now],
  );
  return claimed === 1;
}

const listedColumns = `i.uid, i.reference, i.starts_at, i.minutes, i.place_kind, i.place, i.meet_with, i.note,
  i.sequence, i.status, i.answer, i.answer_message, i.answered_at, i.staff_id, i.not_delivered, a.first_name, a.last_name,
  v.title AS vacancy_title, s.name AS booked_by`;
const listedFrom = `interviews i JOIN applications a ON a.reference = i.reference
  LEFT JOIN vacancies v ON v.reference = a.vacancy_reference LEFT JOIN staff s ON s.id = i.staff_id`;

type ListedRow = InterviewRow & {
  first_name: string;
  last_name: string;
  vacancy_title: string | null;
  booked_by: string | null;
};

function listedOf(row: ListedRow): ListedInterview {
  return {
    ...interviewOf(row),
    firstName: row.first_name,
    lastName: row.last_name,
    vacancyTitle: row.vacancy_title,
    bookedBy: row.booked_by,
  };
}

/** One application's interviews, latest first, for the workspace. */
export async function listedInterviewsOf(db: Queryable, reference: string): Promise<ListedInterview[]> {
  const rows = await db.all<ListedRow>(
    `SELECT ${listedColumns} FROM ${listedFrom} WHERE i.reference = ? ORDER BY i.starts_at DESC, i.uid`,
    [reference],
  );
  return rows.map(listedOf);
}

/**
 * The interviews still scheduled from `from` until before `to`, soonest first, at most `limit`: for the
 * whole team, or (`staffId`) those one person booked and those of the applications they own.
 */
export async function listedScheduledBetween(
  db: Queryable,
  window: { from: number; to: number; staffId: number | null; limit: number },
): Promise<ListedInterview[]> {
  const { from, to, staffId, limit } = window;
  const rows = await db.all<ListedRow>(
    `SELECT ${listedColumns} FROM ${listedFrom}
     WHERE i.status = 'scheduled' AND i.starts_at >= ? AND i.starts_at < ?${
       staffId !== null ? " AND (i.staff_id = ? OR a.owner_id = ?)" : ""
     }
     ORDER BY i.starts_at, i.uid LIMIT ?`,
    staffId !== null ? [from, to, staffId, staffId, limit] : [from, to, limit],
  );
  return rows.map(listedOf);
}

/** Deletes every interview of a lead; resolves to how many there were. */
export async function deleteInterviewsOf(db: Queryable, reference: string): Promise<number> {
  return db.run("DELETE FROM interviews WHERE reference = ?", [reference]);
}
