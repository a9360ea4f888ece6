/**
 * The interview form's checks: what staff type to invite an applicant or move an interview, turned into
 * an interview's facts or refused in words that name the field at fault. Pure (no database, no clock of
 * its own), so the invitation and the move check the same way and a test needs nothing but a string.
 */
import { characterProblem } from "#core/characters.ts";
import { applicants } from "#core/config/applicants.ts";
import { interviewLimits, interviewPlaceKinds } from "#core/leads/model.ts";
import { ukClockChangeBetween, ukDay, ukWallToInstant } from "#core/time/london-time.ts";
import { type InterviewFacts, officePlace } from "./interview-words.ts";

const minute = 60_000;

/** The shortest interview staff can book, in minutes. */
export const shortestInterviewMinutes = 5;

/** The form's fields, each of which a refusal can point at. */
export type InterviewField = "date" | "time" | "minutes" | "placeKind" | "place" | "meetWith" | "note";

/** The invitation form as posted: every value a string. */
export type InterviewForm = Record<InterviewField, string>;

/** What the form came to: the interview's facts, or the first problem in words with its field. */
export type InterviewFormCheck =
  | { ok: true; value: InterviewFacts }
  | { ok: false; problem: string; field: InterviewField };

// Any run of spaces and line breaks is one space (an address pasted from several lines). The byte-order
// mark, which JavaScript also counts as a space, is left in for the character rule to refuse.
function oneLine(value: string): string {
  return value
    .normalize("NFC")
    .replace(/[^\S\uFEFF]+/g, " ")
    .trim();
}

/** A UK telephone number: 0161 496 0123, 07700 900123, +44 (0)161 496 0123. */
export function isUkPhone(value: string): boolean {
  if (!/^[0-9+()\-.\s]+$/.test(value)) return false;
  return /^(?:0|\+44(?:0)?)[1-9]\d{8,9}$/.test(value.replace(/[\s\-.()]/g, ""));
}

/** A link to a video call: a full https address with a host and no user name or password in it. */
export function isVideoLink(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Checks the form against the rules; refuses the first problem in words, naming its field. */
export function checkInterviewForm(
  form: InterviewForm,
  now: number,
  /** The office as the company's details publish it now; the shipped office when not given. */
  office: string = officePlace,
): InterviewFormCheck {
  const refuse = (field: InterviewField, problem: string) => ({ ok: false as const, field, problem });
  const startsAt = ukWallToInstant(form.date, form.time);
  if (!startsAt.ok) return refuse(startsAt.field, startsAt.problem);
  if (startsAt.value <= now) {
    return refuse("date", "That time has already passed. Choose a date and time still to come.");
  }
  const longest = applicants.longestInterviewMinutes;
  const minutes = /^\d{1,4}$/.test(form.minutes.trim()) ? Number(form.minutes.trim()) : Number.NaN;
  if (!(minutes >= shortestInterviewMinutes && minutes <= longest)) {
    return refuse(
      "minutes",
      `Give the interview's length in minutes, from ${shortestInterviewMinutes} to ${longest}.`,
    );
  }
  const change = ukClockChangeBetween(startsAt.value, startsAt.value + minutes * minute);
  if (change) {
    return refuse(
      "time",
      `The clocks go ${change} an hour during that interview, in the early hours of ${ukDay(startsAt.value)}. Choose a time after the change.`,
    );
  }
  const kind = interviewPlaceKinds.find((option) => option.value === form.placeKind)?.value;
  if (!kind) {
    return refuse(
      "placeKind",
      "Choose where the interview is: our office, another address, a phone call or a video link.",
    );
  }
  let place = oneLine(form.place);
  // Every free-text field follows one rule for its characters (core/characters.ts).
  const placeProblem = characterProblem(place, "The address, number or link", "one line");
  if (placeProblem) return refuse("place", placeProblem);
  if (place.length > interviewLimits.place) {
    return refuse(
      "place",
      `The address, number or link must be ${interviewLimits.place} characters or fewer.`,
    );
  }
  if (kind === "office") place = office;
  if (kind === "address" && !place) return refuse("place", "Write the address where the interview is.");
  if (kind === "phone" && !isUkPhone(place)) {
    return refuse(
      "place",
      "Write the UK phone number we will call them on, such as 07700 900123 or 0161 496 0123.",
    );
  }
  if (kind === "video" && !isVideoLink(place)) {
    return refuse(
      "place",
      "A video link must be the meeting's full address starting https://, such as https://meet.example.com/abc-defg.",
    );
  }
  const meetWith = oneLine(form.meetWith);
  if (!meetWith) return refuse("meetWith", "Say who they will meet, such as your name.");
  const meetWithProblem = characterProblem(meetWith, "Who they will meet", "one line");
  if (meetWithProblem) return refuse("meetWith", meetWithProblem);
  if (meetWith.length > interviewLimits.meetWith) {
    return refuse(
      "meetWith",
      `Who they will meet must be on one line, ${interviewLimits.meetWith} characters or fewer.`,
    );
  }
  const note = form.note.normalize("NFC").replace(/\r\n?/g, "\n").trim();
  if (note.length > interviewLimits.note) {
    return refuse(
      "note",
      `The note must be ${interviewLimits.note} characters or fewer (it has ${note.length}).`,
    );
  }
  const noteProblem = characterProblem(note, "The note", "lines");
  if (noteProblem) return refuse("note", noteProblem);
  return { ok: true, value: { startsAt: startsAt.value, minutes, placeKind: kind, place, meetWith, note } };
}
