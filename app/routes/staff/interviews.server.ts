import { data } from "react-router";
import { z } from "#core/forms/zod.ts";
import { formatDate, interviewLimits } from "#core/leads/model.ts";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/interviews";

/** Whose interviews the page lists: the whole team's, or the signed-in person's own. */
export type Whose = "everyone" | "mine";

/**
 * The interviews still scheduled from the start of today to the end of next week, for everyone or for
 * "Mine" (`?who=mine`: those this person booked, and those for applications they own). Any other value
 * of `who` is answered 400 in words.
 */
export async function loadInterviews({ request, context }: Route.LoaderArgs) {
  const { interviews, me, workspace } = await requireStaff(request, context);
  const who = new URL(request.url).searchParams.get("who");
  if (who !== null && who !== "mine" && who !== "everyone") {
    throw data("Choose Everyone or Mine: there is no such list of interviews.", 400);
  }
  const whose: Whose = who === "mine" ? "mine" : "everyone";
  const coming = await interviews.coming(whose === "mine" ? me : null);
  return { whose, todayName: formatDate(workspace.now()), ...coming };
}

/** The interview card's forms on a lead's page, told apart by their intent. */
const interviewIntents = ["interview-invite", "interview-move", "interview-cancel"] as const;
export type InterviewIntent = (typeof interviewIntents)[number];

/** True for a post from the lead page's interview card (its rules are here, not in lead.server.ts). */
export function isInterviewIntent(value: unknown): value is InterviewIntent {
  return (interviewIntents as readonly unknown[]).includes(value);
}

// Anything missing reads as empty, so the service names what is missing in words; these bounds, well
// above the fields' own limits, only stop a post far too long to have come from the page.
const text = (max: number) => z.string().max(max).default("");
const interviewPost = z.object({
  intent: z.enum(interviewIntents),
  interview: text(100),
  date: text(40),
  time: text(40),
  minutes: text(20),
  placeKind: text(40),
  place: text(interviewLimits.place * 4),
  meetWith: text(interviewLimits.meetWith * 4),
  note: text(interviewLimits.note * 4),
});

/** What the form sent back, so a refused form shows again as it was typed. */
export type InterviewEcho = {
  /** The interview a move or cancel was for; null for an invitation. */
  uid: string | null;
  /** The field at fault, if the problem is one field's. */
  field: string | null;
  values: Record<"date" | "time" | "minutes" | "placeKind" | "place" | "meetWith" | "note", string>;
};

/** What the lead's page says after a post from its interview card. */
export type InterviewActionResult = {
  intent: InterviewIntent;
  error: string | null;
  message: string | null;
  interview: InterviewEcho;
};

type Staff = Awaited<ReturnType<typeof requireStaff>>;

/**
 * Invites to, moves or cancels an interview of the application `reference`, for the lead page's action.
 * A refusal is answered in words: 400 for the form's problems, 404 for an interview this application does
 * not have, 429 past a cap on the e-mails staff write; an application that does not exist is the lead
 * page's own 404.
 */
export async function actOnInterview(
  reference: string,
  fields: Record<string, unknown>,
  { interviews, me }: Pick<Staff, "interviews" | "me">,
) {
  const parsed = interviewPost.safeParse(fields);
  if (!parsed.success) {
    throw data("That action was not understood. Please reload the page and try again.", 400);
  }
  const { intent, interview: uid, ...form } = parsed.data;
  const echo: InterviewEcho = { uid: intent === "interview-invite" ? null : uid, field: null, values: form };
  const refused = (outcome: {
    problem: string;
    field?: string;
    missing?: "application" | "interview";
    limited?: true;
  }) => {
    if (outcome.missing === "application") throw data("There is no lead with that reference.", 404);
    return data<InterviewActionResult>(
      { intent, error: outcome.problem, message: null, interview: { ...echo, field: outcome.field ?? null } },
      outcome.missing === "interview" ? 404 : outcome.limited ? 429 : 400,
    );
  };
  const done = (message: string) =>
    data<InterviewActionResult>({ intent, error: null, message, interview: echo });
  if (intent === "interview-invite") {
    const outcome = await interviews.invite(reference, form, me);
    if (!outcome.ok) return refused(outcome);
    return done(
      outcome.value.status === "moved"
        ? "Invitation queued to be sent, with a calendar invitation. The application is now at Interview."
        : "Invitation queued to be sent, with a calendar invitation.",
    );
  }
  if (intent === "interview-move") {
    const outcome = await interviews.move(reference, uid, form, me);
    if (!outcome.ok) return refused(outcome);
    return done("Interview moved. The new time is queued to be sent, and updates their calendar.");
  }
  const outcome = await interviews.cancel(reference, uid, me);
  if (!outcome.ok) return refused(outcome);
  return done("Interview cancelled. The applicant is being told, and it leaves their calendar.");
}
