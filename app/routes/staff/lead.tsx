import { Link } from "react-router";
import { site } from "#core/config/site.ts";
import { kindLabel } from "#core/leads/model.ts";
import { AddressBounced } from "~/components/staff/lead/address-bounced";
import { Card } from "~/components/staff/lead/card";
import { Documents } from "~/components/staff/lead/documents";
import { InterviewCard } from "~/components/staff/lead/interview-card";
import { KeepOnFile } from "~/components/staff/lead/keep-on-file";
import { MailDelivery } from "~/components/staff/lead/mail-delivery";
import { Notes } from "~/components/staff/lead/notes";
import { OwnerForm } from "~/components/staff/lead/owner-form";
import { Replies } from "~/components/staff/lead/replies";
import { ReplyForm } from "~/components/staff/lead/reply-form";
import { SentFields } from "~/components/staff/lead/sent-fields";
import { StageEmail, StageEmailPrompt } from "~/components/staff/lead/stage-email";
import { StatusForm } from "~/components/staff/lead/status-form";
import { StatusBadge } from "~/components/staff/status-badge";
import { Timeline } from "~/components/staff/timeline";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/lead";
import { type ActionResult, actOnLead, loadLead } from "./lead.server";

export function meta({ loaderData }: Route.MetaArgs) {
  // A lead that is missing or deleted is titled by the workspace's error page (layout.tsx).
  return staffMeta(loaderData ? loaderData.lead.reference : "Not found");
}

// The rules live in lead.server.ts, which React Router keeps out of the browser's bundle.
export async function loader(args: Route.LoaderArgs) {
  return loadLead(args);
}

export async function action(args: Route.ActionArgs) {
  return actOnLead(args);
}

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, vacancy, team, owner, due, replies, stageEmail } = loaderData;
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
      {loaderData.blocked && (
        <AddressBounced
          email={lead.email}
          blocked={loaderData.blocked}
          error={result?.intent === "correct-email" ? result.error : null}
        />
      )}
      {stageEmail && result?.intent === "status" && !result.error && <StageEmailPrompt offer={stageEmail} />}
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
          {/* Right after a status change, telling the applicant is the next step: it comes first. */}
          {stageEmail && (
            <StageEmail offer={stageEmail} prominent={result?.intent === "status" && !result.error} />
          )}
          {loaderData.interviewCard && (
            <InterviewCard
              {...loaderData.interviewCard}
              status={lead.status}
              applicantPhone={lead.phone}
              result={actionData}
            />
          )}
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
