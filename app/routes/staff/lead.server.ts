import { data, redirect } from "react-router";
import { describeAnswers } from "#core/config/quote-questions.ts";
import { spamSignalNote } from "#core/forms/form-token.ts";
import { z } from "#core/forms/zod.ts";
import {
  describeDeleted,
  formatDate,
  kindOfReference,
  moment,
  noteMaxLength,
  replyLimits,
  statusLabels,
} from "#core/leads/model.ts";
import { dueState } from "#core/leads/reply-promise.ts";
import { leadPath } from "#core/staff/paths.ts";
import { staffForm } from "~/lib/staff/form.server";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/lead";
import { actOnInterview, isInterviewIntent } from "./interviews.server";

/**
 * The lead, opened (the first opening is recorded); 410 with what is kept of it once deleted, 404 inside
 * the workspace's frame when there never was one.
 */
export async function loadLead({ request, params, context }: Route.LoaderArgs) {
  const { workspace, me, vacancies, recruitment, interviews, bounces } = await requireStaff(request, context);
  // References are read out over the phone and typed in any case; the page has one address.
  const canonical = params.reference.trim().toUpperCase();
  if (canonical !== params.reference && kindOfReference(canonical)) {
    throw redirect(leadPath(canonical), 302);
  }
  const lead = await workspace.inbox.open(params.reference, me);
  if (!lead) {
    // A deleted lead leaves its tombstone, so staff can still say what happened to it.
    const gone = await workspace.inbox.tombstone(params.reference);
    if (!gone) throw data("There is no lead with that reference.", 404);
    throw data(describeDeleted(gone), 410);
  }
  const { createdAt, statusChangedAt, mails, notes, timeline, ...rest } = lead;
  const vacancyReference = lead.kind === "application" ? lead.vacancyReference : null;
  const vacancy = vacancyReference ? await vacancies.get(vacancyReference) : null;
  const owner = await workspace.inbox.ownerOf(lead.reference);
  const replies = await workspace.inbox.replies(lead.reference);
  // The e-mail for the application's stage, offered until it has been sent since the status was set.
  const stageOffer = lead.kind === "application" ? await recruitment.stageEmail(lead.reference) : null;
  // While the lead's address is blocked (a hard bounce, a complaint), the page says so and offers the way out.
  const blocked = await bounces.blockedAddressOf(lead.reference);
  return {
    blocked: blocked
      ? { kind: blocked.kind, reason: blocked.reason, since: formatDate(blocked.createdAt) }
      : null,
    stageEmail:
      stageOffer && stageOffer.sentAt === null
        ? {
            stage: stageOffer.stage,
            firstName: stageOffer.firstName,
            greeting: stageOffer.greeting,
            subject: stageOffer.subject,
            body: stageOffer.body,
          }
        : null,
    // An application's interviews (coming, past, cancelled) for its Interview card.
    interviewCard:
      lead.kind === "application"
        ? { interviews: await interviews.forApplication(lead.reference), myName: me.name }
        : null,
    vacancy: vacancyReference
      ? {
          reference: vacancyReference,
          title: vacancy?.title ?? null,
          closed: lead.kind === "application" && lead.vacancyClosed,
        }
      : null,
    team: await workspace.possibleOwners(),
    owner: owner ? { id: owner.ownerId, name: owner.ownerName } : { id: null, name: null },
    due: dueState({ ...lead, answeredAt: owner?.answeredAt ?? null }, workspace.now()),
    replies: replies.map(({ createdAt: at, sentAt, ...reply }) => ({
      ...reply,
      at: moment(at),
      sent: sentAt === null ? null : moment(sentAt),
    })),
    lead: {
      ...rest,
      received: moment(createdAt),
      statusChanged: statusChangedAt === null ? null : moment(statusChangedAt),
      spamNote: lead.spamSignal ? spamSignalNote(lead.spamSignal, lead.formAgeMs) : null,
      keptOnFileSince:
        lead.kind === "application" && lead.keepConsentAt !== null ? formatDate(lead.keepConsentAt) : null,
      // In words here, so the page's script never carries the questions themselves.
      siteDetails: lead.kind === "enquiry" ? describeAnswers(lead.service, lead.siteDetails) : [],
      mails: mails.map(({ sentAt, subject: _subject, body: _body, createdAt: _queued, ...mail }) => ({
        ...mail,
        sent: sentAt === null ? null : moment(sentAt),
      })),
      notes: notes.map(({ createdAt: at, ...note }) => ({ ...note, at: moment(at) })),
      timeline: timeline.map(({ at, ...event }) => ({ ...event, at: moment(at) })),
    },
  };
}

// A note or reply over its limit (the fields' maxLength) still reaches the inbox, which refuses it in
// words; these bounds, well above those limits, only stop a post far too long to have come from the page.
const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), status: z.string().max(40) }),
  z.object({ intent: z.literal("note"), note: z.string().max(noteMaxLength * 4) }),
  z.object({ intent: z.literal("reveal") }),
  z.object({ intent: z.literal("keep-consent"), agreed: z.literal("on").optional() }),
  z.object({
    intent: z.literal("assign"),
    owner: z.union([z.literal(""), z.string().regex(/^\d{1,12}$/)]),
  }),
  z.object({
    intent: z.literal("reply"),
    subject: z.string().max(replyLimits.subject * 5),
    body: z.string().max(replyLimits.body * 2),
  }),
  z.object({
    intent: z.literal("stage-email"),
    stage: z.string().max(40),
    subject: z.string().max(replyLimits.subject * 5),
    body: z.string().max(replyLimits.body * 2),
  }),
  z.object({ intent: z.literal("correct-email"), email: z.string().max(1000) }),
  z.object({ intent: z.literal("unblock-email") }),
  z.object({
    intent: z.literal("retry-mail"),
    mail: z
      .string()
      .regex(/^\d{1,12}$/)
      .transform(Number),
  }),
]);

type Intent = z.infer<typeof intents>["intent"];

/**
 * What the page says after a post; the intent names the form that posted, so only that form is emptied.
 */
export type ActionResult = {
  intent: Intent | null;
  error: string | null;
  message: string | null;
  niNumber?: string;
};

function refuse(intent: Intent | null, error: string, status = 400) {
  return data<ActionResult>({ intent, error, message: null }, status);
}

/**
 * Every form on the page posts here, told apart by its intent, so each answer is shown on the lead's page.
 */
export async function actOnLead({ request, params, context }: Route.ActionArgs) {
  const { workspace, me, recruitment, interviews, bounces } = await requireStaff(request, context);
  const fields = Object.fromEntries(await staffForm(request));
  // The Interview card's forms (invite, move, cancel) have their own rules and answers.
  if (isInterviewIntent(fields.intent)) return actOnInterview(params.reference, fields, { interviews, me });
  const parsed = intents.safeParse(fields);
  if (!parsed.success)
    return refuse(null, "That action was not understood. Please reload the page and try again.");
  const input = parsed.data;
  const reference = params.reference;
  // A National Insurance number is shown only to someone who used their passkey in the last 15
  // minutes; the confirmation page brings them back to the lead to reveal it.
  if (input.intent === "reveal" && !workspace.recentlyConfirmed(me)) {
    throw redirect(`/staff/confirm?next=${encodeURIComponent(leadPath(reference))}`, 303);
  }
  const outcome = await (async () => {
    switch (input.intent) {
      case "status": {
        const result = await workspace.inbox.changeStatus(reference, input.status, me);
        return result.ok
          ? {
              ok: true as const,
              message:
                result.value.from === result.value.to
                  ? `The status was already ${statusLabels[result.value.to]}.`
                  : `Status saved: ${statusLabels[result.value.to]}.`,
            }
          : result;
      }
      case "note": {
        const result = await workspace.inbox.addNote(reference, input.note, me);
        return result.ok ? { ok: true as const, message: "Note added." } : result;
      }
      case "reveal": {
        const result = await workspace.inbox.revealNiNumber(reference, me);
        return result.ok
          ? {
              ok: true as const,
              message: "Shown below. This reveal is recorded on the timeline.",
              niNumber: result.value,
            }
          : result;
      }
      case "keep-consent": {
        const result = await workspace.inbox.setKeepConsent(reference, input.agreed === "on", me);
        return result.ok
          ? {
              ok: true as const,
              message:
                result.value.keepConsentAt === null
                  ? "Saved: not kept on file for future roles."
                  : `Saved: agreed to be kept on file since ${formatDate(result.value.keepConsentAt)}.`,
            }
          : result;
      }
      case "assign": {
        const result = await workspace.inbox.assign(
          reference,
          input.owner === "" ? null : Number(input.owner),
          me,
        );
        if (!result.ok) return result;
        const who = result.value.name ?? "nobody";
        return {
          ok: true as const,
          message: result.value.changed ? `Owner saved: ${who}.` : `The owner was already ${who}.`,
        };
      }
      case "reply": {
        const result = await workspace.inbox.sendReply(
          reference,
          { subject: input.subject, body: input.body },
          me,
        );
        return result.ok
          ? {
              ok: true as const,
              message: result.value.contacted
                ? "Reply queued to be sent from our address. The lead is now Contacted."
                : "Reply queued to be sent from our address.",
            }
          : result;
      }
      case "stage-email": {
        const result = await recruitment.sendStageEmail(
          reference,
          { stage: input.stage, subject: input.subject, body: input.body },
          me,
        );
        return result.ok
          ? {
              ok: true as const,
              message: `E-mail to ${result.value.firstName} queued to be sent from our address; it is under Replies sent.`,
            }
          : result;
      }
      case "correct-email": {
        const result = await bounces.correctAddress(reference, input.email, me);
        if (!result.ok) return result;
        const { resent } = result.value;
        return {
          ok: true as const,
          message:
            resent > 0
              ? `Address corrected; the interview ${resent === 1 ? "invitation is" : "invitations are"} queued to be sent to it again.`
              : "Address corrected: e-mails go to it from now on.",
        };
      }
      case "unblock-email": {
        const result = await bounces.unblock(reference, me);
        return result.ok
          ? { ok: true as const, message: "Address unblocked: e-mails go to it again." }
          : result;
      }
      case "retry-mail": {
        const result = await workspace.inbox.retryMail(reference, input.mail, me);
        return result.ok
          ? { ok: true as const, message: "The e-mail is queued to be sent again now." }
          : result;
      }
    }
  })();
  if (!outcome.ok) {
    if (outcome.missing) throw data("There is no lead with that reference.", 404);
    // A cap on the e-mails staff write (core/config/staff-limits.ts) answers 429: the e-mail was fine,
    // there were too many.
    return refuse(input.intent, outcome.problem, "limited" in outcome ? 429 : 400);
  }
  return data<ActionResult>({
    intent: input.intent,
    error: null,
    message: outcome.message,
    ...("niNumber" in outcome ? { niNumber: outcome.niNumber } : {}),
  });
}
