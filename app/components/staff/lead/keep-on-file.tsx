import { Form } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * Whether the applicant agreed to be kept on file for future roles; `keptOnFileSince` is the date of
 * their agreement, as words, or null when none is recorded.
 */
export function KeepOnFile({ lead }: { lead: { kind: "application"; keptOnFileSince: string | null } }) {
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
