/**
 * The interviews the workspace lists: what is coming (today, the rest of this week and next week, for
 * everyone or for one person) and one application's interviews for its page, every value ready to show.
 * Reads only: the changes are the commands in interviews.ts.
 */
import {
  formatDateTime,
  type InterviewAnswer,
  type InterviewPlaceKind,
  interviewAnswerLabels,
} from "#core/leads/model.ts";
import {
  describeWhen,
  ukClock,
  ukDayStart,
  ukNextMonday,
  ukShortDay,
  ukWall,
} from "#core/time/london-time.ts";
import type { Queryable } from "../db/database.ts";
import {
  type Interview,
  type ListedInterview,
  listedInterviewsOf,
  listedScheduledBetween,
} from "../tables/interviews.ts";
import { whereForStaff } from "./interview-words.ts";

const minute = 60_000;

/** The applicant's answer in words: "Will be there", "Needs another time: "…"", "No answer yet". */
function answerInWords(interview: Pick<Interview, "answer" | "answerMessage" | "answeredAt">): string {
  if (!interview.answer) return "No answer yet";
  const when = interview.answeredAt === null ? "" : ` (answered ${formatDateTime(interview.answeredAt)})`;
  const message =
    interview.answer === "another-time" && interview.answerMessage ? `: “${interview.answerMessage}”` : "";
  return `${interviewAnswerLabels[interview.answer]}${message}${when}`;
}

/** One interview as the workspace lists it, every value ready to show. */
export type InterviewListing = {
  uid: string;
  reference: string;
  applicant: string;
  vacancy: string | null;
  startsAt: number;
  /** For `<time dateTime>`. */
  iso: string;
  /** "Tue 30 Mar". */
  day: string;
  /** "10:00 to 10:45". */
  time: string;
  /** "Tuesday 30 March 2027, 10:00 to 10:45 (UK time)". */
  when: string;
  /** "at our office", "by phone on 07700 900123" ... */
  where: string;
  meetWith: string;
  bookedBy: string | null;
  answer: InterviewAnswer | null;
  answerText: string;
  /** Why its last invitation could not be delivered (a bounce), or null. */
  notDelivered: string | null;
};

/** One of an application's interviews, as its page shows it, with what the move form starts from. */
export type ApplicationInterview = InterviewListing & {
  state: "coming" | "past" | "cancelled";
  minutes: number;
  placeKind: InterviewPlaceKind;
  /** The address, number or link as staff typed it ("" for the office). */
  place: string;
  note: string;
  /** The move form's date and time, in UK time. */
  date: string;
  startTime: string;
};

function listing(interview: ListedInterview): InterviewListing {
  const facts = interview.booking;
  const endsAt = facts.startsAt + facts.minutes * minute;
  return {
    uid: interview.uid,
    reference: interview.reference,
    applicant: `${interview.firstName} ${interview.lastName}`,
    vacancy: interview.vacancyTitle,
    startsAt: facts.startsAt,
    iso: new Date(facts.startsAt).toISOString(),
    day: ukShortDay(facts.startsAt),
    time: `${ukClock(facts.startsAt)} to ${ukClock(endsAt)}`,
    when: describeWhen(facts.startsAt, facts.minutes),
    where: whereForStaff(facts),
    meetWith: facts.meetWith,
    bookedBy: interview.bookedBy,
    answer: interview.answer,
    answerText: answerInWords(interview),
    notDelivered: interview.notDelivered,
  };
}

/** The interviews the workspace lists as coming: today's (UK day), the rest of this week's and next week's. */
export type ComingInterviews = {
  today: InterviewListing[];
  thisWeek: InterviewListing[];
  nextWeek: InterviewListing[];
};

/** The most the Interviews page lists at once: more than two weeks of any office's diary. */
const comingLimit = 500;

/** One application's interviews for its page: those to come (soonest first), then past ones and cancelled ones. */
export async function applicationInterviews(
  db: Queryable,
  reference: string,
  now: number,
): Promise<ApplicationInterview[]> {
  const listed = await listedInterviewsOf(db, reference);
  const interviews = listed.map((interview): ApplicationInterview => {
    const facts = interview.booking;
    const wall = ukWall(facts.startsAt);
    return {
      ...listing(interview),
      state:
        interview.status === "cancelled"
          ? "cancelled"
          : facts.startsAt + facts.minutes * minute > now
            ? "coming"
            : "past",
      minutes: facts.minutes,
      placeKind: facts.placeKind,
      place: facts.placeKind === "office" ? "" : facts.place,
      note: facts.note,
      date: wall.date,
      startTime: wall.time,
    };
  });
  const coming = interviews.filter((interview) => interview.state === "coming").reverse();
  return [...coming, ...interviews.filter((interview) => interview.state !== "coming")];
}

/**
 * The interviews still scheduled from the start of today (UK time) to the end of next week, for the
 * whole team, or for one person ("Mine": those they booked, and those for applications they own).
 */
export async function comingInterviews(
  db: Queryable,
  mine: { id: number } | null,
  now: number,
): Promise<ComingInterviews> {
  const today = ukDayStart(now);
  const tomorrow = ukDayStart(now, 1);
  // This week ends at the start of next Monday; next week a week later.
  const weekEnd = ukNextMonday(now);
  const nextWeekEnd = ukNextMonday(weekEnd);
  const rows = await listedScheduledBetween(db, {
    from: today,
    to: nextWeekEnd,
    staffId: mine ? mine.id : null,
    limit: comingLimit,
  });
  const listed = rows.map(listing);
  return {
    today: listed.filter((row) => row.startsAt < tomorrow),
    thisWeek: listed.filter((row) => row.startsAt >= tomorrow && row.startsAt < weekEnd),
    nextWeek: listed.filter((row) => row.startsAt >= weekEnd),
  };
}
