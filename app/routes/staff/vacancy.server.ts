import { data } from "react-router";
import { z } from "#core/forms/zod.ts";
import { moment, replyLimits } from "#core/leads/model.ts";
import type { AppServices } from "~/lib/app-context";

/** The vacancy's applicants still at New or Contacted, and its "not this time" e-mail, for its page. */
export async function loadWaiting(recruitment: AppServices["recruitment"], vacancyReference: string) {
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
 * Sends the "not this time" e-mail staff edited to each applicant they ticked. A refusal (nobody ticked,
 * no subject) comes back as words with a 400; those who could not be told are counted in the message.
 */
export async function sendNotThisTime(
  recruitment: AppServices["recruitment"],
  vacancyReference: string,
  form: FormData,
  me: { id: number },
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
    return data<NotThisTimeResult>({ notThisTime: { message: null, error: outcome.problem } }, 400);
  }
  const { sent, skipped } = outcome.value;
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
  return data<NotThisTimeResult>({ notThisTime: { message: told + left, error: null } });
}
