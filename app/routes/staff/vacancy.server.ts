import { data, redirect } from "react-router";
import { z } from "#core/forms/zod.ts";
import { formatDate, moment, replyLimits } from "#core/leads/model.ts";
import { mayNotManageVacancies } from "#core/vacancies/managing.ts";
import { londonDate, statusAt, vacancyReferencePattern } from "#core/vacancies/model.ts";
import { type VacancyInput, vacancyFields, vacancySchema } from "#core/vacancies/schema.ts";
import type { AppServices } from "~/lib/app-context";
import { staffForm } from "~/lib/staff/form.server";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/vacancy";

/**
 * A vacancy to write (at /staff/vacancies/new) or to edit, with its timeline and, once published, its
 * applicants still waiting to hear.
 */
export async function loadVacancy({ request, context, params }: Route.LoaderArgs) {
  const { vacancies, recruitment, me, workspace } = await requireStaff(request, context);
  const mayManage = await vacancies.mayManage(me.id);
  const saved = new URL(request.url).searchParams.get("saved");
  // A "not this time" to more than a few asks for the passkey again: the page says so before the ticking.
  const confirmed = workspace.recentlyConfirmed(me);
  if (!params.reference) {
    return {
      vacancy: null,
      timeline: [],
      waiting: null,
      saved: null as Saved | null,
      today: londonDate(Date.now()),
      mayManage,
      confirmed,
    };
  }
  const vacancy = vacancyReferencePattern.test(params.reference)
    ? await vacancies.get(params.reference)
    : null;
  if (!vacancy) throw data("There is no vacancy with that reference.", 404);
  const timeline = await vacancies.timeline(vacancy.reference);
  return {
    vacancy: {
      ...vacancy,
      posted: vacancy.publishedAt === null ? null : formatDate(vacancy.publishedAt),
      // Open but past its closing date shows as closed; Close vacancy stays on offer.
      shownStatus: statusAt(vacancy, Date.now()),
    },
    timeline: timeline.map(({ at, ...event }) => ({ ...event, at: moment(at) })),
    // A draft has had no applicants: its page offers no "not this time".
    waiting: vacancy.status === "draft" ? null : await loadWaiting(recruitment, vacancy.reference),
    saved: saved === "draft" || saved === "published" || saved === "closed" ? (saved as Saved) : null,
    today: londonDate(Date.now()),
    mayManage,
    confirmed,
  };
}

type Saved = "draft" | "published" | "closed";

/** What the vacancy's own form says after a refused save: the problem, each field's, and what was typed. */
export type ActionResult = {
  problem: string;
  fields: Record<string, string>;
  values: Record<string, string>;
};

/**
 * The vacancy's forms, by intent: save a draft, publish, close, or tell the ticked applicants "not this
 * time". A refused save comes back with its problems by field and everything typed.
 */
export async function actOnVacancy({ request, context, params }: Route.ActionArgs) {
  const { vacancies, recruitment, me } = await requireStaff(request, context);
  const form = await staffForm(request);
  const intent = form.get("intent");
  const reference = params.reference ?? null;
  if (reference !== null && !vacancyReferencePattern.test(reference)) {
    throw data("There is no vacancy with that reference.", 404);
  }
  if (intent === "not-this-time") {
    if (!reference) throw data("Save the vacancy before telling its applicants.", 400);
    return sendNotThisTime(recruitment, reference, form, me);
  }
  // Saving, publishing and closing are for those an administrator allowed; the service refuses the
  // rest too, and this says so before anything is read.
  if (
    (intent === "close" || intent === "draft" || intent === "publish") &&
    !(await vacancies.mayManage(me.id))
  ) {
    throw data(mayNotManageVacancies, 403);
  }
  if (intent === "close") {
    if (!reference) throw data("Save the vacancy before closing it.", 400);
    const outcome = await vacancies.close(reference, me.id);
    if (!outcome.ok) throw data(outcome.problem, outcome.status);
    throw redirect(`/staff/vacancies/${reference}?saved=closed`, 303);
  }
  if (intent !== "draft" && intent !== "publish") {
    return data<ActionResult>({ problem: "Choose Save draft or Publish.", fields: {}, values: {} }, 400);
  }
  const values: Record<string, string> = {};
  for (const field of vacancyFields) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  const parsed = vacancySchema.safeParse(values);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      if (field && !(field in fields)) fields[field] = issue.message;
    }
    const count = Object.keys(fields).length;
    const problem =
      count === 1 ? "There is a problem with the vacancy." : `There are ${count} problems with the vacancy.`;
    return data<ActionResult>({ problem, fields, values }, 400);
  }
  const outcome = await vacancies.save(reference, parsed.data as VacancyInput, intent, me.id);
  if (!outcome.ok) {
    return data<ActionResult>(
      { problem: outcome.problem, fields: outcome.fields ?? {}, values },
      outcome.status,
    );
  }
  const published = outcome.vacancy.status === "open";
  throw redirect(
    `/staff/vacancies/${outcome.vacancy.reference}?saved=${published ? "published" : "draft"}`,
    303,
  );
}

/** The vacancy's applicants still at New or Contacted, and its "not this time" e-mail, for its page. */
async function loadWaiting(recruitment: AppServices["recruitment"], vacancyReference: string) {
  const waiting = await recruitment.waitingForVacancy(vacancyReference);
  if (!waiting) return null;
  return {
    email: waiting.email,
    applicants: waiting.applicants.map(({ appliedAt, ...applicant }) => ({
      ...applicant,
      applied: moment(appliedAt),
    })),
  };
}

// Bounds well above what the page's fields allow, so only a post far too long to have come from it is
// refused here; the words' own limits are checked, in words, by the service.
const notThisTimeForm = z.object({
  applicant: z.array(z.string().max(20)).max(2000),
  subject: z.string().max(replyLimits.subject * 5),
  body: z.string().max(replyLimits.body * 2),
});

/** What the page says after "Send to the ticked applicants". */
export type NotThisTimeResult = { notThisTime: { message: string | null; error: string | null } };

/**
 * Sends the "not this time" e-mail staff edited to each applicant they ticked. A refusal comes back as
 * words: 400 (nobody ticked, no subject), 403 (not allowed to publish vacancies), 429 (past a cap on
 * the e-mails one person writes); too many at once without a recent passkey goes off to confirm it, as
 * an administrator's change does. Those who could not be told are counted in the message.
 */
async function sendNotThisTime(
  recruitment: AppServices["recruitment"],
  vacancyReference: string,
  form: FormData,
  me: { id: number; confirmedAt: number },
) {
  const parsed = notThisTimeForm.safeParse({
    applicant: form.getAll("applicant"),
    subject: form.get("subject") ?? "",
    body: form.get("body") ?? "",
  });
  if (!parsed.success) {
    return data<NotThisTimeResult>(
      {
        notThisTime: {
          message: null,
          error: "The form was not understood. Please reload the page and try again.",
        },
      },
      400,
    );
  }
  const outcome = await recruitment.sendNotThisTime(
    vacancyReference,
    { references: parsed.data.applicant, subject: parsed.data.subject, body: parsed.data.body },
    me,
  );
  if (!outcome.ok) {
    if (outcome.missing) throw data(outcome.problem, 404);
    // What was ticked is not kept: the confirmation page says to do it again once back.
    if ("confirm" in outcome) {
      throw redirect(
        `/staff/confirm?next=${encodeURIComponent(`/staff/vacancies/${vacancyReference}`)}`,
        303,
      );
    }
    const status = "forbidden" in outcome ? 403 : "limited" in outcome ? 429 : 400;
    return data<NotThisTimeResult>({ notThisTime: { message: null, error: outcome.problem } }, status);
  }
  const { sent, skipped, heldBack } = outcome.value;
  const told =
    sent === 0
      ? "Nobody was sent the e-mail."
      : sent === 1
        ? "The e-mail is queued for 1 applicant, whose application is now Unsuccessful."
        : `The e-mail is queued for ${sent} applicants, each as a message of their own, and their applications are now Unsuccessful.`;
  const left =
    skipped === 0
      ? ""
      : ` ${skipped} ${skipped === 1 ? "was" : "were"} skipped: no longer at New or Contacted, or not an applicant for this vacancy.`;
  const held =
    heldBack === 0
      ? ""
      : ` ${heldBack} ${heldBack === 1 ? "was" : "were"} not sent it: they have had the most e-mails we send one person in a day. Please telephone them, or try again tomorrow.`;
  return data<NotThisTimeResult>({ notThisTime: { message: told + left + held, error: null } });
}
