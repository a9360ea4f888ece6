import { type LeadStatus, type Moment, statusLabels } from "~/lib/staff/leads";
import type { AuditAction } from "../../../server/leads/timeline.ts";

export type TimelineItem = {
  id: number;
  action: AuditAction;
  detail: string;
  who: string | null;
  at: Moment;
};

const mailNames: Record<string, string> = {
  notification: "Our copy of the lead (e-mail to the team)",
  acknowledgement: "The acknowledgement e-mail to the sender",
};

function statusName(value: string | undefined): string {
  return value && value in statusLabels ? statusLabels[value as LeadStatus] : (value ?? "");
}

/** One event of a lead's life in plain words. */
export function describeEvent(action: AuditAction, detail: string): string {
  switch (action) {
    case "received":
      return "Received from the website";
    case "opened":
      return "Opened for the first time";
    case "mail-sent":
      return `${mailNames[detail] ?? "An e-mail"} was sent`;
    case "mail-failed":
      return `${mailNames[detail] ?? "An e-mail"} could not be sent`;
    case "mail-retried":
      return `${mailNames[detail] ?? "An e-mail"} was queued to be sent again`;
    case "status-changed": {
      const [from, to] = detail.split(" → ");
      return `Status changed from ${statusName(from)} to ${statusName(to)}`;
    }
    case "note-added":
      return "Note added";
    case "ni-revealed":
      return "National Insurance number revealed";
    case "document-downloaded":
      return detail === "resume" ? "CV downloaded" : "Other document downloaded";
    case "consent-recorded":
      return "Recorded that the applicant agreed to be kept on file for future roles";
    case "consent-withdrawn":
      return "Removed the applicant's agreement to be kept on file";
    case "exported":
      return `Exported in a CSV file (${detail} leads)`;
    default:
      return action;
  }
}

/** Who did it: a member of staff by name, or the website for what happened on its own. */
function actor(item: TimelineItem): string {
  if (item.who) return item.who;
  if (item.action === "mail-sent" || item.action === "mail-failed") return "the mail service";
  return "the website";
}

/** Everything that happened to a lead, oldest first, with who and when. */
export function Timeline({ items }: { items: TimelineItem[] }) {
  return (
    <ol className="space-y-3 border-l-2 border-navy-200 pl-4">
      {items.map((item) => (
        <li key={item.id} className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.4rem] size-3 rounded-full bg-navy-300 ring-2 ring-sand-50"
          />
          <p className="font-semibold">{describeEvent(item.action, item.detail)}</p>{" "}
          <p className="text-sm text-navy-700">
            by {actor(item)}, <time dateTime={item.at.iso}>{item.at.text}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
