import { Form } from "react-router";
import type { LeadStatus } from "#core/leads/model.ts";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { Card } from "./card";
import { InterviewForm, type InterviewProblem, type InterviewValues } from "./interview-form";

/** One of the application's interviews, as the loader sends it: every value ready to show. */
export type CardInterview = {
  uid: string;
  state: "coming" | "past" | "cancelled";
  iso: string;
  /** "Tuesday 30 March 2027, 10:00 to 10:45 (UK time)". */
  when: string;
  /** "Tue 30 Mar". */
  day: string;
  /** "10:00 to 10:45". */
  time: string;
  where: string;
  meetWith: string;
  note: string;
  bookedBy: string | null;
  answer: "attending" | "another-time" | null;
  answerText: string;
  notDelivered: string | null;
  minutes: number;
  placeKind: string;
  place: string;
  date: string;
  startTime: string;
};

/** What the page's action said about one of this card's forms, if the last post was one of them. */
export type InterviewResult = {
  intent?: string | null;
  error?: string | null;
  interview?: { uid: string | null; field: string | null; values: InterviewValues };
};

/**
 * The application's Interview card: its interviews (coming, then past and cancelled) with the
 * applicant's answer, Move and Cancel for each one to come, and the form to invite to a new one.
 */
export function InterviewCard({
  interviews,
  status,
  myName,
  applicantPhone,
  result,
}: {
  interviews: CardInterview[];
  status: LeadStatus;
  myName: string;
  applicantPhone: string;
  result: InterviewResult | undefined;
}) {
  const echo = result?.interview;
  const refused = (intent: string, uid: string | null): InterviewProblem | null =>
    result?.error && result.intent === intent && echo?.uid === uid
      ? { field: echo.field, error: result.error }
      : null;
  const coming = interviews.filter((interview) => interview.state === "coming");
  const earlier = interviews.filter((interview) => interview.state !== "coming");
  const inviteProblem = refused("interview-invite", null);
  const closed =
    status === "spam"
      ? "This application is marked as spam, and spam is never mailed. Change its status first if it is genuine."
      : status === "withdrawn"
        ? "The applicant withdrew this application, so there is no interview to arrange."
        : null;
  return (
    <Card title="Interview" id="interview">
      {coming.length === 0 ? (
        <p className="text-navy-800">No interview booked.</p>
      ) : (
        <ul className="space-y-4">
          {coming.map((interview) => (
            <li key={interview.uid} className="space-y-2 rounded-lg bg-sand-50 p-3">
              <Details interview={interview} />
              {!closed && (
                <Changes
                  interview={interview}
                  result={result}
                  problem={refused("interview-move", interview.uid)}
                  cancelProblem={refused("interview-cancel", interview.uid)}
                  applicantPhone={applicantPhone}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {earlier.length > 0 && (
        <details className="rounded-lg ring-1 ring-navy-100">
          <summary className="flex min-h-11 cursor-pointer items-center px-3 font-semibold">
            Earlier and cancelled interviews ({earlier.length})
          </summary>
          <ul className="space-y-3 px-3 pb-3">
            {earlier.map((interview) => (
              <li key={interview.uid} className="space-y-1">
                <Details interview={interview} />
              </li>
            ))}
          </ul>
        </details>
      )}
      {closed ? (
        <p className="text-sm text-navy-700">{closed}</p>
      ) : (
        <details
          open={coming.length === 0 || inviteProblem !== null}
          className="border-t border-navy-100 pt-3"
        >
          <summary className="flex min-h-11 cursor-pointer items-center font-bold">
            Invite to interview
          </summary>
          <p className="mb-3 text-sm text-navy-700">
            The applicant gets the details in words and a calendar invitation, and answers from their own
            page. A New or Contacted application moves to Interview.
          </p>
          <InterviewForm
            // A new interview on the list starts the form afresh.
            key={interviews.length}
            id="invite"
            intent="interview-invite"
            values={
              inviteProblem && echo
                ? echo.values
                : {
                    date: "",
                    time: "",
                    minutes: "30",
                    placeKind: "office",
                    place: "",
                    meetWith: myName,
                    note: "",
                  }
            }
            problem={inviteProblem}
            applicantPhone={applicantPhone}
            submitLabel="Send invitation"
          />
        </details>
      )}
    </Card>
  );
}

/** When, where, with whom, the note and the answer, in words. */
function Details({ interview }: { interview: CardInterview }) {
  return (
    <>
      <p className="font-semibold">
        {interview.state === "cancelled" && <span className="text-red-800">Cancelled: </span>}
        <time dateTime={interview.iso}>{interview.when}</time>
      </p>
      <p className="text-sm text-navy-800 [overflow-wrap:anywhere]">
        {interview.where.charAt(0).toUpperCase() + interview.where.slice(1)}, with {interview.meetWith}
        {interview.bookedBy && ` · booked by ${interview.bookedBy}`}
      </p>
      {interview.note && (
        <p className="text-sm whitespace-pre-wrap text-navy-800 [overflow-wrap:anywhere]">
          Note: {interview.note}
        </p>
      )}
      {interview.state !== "cancelled" && (
        <p
          className={cn(
            "text-sm [overflow-wrap:anywhere]",
            interview.answer === "another-time"
              ? "font-bold text-red-800"
              : interview.answer === "attending"
                ? "font-semibold text-green-900"
                : "text-navy-700",
          )}
        >
          Answer: {interview.answerText}
        </p>
      )}
      {interview.state === "coming" && interview.notDelivered && (
        <p className="text-sm font-bold text-red-800 [overflow-wrap:anywhere]">
          Invitation not delivered: {interview.notDelivered}
        </p>
      )}
    </>
  );
}

/** Move (a new time or place, sent as an update) and Cancel, for an interview still to come. */
function Changes({
  interview,
  result,
  problem,
  cancelProblem,
  applicantPhone,
}: {
  interview: CardInterview;
  result: InterviewResult | undefined;
  problem: InterviewProblem | null;
  cancelProblem: InterviewProblem | null;
  applicantPhone: string;
}) {
  const id = `move-${interview.uid}`;
  return (
    <div className="space-y-2">
      <details open={problem !== null}>
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-accent-800 underline">
          Move<span className="sr-only"> the interview on {interview.day}</span>
        </summary>
        <InterviewForm
          // A move that went through shows the interview's new details afresh.
          key={`${interview.date}T${interview.startTime}`}
          id={id}
          intent="interview-move"
          uid={interview.uid}
          values={
            problem && result?.interview
              ? result.interview.values
              : {
                  date: interview.date,
                  time: interview.startTime,
                  minutes: String(interview.minutes),
                  placeKind: interview.placeKind,
                  place: interview.place,
                  meetWith: interview.meetWith,
                  note: interview.note,
                }
          }
          problem={problem}
          applicantPhone={applicantPhone}
          submitLabel="Send the new time"
        />
      </details>
      <Form method="post">
        <input type="hidden" name="intent" value="interview-cancel" />
        <input type="hidden" name="interview" value={interview.uid} />
        <Button type="submit" variant="danger" size="sm">
          Cancel interview<span className="sr-only"> on {interview.day}</span>
        </Button>
        {cancelProblem && <p className="mt-2 text-sm font-semibold text-red-800">{cancelProblem.error}</p>}
      </Form>
    </div>
  );
}
