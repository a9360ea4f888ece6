/**
 * An interview in words, written once for everything that tells of it: the applicant's e-mails, the
 * calendar invitation's LOCATION and DESCRIPTION, the timeline and the workspace's lists.
 */
import { addressLine, site } from "#core/config/site.ts";
import { describeWhen } from "#core/time/london-time.ts";
import type { InterviewBooking } from "../tables/interviews.ts";

/** What an interview's words are made from: its booking. */
export type InterviewFacts = InterviewBooking;

/** The office's address as an interview names it. */
export const officePlace = addressLine;

/** Where, as a calendar's LOCATION reads it: an address, "Phone call: 0161 496 0123" or the video link. */
export function calendarLocation(facts: Pick<InterviewFacts, "placeKind" | "place">): string {
  switch (facts.placeKind) {
    case "office":
      return `${site.brand}, ${facts.place}`;
    case "address":
      return facts.place;
    case "phone":
      return `Phone call: ${facts.place}`;
    case "video":
      return facts.place;
  }
}

/** Where, as the applicant reads it: "At our office, …", "By phone: we will call you on …". */
export function whereForApplicant(facts: Pick<InterviewFacts, "placeKind" | "place">): string {
  switch (facts.placeKind) {
    case "office":
      return `At our office: ${facts.place}`;
    case "address":
      return `At ${facts.place}`;
    case "phone":
      return `By phone: we will call you on ${facts.place}`;
    case "video":
      return `By video call: join with this link at the time: ${facts.place}`;
  }
}

/** Where, as staff read it: "at our office", "at 12 Jersey Street", "by phone on …", "by video link". */
export function whereForStaff(facts: Pick<InterviewFacts, "placeKind" | "place">): string {
  switch (facts.placeKind) {
    case "office":
      return "at our office";
    case "address":
      return `at ${facts.place}`;
    case "phone":
      return `by phone on ${facts.place}`;
    case "video":
      return "by video link";
  }
}

/**
 * The timeline's detail: when, where and with whom. A video link is left out (it may be a meeting's
 * secret); the detail is cleared with the rest of the lead when it is deleted.
 */
export function timelineDetail(facts: InterviewFacts): string {
  return `${describeWhen(facts.startsAt, facts.minutes)}, ${whereForStaff(facts)}, with ${facts.meetWith}`;
}

/** The details block of an e-mail or calendar entry: when, where, who, and our note if any. */
export function detailLines(facts: InterviewFacts): string[] {
  return [
    `When: ${describeWhen(facts.startsAt, facts.minutes)}`,
    `Where: ${whereForApplicant(facts)}`,
    `You will meet: ${facts.meetWith}`,
    ...(facts.note ? ["", "A note from us:", facts.note] : []),
  ];
}

/** The calendar entry's title: "Interview with Cottonopolis Facilities" (and the job, when there is one). */
export function calendarSummary(vacancyTitle: string | null): string {
  return vacancyTitle ? `Interview with ${site.brand}: ${vacancyTitle}` : `Interview with ${site.brand}`;
}
