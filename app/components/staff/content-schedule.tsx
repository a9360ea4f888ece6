import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import type { ScheduleActionResult, ScheduleView } from "~/routes/staff/content-schedule.server";

const fieldId = (field: string) => `schedule-${field}`;

/**
 * An item's schedule on its page: what is due to be published or taken down and when (UK time), each with
 * Cancel, and the forms that schedule a change. Plain posts: it works without JavaScript.
 */
export function ContentSchedule({
  view,
  result,
  mayEdit,
}: {
  view: ScheduleView;
  result: ScheduleActionResult["schedule"] | undefined;
  mayEdit: boolean;
}) {
  const problem = (field: string) => result?.problems[field];
  const value = (field: string) => result?.values[field] ?? "";
  return (
    <section aria-labelledby="schedule" className="space-y-4 rounded-xl bg-white p-5 ring-1 ring-navy-100">
      <h2 id="schedule" className="text-lg font-bold">
        Schedule
      </h2>
      {result && (
        <div role="alert" className="rounded-lg border border-red-700 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{result.problem}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {Object.entries(result.problems).map(([field, message]) => (
              <li key={field}>
                <a href={`#${fieldId(field)}`} className="underline">
                  {message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {view.pending.length === 0 ? (
        <p>Nothing is scheduled.</p>
      ) : (
        <ul className="space-y-3">
          {view.pending.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center gap-3">
              <p className="font-medium">
                {entry.what} at <time dateTime={entry.when.iso}>{entry.when.text}</time> (UK time), scheduled
                by {entry.by}.
                {entry.waitsForApproval &&
                  " It still needs approval: it goes live at that time only if approved by then, or as soon as it is approved after."}
              </p>
              {mayEdit && (
                <Form method="post">
                  <input type="hidden" name="schedule" value={entry.id} />
                  <Button type="submit" name="intent" value="cancel-schedule" variant="secondary" size="sm">
                    Cancel
                    <span className="sr-only"> the change at {entry.when.text}</span>
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {mayEdit && view.publishVersion !== null && (
        <Form method="post" aria-labelledby="publish-at" className="grid gap-4 sm:grid-cols-3 sm:items-end">
          <h3 id="publish-at" className="font-semibold sm:col-span-3">
            Publish version {view.publishVersion} at a set time
          </h3>
          <input type="hidden" name="version" value={view.publishVersion} />
          <TextField
            id={fieldId("publishDate")}
            label="Publish on"
            name="publishDate"
            type="date"
            required
            min={view.today}
            defaultValue={value("publishDate")}
            error={problem("publishDate")}
          />
          <TextField
            id={fieldId("publishTime")}
            label="Publish at (UK time)"
            description="24-hour clock, such as 09:00."
            name="publishTime"
            type="time"
            required
            defaultValue={value("publishTime")}
            error={problem("publishTime")}
          />
          <div>
            <Button type="submit" name="intent" value="schedule-publish">
              Schedule publication
            </Button>
          </div>
        </Form>
      )}
      {mayEdit && view.mayTakeDown && (
        <Form method="post" aria-labelledby="take-down-at" className="grid gap-4 sm:grid-cols-3 sm:items-end">
          <h3 id="take-down-at" className="font-semibold sm:col-span-3">
            Take it down at a set time
          </h3>
          <TextField
            id={fieldId("takeDownDate")}
            label="Take down on"
            name="takeDownDate"
            type="date"
            required
            min={view.today}
            defaultValue={value("takeDownDate")}
            error={problem("takeDownDate")}
          />
          <TextField
            id={fieldId("takeDownTime")}
            label="Take down at (UK time)"
            description="24-hour clock, such as 17:30."
            name="takeDownTime"
            type="time"
            required
            defaultValue={value("takeDownTime")}
            error={problem("takeDownTime")}
          />
          <div>
            <Button type="submit" name="intent" value="schedule-take-down" variant="secondary">
              Schedule take-down
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}
