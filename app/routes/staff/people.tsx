import { Form, Link, useNavigation } from "react-router";
import { quoteErasurePath } from "#core/content/case-study.ts";
import { documentName } from "#core/leads/fields.ts";
import {
  fileSize,
  formatDate,
  formatDateTime,
  kindLabel,
  mailProgress,
  mailPurposeLabels,
  moment,
  scanStatusLabels,
  statusLabels,
} from "#core/leads/model.ts";
import { Timeline } from "~/components/staff/timeline";
import { Button } from "~/components/ui/button";
import { ButtonLink } from "~/components/ui/button-link";
import { controlClass, Field } from "~/components/ui/field";
import { staffMeta } from "~/lib/staff/meta";
import type { PersonLead } from "../../../server/contract.ts";
import type { Route } from "./+types/people";
import { erasePerson, loadPerson } from "./people.server";

export function meta() {
  return staffMeta("People");
}

// The address's checks and the erasure's rules live in people.server.ts, which stays out of the browser.
export async function loader(args: Route.LoaderArgs) {
  return loadPerson(args);
}

export async function action(args: Route.ActionArgs) {
  return erasePerson(args);
}

function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

function Subheading({ children }: { children: React.ReactNode }) {
  return <h4 className="mt-5 mb-2 font-semibold text-navy-900">{children}</h4>;
}

function Lead({ lead }: { lead: PersonLead }) {
  const headingId = `lead-${lead.reference}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl bg-white p-4 ring-1 ring-navy-100 sm:p-5">
      <h3 id={headingId} className="text-lg font-bold">
        {lead.reference} · {kindLabel(lead.kind)} · {statusLabels[lead.status]}
      </h3>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Received</dt>
        <dd>{formatDateTime(lead.receivedAt)}</dd>
        <dt className="font-semibold">Last activity</dt>
        <dd>{formatDateTime(lead.lastActivityAt)}</dd>
        {lead.keepConsentAt !== null && (
          <>
            <dt className="font-semibold">Agreed to be kept for future roles</dt>
            <dd>{formatDateTime(lead.keepConsentAt)}</dd>
          </>
        )}
        <dt className="font-semibold">Due for deletion</dt>
        <dd>
          {formatDate(lead.retention.deleteAt)} ({lead.retention.because})
        </dd>
      </dl>

      <Subheading>What they sent</Subheading>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {lead.details.map((detail) => (
          <div key={detail.label} className="contents">
            <dt className="font-semibold">{detail.label}</dt>
            <dd className="break-words whitespace-pre-line">{detail.value}</dd>
          </div>
        ))}
        <dt className="font-semibold">Sent with</dt>
        <dd className="break-words">{lead.sentWith.browser || "Unknown browser"}</dd>
      </dl>

      {lead.kind === "application" && (
        <>
          <Subheading>Files</Subheading>
          {lead.files.length === 0 ? (
            <p className="text-sm">None.</p>
          ) : (
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {lead.files.map((file) => (
                <li key={file.id}>
                  {documentName(file)}{" "}
                  {file.removedFor === null
                    ? `(${fileSize(file.size)})`
                    : `(${scanStatusLabels.infected}, found: ${file.removedFor})`}
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      <Subheading>Notes</Subheading>
      {lead.notes.length === 0 ? (
        <p className="text-sm">None.</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {lead.notes.map((note) => (
            <li key={note.id} className="rounded-lg bg-sand-50 p-2">
              <p className="whitespace-pre-line">{note.body}</p>
              <p className="mt-1 text-navy-700">
                {note.author}, {formatDateTime(note.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}

      <Subheading>E-mails</Subheading>
      {lead.emails.length === 0 ? (
        <p className="text-sm">None.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {lead.emails.map((mail) => (
            <li key={mail.id}>
              {mail.channel === "webhook" ? "Webhook" : mailPurposeLabels[mail.purpose]}, to {mail.to}: “
              {mail.subject}” — {mailProgress(mail)}
              {mail.state === "sent" && mail.sentAt !== null ? ` ${formatDateTime(mail.sentAt)}` : ""}
            </li>
          ))}
        </ul>
      )}

      <Subheading>Timeline</Subheading>
      <Timeline items={lead.timeline.map(({ at, ...event }) => ({ ...event, at: moment(at) }))} />
    </article>
  );
}

export default function People({ loaderData, actionData }: Route.ComponentProps) {
  const { query, error, person, mayErase, erasureWindowMinutes } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const erased = actionData?.erased;
  const counts = person?.counts;
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">People</h1>
        <p className="max-w-3xl text-navy-800">
          When someone asks for a copy of their data, or for it to be deleted, find everything held about them
          here by their e-mail address. Check first that the request really comes from them.
        </p>
        <p className="max-w-3xl text-navy-800">
          Someone quoted by name in a case study asks for their words to be erased?{" "}
          <Link to={quoteErasurePath} className="font-semibold text-accent-800 underline">
            Erase a person's words from the case studies
          </Link>
          .
        </p>
      </div>

      <Form
        method="get"
        role="search"
        aria-label="Find a person"
        className="flex max-w-xl flex-wrap items-end gap-3"
      >
        <Field id="people-email" label="E-mail address" error={error} className="min-w-0 flex-1 basis-64">
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              required
              autoComplete="off"
              defaultValue={query}
              className={controlClass}
            />
          )}
        </Field>
        <Button type="submit">Find</Button>
      </Form>

      <div role="status" className="empty:hidden">
        {erased && (
          <p className="rounded-lg bg-accent-100 p-3 font-medium">
            Erased {plural(erased.records, "record")} and {plural(erased.files, "file")} held about{" "}
            {erased.email}
            {erased.records > 0
              ? `, with ${plural(erased.notes, "note")} and ${plural(erased.emails, "e-mail")}`
              : ""}
            .{" "}
            {erased.records > 0
              ? `Their references (${erased.references.join(", ")}) are kept with dates only.`
              : ""}
            {erased.stillSending > 0
              ? ` ${plural(erased.stillSending, "e-mail was", "e-mails were")} already being sent at that moment and may still arrive.`
              : ""}
          </p>
        )}
      </div>

      {person && counts && counts.records === 0 && !erased && (
        <p>
          Nothing is held about <strong>{person.email}</strong>: no enquiry or application was sent from that
          address, or it has already been deleted.
        </p>
      )}

      {person && counts && counts.records > 0 && (
        <>
          <section aria-labelledby="found-heading" className="space-y-4">
            <h2 id="found-heading" className="text-xl font-bold">
              Held about {person.email}
            </h2>
            <p>
              {plural(counts.enquiries, "enquiry", "enquiries")} and{" "}
              {plural(counts.applications, "application")}, with {plural(counts.files, "file")},{" "}
              {plural(counts.notes, "note")} and {plural(counts.emails, "e-mail")}. NI numbers are shown
              masked here and in full in the download.
            </p>
            <div className="space-y-2 rounded-xl bg-white p-4 ring-1 ring-navy-100">
              <p className="text-sm text-navy-700">
                One ZIP file: every record as readable JSON, every file they sent, and a note explaining both.
                It is recorded in the audit log. Send it to them by a secure route, then delete your copy.
              </p>
              <ButtonLink
                to={`/staff/people/download?email=${encodeURIComponent(person.email)}`}
                reloadDocument
              >
                Download their data
              </ButtonLink>
            </div>
            <div className="space-y-4">
              {person.leads.map((lead) => (
                <Lead key={lead.reference} lead={lead} />
              ))}
            </div>
          </section>

          <section
            aria-labelledby="erase-heading"
            className="max-w-xl space-y-3 rounded-xl bg-white p-4 ring-1 ring-red-300 sm:p-5"
          >
            <h2 id="erase-heading" className="text-xl font-bold">
              Erase everything
            </h2>
            <p className="text-sm">
              Deletes every enquiry and application from this address, with their files, notes and e-mails (an
              e-mail not yet sent never will be), and the details on their timelines. It cannot be undone.
              Each reference is kept with its dates only, so you can still say what happened to it.
            </p>
            <p className="text-sm">
              {mayErase
                ? `You confirmed with your passkey in the last ${erasureWindowMinutes} minutes.`
                : `You will be asked to confirm with your passkey first (it lasts ${erasureWindowMinutes} minutes), and then to type the address again.`}
            </p>
            <Form method="post" className="space-y-3">
              <input type="hidden" name="email" value={person.email} />
              <Field
                id="confirm-email"
                label="Type their e-mail address again"
                error={actionData?.problem}
                required
              >
                {(control) => (
                  <input
                    {...control}
                    name="confirmEmail"
                    type="email"
                    required
                    autoComplete="off"
                    className={controlClass}
                  />
                )}
              </Field>
              <button
                type="submit"
                disabled={busy}
                className="min-h-11 rounded-lg bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
              >
                Erase everything
              </button>
            </Form>
          </section>
        </>
      )}
    </div>
  );
}
