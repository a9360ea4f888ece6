/**
 * An interview's row as the interviews table holds it, and the facts its words are made from. Shared by
 * the commands that change interviews and the lists that show them, so neither has to import the other.
 */
import type { InterviewAnswer, InterviewPlaceKind } from "#core/leads/model.ts";
import type { InterviewFacts } from "./interview-words.ts";

/** An interview's row. */
export type InterviewRow = {
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
};

/** The columns of an `InterviewRow`, for a SELECT from the interviews table alone. */
export const interviewColumns = `uid, reference, starts_at, minutes, place_kind, place, meet_with, note, sequence, status, answer,
  answer_message, answered_at, staff_id`;

/** The facts an interview's words are made from, read from its row. */
export function factsOf(row: InterviewRow): InterviewFacts {
  return {
    startsAt: Number(row.starts_at),
    minutes: Number(row.minutes),
    placeKind: row.place_kind,
    place: row.place,
    meetWith: row.meet_with,
    note: row.note,
  };
}
