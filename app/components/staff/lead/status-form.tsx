import { Form } from "react-router";
import { type LeadKind, type LeadStatus, type Moment, statusesFor, statusLabels } from "#core/leads/model.ts";
import { Button } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";

/** The lead's status, from the statuses its kind of lead can have. */
export function StatusForm({
  lead,
}: {
  lead: { kind: LeadKind; status: LeadStatus; statusChanged: Moment | null };
}) {
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
