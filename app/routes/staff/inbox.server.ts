import { data } from "react-router";
import { spamSignalNote } from "#core/forms/form-token.ts";
import type { InboxQuery } from "#core/leads/inbox-query.ts";
import {
  describeDeleted,
  formatDateTime,
  type InterviewAnswer,
  interviewAnswerLabels,
  kindOfReference,
  moment,
  serviceChoices,
  serviceLabel,
} from "#core/leads/model.ts";
import { dueState } from "#core/leads/reply-promise.ts";
import { parseInboxQuery } from "~/lib/staff/leads.server";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/inbox";

/**
 * The leads that match the search and filters in the URL, a page at a time, with each row's words
 * made here; a bad search answers 400 with words.
 */
export async function loadInbox({ request, context }: Route.LoaderArgs) {
  const { workspace, me, vacancies } = await requireStaff(request, context);
  const vacancyChoices = await vacancies.choices();
  const parsed = parseInboxQuery(new URL(request.url).searchParams);
  if (!parsed.ok) {
    return data(
      {
        problem: parsed.problem,
        query: {} as InboxQuery,
        inbox: null,
        services: serviceChoices,
        vacancies: vacancyChoices,
      },
      400,
    );
  }
  const inbox = await workspace.inbox.list(parsed.query, me);
  const now = workspace.now();
  // A search for the reference of a lead that has been deleted says so, from what is kept of it.
  const asked = parsed.query.q?.trim().toUpperCase() ?? "";
  const gone = inbox.total === 0 && kindOfReference(asked) ? await workspace.inbox.tombstone(asked) : null;
  return {
    problem: null,
    query: parsed.query,
    deleted: gone ? describeDeleted(gone) : null,
    services: serviceChoices,
    vacancies: vacancyChoices,
    spamCaught: await workspace.inbox.spamCaught(),
    inbox: {
      ...inbox,
      rows: inbox.rows.map((row) => ({
        ...row,
        received: moment(row.createdAt),
        serviceLabel: row.kind === "enquiry" ? serviceLabel(row.service) : "",
        spamNote: row.spamSignal ? spamSignalNote(row.spamSignal, row.formAgeMs) : null,
        due: dueState(row, now),
        interview: row.interview ? interviewNote(row.interview) : null,
      })),
    },
  };
}

/**
 * An application's next interview and the applicant's answer, in words: "needs another time" and "no
 * answer yet" stand out, as someone should act on them.
 */
function interviewNote(interview: { startsAt: number; answer: InterviewAnswer | null }) {
  const answer = interview.answer ? interviewAnswerLabels[interview.answer].toLowerCase() : "no answer yet";
  return {
    text: `Interview ${formatDateTime(interview.startsAt)}: ${answer}`,
    tone:
      interview.answer === "attending"
        ? ("settled" as const)
        : interview.answer
          ? ("urgent" as const)
          : ("waiting" as const),
  };
}
