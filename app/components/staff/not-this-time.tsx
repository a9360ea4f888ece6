import { Form, Link, useNavigation } from "react-router";
import { staffLimits } from "#core/config/staff-limits.ts";
import { type Moment, replyLimits, statusLabel } from "#core/leads/model.ts";
import { leadPath } from "#core/staff/paths.ts";
import { mayNotTellApplicants } from "#core/vacancies/managing.ts";
import { Button } from "~/components/ui/button";
import { controlClass, Field, TextField } from "~/components/ui/field";

/** An applicant for the vacancy still at New or Contacted. */
export type WaitingApplicant = {
  reference: string;
  firstName: string;
  lastName: string;
  status: string;
  applied: Moment;
};

/**
 * A vacancy's applicants still at New or Contacted, with the "not this time" e-mail edited once for all
 * and sent, each as a message of its own, to those ticked. Nothing goes until the button is pressed.
 * Only those allowed to publish vacancies may send it; telling more than a few at once asks for the
 * passkey again, which the section offers before anything is ticked.
 */
export function NotThisTime({
  applicants,
  email,
  closed,
  result,
  allowed,
  confirmed,
  vacancyReference,
}: {
  applicants: WaitingApplicant[];
  email: { subject: string; body: string };
  closed: boolean;
  result: { message: string | null; error: string | null } | undefined;
  /** May this person send it: an administrator, or someone allowed to publish vacancies. */
  allowed: boolean;
  /** Did they use their passkey recently enough to tell many at once. */
  confirmed: boolean;
  vacancyReference: string;
}) {
  const busy = useNavigation().state === "submitting";
  const confirmAbove = staffLimits.confirmNotThisTimeAbove;
  const confirmFirst = !confirmed && applicants.length > confirmAbove;
  return (
    <section
      aria-labelledby="not-this-time-heading"
      className="space-y-4 rounded-xl bg-white p-5 ring-1 ring-navy-100"
    >
      <h2 id="not-this-time-heading" className="text-lg font-bold">
        Applicants still waiting
      </h2>
      <div role="status">
        {result?.message && <p className="rounded-lg bg-accent-100 p-3 font-medium">{result.message}</p>}
      </div>
      {result?.error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-900 ring-1 ring-red-200">
          {result.error}
        </p>
      )}
      {applicants.length === 0 ? (
        <p className="text-navy-800">Nobody who applied for this vacancy is waiting at New or Contacted.</p>
      ) : !allowed ? (
        <p className="text-navy-800">
          {applicants.length === 1
            ? "1 applicant is at New or Contacted."
            : `${applicants.length} applicants are at New or Contacted.`}{" "}
          {mayNotTellApplicants}
        </p>
      ) : (
        <Form method="post" className="space-y-4" aria-labelledby="not-this-time-heading">
          <input type="hidden" name="intent" value="not-this-time" />
          <p id="not-this-time-help" className="text-navy-800">
            {closed ? "This vacancy is closed. " : ""}Tick the applicants to tell that it is not this time.
            Each gets the e-mail below as a message of their own, starting with their first name and ending
            with their own link, and moves to Unsuccessful. Nothing is sent until you press the button.
          </p>
          {confirmFirst && (
            <p className="rounded-lg bg-navy-50 p-3 text-navy-800">
              Telling more than {confirmAbove} at once asks for your passkey again.{" "}
              <Link
                to={`/staff/confirm?next=${encodeURIComponent(`/staff/vacancies/${vacancyReference}`)}`}
                className="font-semibold text-accent-800 underline"
              >
                Confirm it is you
              </Link>{" "}
              before ticking them.
            </p>
          )}
          {applicants.length > staffLimits.emailsPerPersonPerHour && (
            <p className="rounded-lg bg-navy-50 p-3 text-navy-800">
              One person may send up to {staffLimits.emailsPerPersonPerHour} e-mails in an hour, each
              applicant one, so tell them in batches of up to that many.
            </p>
          )}
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-navy-900">
              {applicants.length === 1
                ? "1 applicant at New or Contacted"
                : `${applicants.length} applicants at New or Contacted`}
            </legend>
            <ul className="divide-y divide-navy-100 rounded-lg ring-1 ring-navy-100">
              {applicants.map((applicant) => {
                const id = `tell-${applicant.reference}`;
                return (
                  <li key={applicant.reference} className="flex items-start gap-3 p-3">
                    <input
                      id={id}
                      type="checkbox"
                      name="applicant"
                      value={applicant.reference}
                      aria-describedby={`${id}-about`}
                      className="mt-0.5 size-5 shrink-0 accent-accent-700"
                    />
                    <div className="min-w-0 space-y-0.5">
                      <label htmlFor={id} className="font-semibold break-words">
                        {applicant.firstName} {applicant.lastName}
                      </label>
                      <p id={`${id}-about`} className="text-sm text-navy-700">
                        <Link
                          to={leadPath(applicant.reference)}
                          className="font-mono font-semibold text-accent-800 underline"
                        >
                          {applicant.reference}
                        </Link>{" "}
                        · {statusLabel(applicant.status)} · applied{" "}
                        <time dateTime={applicant.applied.iso}>{applicant.applied.text}</time>
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <TextField
            id="not-this-time-subject"
            label="Subject"
            name="subject"
            required
            maxLength={replyLimits.subject}
            defaultValue={email.subject}
          />
          <Field
            id="not-this-time-body"
            label="Message"
            required
            description="Each e-mail starts “Dear” and the applicant's first name, and ends with your name, our phone number and their own link. Answers come back to the recruitment inbox."
          >
            {(control) => (
              <textarea
                {...control}
                name="body"
                rows={8}
                required
                maxLength={replyLimits.body}
                defaultValue={email.body}
                className={controlClass}
              />
            )}
          </Field>
          <Button type="submit" disabled={busy} aria-describedby="not-this-time-help">
            Send to the ticked applicants
          </Button>
        </Form>
      )}
    </section>
  );
}
