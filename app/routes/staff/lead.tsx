import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { StatusBadge } from "~/components/staff/status-badge";
import { Timeline } from "~/components/staff/timeline";
import { Button } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";
import { staffForm } from "~/lib/staff/form.server";
import { staffMeta } from "~/lib/staff/meta";
import { requireStaff } from "~/lib/staff/session.server";
import { site } from "../../../core/config/site";
import { spamSignalNote } from "../../../core/forms/form-token";
import {
  describeDeleted,
  fileSize,
  formatDate,
  kindLabel,
  kindOfReference,
  type LeadStatus,
  mailProgress,
  mailPurposeLabels,
  moment,
  scanStatusLabels,
  serviceLabel,
  statusesFor,
  statusLabels,
  yesNo,
} from "../../../core/leads/model";
import { dueState } from "../../../core/leads/reply-promise";
import type { Route } from "./+types/lead";

export function meta({ loaderData }: Route.MetaArgs) {
  // A lead that is missing or deleted is titled by the workspace's error page (layout.tsx).
  return staffMeta(loaderData ? loaderData.lead.reference : "Not found");
}

/**
 * The lead, opened (the first opening is recorded); 410 with what is kept of it once deleted, 404 inside
 * the workspace's frame when there never was one.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { workspace, me, vacancies } = await requireStaff(request, context);
  // References are read out over the phone and typed in any case; the page has one address.
  const canonical = params.reference.trim().toUpperCase();
  if (canonical !== params.reference && kindOfReference(canonical)) {
    throw redirect(`/staff/leads/${canonical}`, 302);
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
  return {
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
      serviceLabel: lead.kind === "enquiry" ? serviceLabel(lead.service) : "",
      spamNote: lead.spamSignal ? spamSignalNote(lead.spamSignal, lead.formAgeMs) : null,
      keptOnFileSince:
        lead.kind === "application" && lead.keepConsentAt !== null ? formatDate(lead.keepConsentAt) : null,
      mails: mails.map(({ sentAt, subject: _subject, body: _body, createdAt: _queued, ...mail }) => ({
        ...mail,
        sent: sentAt === null ? null : moment(sentAt),
      })),
      notes: notes.map(({ createdAt: at, ...note }) => ({ ...note, at: moment(at) })),
      timeline: timeline.map(({ at, ...event }) => ({ ...event, at: moment(at) })),
    },
  };
}

const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), status: z.string().max(40) }),
  z.object({ intent: z.literal("note"), note: z.string().max(20_000) }),
  z.object({ intent: z.literal("reveal") }),
  z.object({ intent: z.literal("keep-consent"), agreed: z.literal("on").optional() }),
  z.object({
    intent: z.literal("assign"),
    owner: z.union([z.literal(""), z.string().regex(/^\d{1,12}$/)]),
  }),
  z.object({ intent: z.literal("reply"), subject: z.string().max(1000), body: z.string().max(40_000) }),
  z.object({
    intent: z.literal("retry-mail"),
    mail: z
      .string()
      .regex(/^\d{1,12}$/)
      .transform(Number),
  }),
]);

type Intent = z.infer<typeof intents>["intent"];

type ActionResult = {
  intent: Intent | null;
  error: string | null;
  message: string | null;
  niNumber?: string;
};

function refuse(intent: Intent | null, error: string) {
  return data<ActionResult>({ intent, error, message: null }, 400);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { workspace, me } = await requireStaff(request, context);
  const parsed = intents.safeParse(Object.fromEntries(await staffForm(request)));
  if (!parsed.success)
    return refuse(null, "That action was not understood. Please reload the page and try again.");
  const input = parsed.data;
  const reference = params.reference;
  // A National Insurance number is shown only to someone who used their passkey in the last 15
  // minutes; the confirmation page brings them back to the lead to reveal it.
  if (input.intent === "reveal" && !workspace.recentlyConfirmed(me)) {
    const back = `/staff/leads/${encodeURIComponent(reference)}`;
    throw redirect(`/staff/confirm?next=${encodeURIComponent(back)}`, 303);
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
    return refuse(input.intent, outcome.problem);
  }
  return data<ActionResult>({
    intent: input.intent,
    error: null,
    message: outcome.message,
    ...("niNumber" in outcome ? { niNumber: outcome.niNumber } : {}),
  });
}

type Lead = Route.ComponentProps["loaderData"]["lead"];

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, vacancy, team, owner, due, replies } = loaderData;
  const result = actionData as ActionResult | undefined;
  const name = `${lead.firstName} ${lead.lastName}`;
  const subject = `Your ${lead.kind} to ${site.brand} (${lead.reference})`;
  const mailto = `mailto:${encodeURIComponent(lead.email).replace(/%40/g, "@")}?subject=${encodeURIComponent(subject)}`;

  return (
    <div className="space-y-6">
      <p className="text-sm">
        <Link to="/staff" className="font-semibold text-accent-800 underline">
          All leads
        </Link>
      </p>
      <header className="space-y-2">
        <h1 className="text-2xl font-bold">
          {kindLabel(lead.kind)} <span className="font-mono">{lead.reference}</span>
        </h1>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-navy-800">
          <span className="font-semibold">{name}</span>
          <span>
            Received <time dateTime={lead.received.iso}>{lead.received.text}</time>
          </span>
          <StatusBadge status={lead.status} />
          {due && (
            <span className={due.overdue ? "font-bold text-red-800" : "font-semibold"}>Reply {due.text}</span>
          )}
          <span>Owner: {owner.name ?? "nobody"}</span>
        </p>
        {lead.spamNote && <p className="text-sm text-navy-700">{lead.spamNote}</p>}
        {vacancy && (
          <p className="text-navy-800">
            For the vacancy{" "}
            <Link
              to={`/staff/vacancies/${vacancy.reference}`}
              className="font-semibold text-accent-800 underline"
            >
              {vacancy.title ?? vacancy.reference}
            </Link>{" "}
            ({vacancy.reference})
            {vacancy.closed && <strong className="font-semibold">: sent after the vacancy had closed</strong>}
          </p>
        )}
      </header>

      {lead.status === "spam" && (
        <p className="rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200">
          This lead is marked as spam, so the inbox lists it only under the Spam filter. If it is genuine,
          change its status.
        </p>
      )}

      <div role="status" aria-live="polite">
        {result?.message && !result.error && (
          <p className="rounded-lg bg-accent-100 p-3 font-medium text-accent-800">{result.message}</p>
        )}
      </div>
      {result?.error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-900 ring-1 ring-red-200">
          {result.error}
        </p>
      )}

      {/* The controls come first, so on a phone they are on the first screen; from 1024 px they sit on the right. */}
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-6 lg:col-start-2 lg:row-start-1">
          <Card title="Work on it" id="work">
            <StatusForm lead={lead} />
            <OwnerForm owner={owner.id} team={team} />
            <ReplyForm
              subject={subject}
              mailto={mailto}
              disabled={lead.status === "spam"}
              justSent={result?.intent === "reply" && !result.error}
            />
            {lead.kind === "application" && <KeepOnFile lead={lead} />}
          </Card>
          {replies.length > 0 && <Replies replies={replies} />}
        </div>
        <div className="space-y-6 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <Card title="What they sent" id="sent">
            <SentFields lead={lead} niNumber={result?.niNumber} />
          </Card>
          {lead.kind === "application" && <Documents lead={lead} />}
          <Notes lead={lead} justAdded={result?.intent === "note" && !result.error} />
        </div>
        <div className="space-y-6 lg:col-start-2 lg:row-start-2">
          <MailDelivery lead={lead} />
          <Card title="Timeline" id="timeline">
            <Timeline items={lead.timeline} />
          </Card>
        </div>
      </div>
    </div>
  );
}

function Card({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-4 rounded-xl bg-white p-5 ring-1 ring-navy-100"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-t border-navy-100 pt-2 sm:grid-cols-[12rem_1fr]">
      <dt className="font-semibold text-navy-700">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function SentFields({ lead, niNumber }: { lead: Lead; niNumber: string | undefined }) {
  return (
    <dl className="space-y-2">
      <Row label="First name">{lead.firstName}</Row>
      <Row label="Last name">{lead.lastName}</Row>
      <Row label="E-mail">{lead.email}</Row>
      <Row label="Phone">
        {lead.phone ? <a href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`}>{lead.phone}</a> : "Not given"}
      </Row>
      {lead.kind === "enquiry" ? (
        <>
          <Row label="Company">{lead.company || "Not given"}</Row>
          <Row label="Service">{lead.serviceLabel}</Row>
          <Row label="Message">
            <span className="whitespace-pre-wrap">{lead.message}</span>
          </Row>
        </>
      ) : (
        <>
          <Row label="Address">{lead.address}</Row>
          <Row label="Has a car">{yesNo(lead.hasCar)}</Row>
          <Row label="Holds a UK driving licence">{yesNo(lead.hasUkLicence)}</Row>
          <Row label="Right to work in the UK">{yesNo(lead.rightToWork)}</Row>
          <Row label="National Insurance number">
            <span className="flex flex-wrap items-center gap-3">
              <span className="font-mono text-base">{niNumber ?? lead.niNumberMasked}</span>
              {!niNumber && (
                <Form method="post">
                  <input type="hidden" name="intent" value="reveal" />
                  <Button type="submit" variant="secondary" size="sm" aria-describedby="reveal-help">
                    Reveal
                  </Button>
                </Form>
              )}
            </span>
            <span id="reveal-help" className="mt-1 block text-sm text-navy-700">
              {niNumber
                ? "You revealed this number; it is recorded on the timeline."
                : "Each reveal is recorded on the timeline."}
            </span>
          </Row>
        </>
      )}
    </dl>
  );
}

function Documents({ lead }: { lead: Extract<Lead, { kind: "application" }> }) {
  return (
    <Card title="Documents" id="documents">
      {lead.documents.length === 0 ? (
        <p>No documents were sent.</p>
      ) : (
        <ul className="space-y-2">
          {lead.documents.map((doc) => {
            const name = `${doc.field === "resume" ? "CV" : "Other document"}: ${doc.fileName}`;
            // Only a file the scanner found clean, or one that arrived with no scanner configured, is offered.
            const offered = doc.scan === "clean" || doc.scan === "not-scanned";
            return (
              <li key={doc.id}>
                {offered ? (
                  <a
                    href={`/staff/leads/${lead.reference}/documents/${doc.id}`}
                    className="font-semibold text-accent-800 underline"
                  >
                    {name}
                  </a>
                ) : (
                  <span className="font-semibold">{name}</span>
                )}{" "}
                <span className="text-sm text-navy-700">
                  ({fileSize(doc.size)}
                  {offered ? ", downloads as a file" : ""})
                </span>{" "}
                <span className="text-sm font-semibold text-navy-900" data-scan={doc.scan}>
                  {scanStatusLabels[doc.scan]}
                  {doc.scan === "infected" && doc.scanResult ? ` (found: ${doc.scanResult})` : ""}
                  {doc.scan === "pending" ? ": it can be downloaded once the scan has found it clean" : ""}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <p className="text-sm text-navy-700">Each download is recorded on the timeline.</p>
    </Card>
  );
}

function StatusForm({ lead }: { lead: Lead }) {
  return (
    <Form method="post" key={lead.status} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="status" />
      <div className="flex min-w-48 flex-1 flex-col gap-1.5">
        <label htmlFor="lead-status" className="text-sm font-semibold">
          Status
        </label>
        <select id="lead-status" name="status" defaultValue={lead.status} className={controlClass}>
          {statusesFor(lead.kind).map((status: LeadStatus) => (
            <option key={status} value={status}>
              {statusLabels[status]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit">Save status</Button>
      {lead.statusChanged && (
        <p className="w-full text-sm text-navy-700">
          Last changed <time dateTime={lead.statusChanged.iso}>{lead.statusChanged.text}</time>
        </p>
      )}
    </Form>
  );
}

function OwnerForm({ owner, team }: { owner: number | null; team: { id: number; name: string }[] }) {
  return (
    <Form
      method="post"
      key={owner ?? "nobody"}
      className="flex flex-wrap items-end gap-3 border-t border-navy-100 pt-4"
    >
      <input type="hidden" name="intent" value="assign" />
      <div className="flex min-w-48 flex-1 flex-col gap-1.5">
        <label htmlFor="lead-owner" className="text-sm font-semibold">
          Owner
        </label>
        <select id="lead-owner" name="owner" defaultValue={owner ?? ""} className={controlClass}>
          <option value="">Nobody</option>
          {team.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary">
        Assign
      </Button>
    </Form>
  );
}

/**
 * The reply, written here and sent from the company's address through the delivery queue (Reply-To the
 * company's inbox), or, for those who prefer their own mail program, a mailto: link.
 */
function ReplyForm({
  subject,
  mailto,
  disabled,
  justSent,
}: {
  subject: string;
  mailto: string;
  disabled: boolean;
  justSent: boolean;
}) {
  const form = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  // Once a reply is queued, the box is emptied so it is not sent twice by mistake.
  useEffect(() => {
    if (justSent && navigation.state === "idle") form.current?.reset();
  }, [justSent, navigation.state]);
  return (
    <section aria-labelledby="reply-heading" className="space-y-3 border-t border-navy-100 pt-4">
      <h3 id="reply-heading" className="font-bold">
        Reply
      </h3>
      {disabled ? (
        <p className="text-sm text-navy-700">
          Spam is never mailed. Change the status first if this lead is genuine.
        </p>
      ) : (
        <Form method="post" ref={form} className="space-y-3">
          <input type="hidden" name="intent" value="reply" />
          <div className="flex flex-col gap-1.5">
            <label htmlFor="reply-subject" className="text-sm font-semibold">
              Subject
            </label>
            <input
              id="reply-subject"
              name="subject"
              defaultValue={subject}
              required
              maxLength={200}
              className={controlClass}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="reply-body" className="text-sm font-semibold">
              Message
            </label>
            <textarea
              id="reply-body"
              name="body"
              rows={6}
              required
              maxLength={20000}
              aria-describedby="reply-help"
              className={controlClass}
            />
            <p id="reply-help" className="text-sm text-navy-700">
              Sent from our company address with your name below it; their answer comes back to our inbox. A
              New lead moves to Contacted.
            </p>
          </div>
          <Button type="submit">Send reply</Button>
        </Form>
      )}
      <p className="text-sm">
        Prefer your own mail program?{" "}
        <a href={mailto} className="font-semibold text-accent-800 underline">
          Reply by e-mail
        </a>
      </p>
    </section>
  );
}

type ReplyItem = Route.ComponentProps["loaderData"]["replies"][number];

/** The replies sent from here: who wrote each, when, its words, and where its e-mail stands. */
function Replies({ replies }: { replies: ReplyItem[] }) {
  return (
    <Card title="Replies sent" id="replies">
      <ol className="space-y-4">
        {replies.map((reply) => (
          <li key={reply.id} className="space-y-1 rounded-lg bg-sand-50 p-3">
            <p className="text-sm text-navy-700" id={`reply-${reply.id}`}>
              <span className="font-semibold text-navy-900">{reply.author}</span>,{" "}
              <time dateTime={reply.at.iso}>{reply.at.text}</time>: {reply.subject}
            </p>
            <p className="whitespace-pre-wrap break-words">{reply.body}</p>
            {reply.state === "sent" && reply.sent ? (
              <p className="text-sm font-semibold">
                Sent <time dateTime={reply.sent.iso}>{reply.sent.text}</time>
              </p>
            ) : reply.state === "failed" && reply.mailId !== null ? (
              <>
                <p className="text-sm font-semibold text-red-800">
                  {mailProgress({ ...reply, state: "failed" })}
                </p>
                <Form method="post">
                  <input type="hidden" name="intent" value="retry-mail" />
                  <input type="hidden" name="mail" value={reply.mailId} />
                  <Button type="submit" size="sm" aria-describedby={`reply-${reply.id}`}>
                    Send again
                  </Button>
                </Form>
              </>
            ) : reply.state ? (
              <p className="text-sm font-semibold">{mailProgress({ ...reply, state: reply.state })}</p>
            ) : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}

function KeepOnFile({ lead }: { lead: Extract<Lead, { kind: "application" }> }) {
  return (
    <Form
      method="post"
      key={lead.keptOnFileSince ?? "no"}
      className="space-y-3 border-t border-navy-100 pt-4"
    >
      <input type="hidden" name="intent" value="keep-consent" />
      <div className="flex items-start gap-2">
        <input
          id="keep-consent"
          name="agreed"
          type="checkbox"
          defaultChecked={lead.keptOnFileSince !== null}
          aria-describedby="keep-consent-state"
          className="mt-0.5 size-5 accent-accent-700"
        />
        <label htmlFor="keep-consent">Applicant agreed to be kept on file for future roles</label>
      </div>
      <p id="keep-consent-state" className="text-sm text-navy-700">
        {lead.keptOnFileSince ? `Agreed on ${lead.keptOnFileSince}.` : "No agreement recorded."}
      </p>
      <Button type="submit" variant="secondary" size="sm">
        Save consent
      </Button>
    </Form>
  );
}

function MailDelivery({ lead }: { lead: Lead }) {
  return (
    <Card title="E-mails" id="mails">
      {lead.mails.length === 0 ? (
        <p>
          {lead.status === "spam"
            ? "No e-mails: spam is never mailed."
            : "No e-mails were queued for this lead."}
        </p>
      ) : (
        <ul className="space-y-3">
          {lead.mails.map((mail) => (
            <li key={mail.id} className="space-y-1 border-t border-navy-100 pt-2">
              <p id={`mail-${mail.id}`}>
                <span className="font-semibold">
                  {mail.channel === "webhook" ? "Webhook" : mailPurposeLabels[mail.purpose]}
                </span>{" "}
                <span className="break-words text-navy-700">to {mail.to}</span>
              </p>
              {mail.state === "sent" && mail.sent ? (
                <p>
                  Sent <time dateTime={mail.sent.iso}>{mail.sent.text}</time>
                </p>
              ) : mail.state === "failed" ? (
                <>
                  <p className="font-semibold text-red-800">{mailProgress(mail)}</p>
                  <Form method="post">
                    <input type="hidden" name="intent" value="retry-mail" />
                    <input type="hidden" name="mail" value={mail.id} />
                    <Button type="submit" size="sm" aria-describedby={`mail-${mail.id}`}>
                      Send again
                    </Button>
                  </Form>
                </>
              ) : (
                <p>{mailProgress(mail)}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Notes({ lead, justAdded }: { lead: Lead; justAdded: boolean }) {
  const form = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  // Once a note is saved, the box is emptied for the next one.
  useEffect(() => {
    if (justAdded && navigation.state === "idle") form.current?.reset();
  }, [justAdded, navigation.state]);
  return (
    <Card title="Notes" id="notes">
      {lead.notes.length === 0 ? (
        <p className="text-navy-700">No notes yet.</p>
      ) : (
        <ol className="space-y-3">
          {lead.notes.map((note) => (
            <li key={note.id} className="rounded-lg bg-sand-50 p-3">
              <p className="text-sm text-navy-700">
                <span className="font-semibold text-navy-900">{note.author}</span>,{" "}
                <time dateTime={note.at.iso}>{note.at.text}</time>
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words">{note.body}</p>
            </li>
          ))}
        </ol>
      )}
      <Form method="post" ref={form} className="space-y-3">
        <input type="hidden" name="intent" value="note" />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="note" className="text-sm font-semibold">
            Note
          </label>
          <textarea id="note" name="note" rows={3} required maxLength={5000} className={controlClass} />
        </div>
        <Button type="submit" size="sm">
          Add a note
        </Button>
      </Form>
    </Card>
  );
}
