import { Form, useNavigation } from "react-router";
import { replyLimits, statusLabel } from "#core/leads/model.ts";
import { Button } from "~/components/ui/button";
import { controlClass, Field, TextField } from "~/components/ui/field";
import { cn } from "~/lib/cn";

/** The e-mail for the application's current stage, filled from its template, still to be sent. */
export type StageEmailOffer = {
  stage: string;
  firstName: string;
  /** How the e-mail opens: "Dear Tomasz,". */
  greeting: string;
  subject: string;
  body: string;
};

/**
 * "Tell the applicant": the e-mail for the stage the application is now at, pre-filled and editable, sent
 * only when staff press its button. Right after a status change it is open and marked out, so the next
 * step is in view; otherwise it waits folded, as staff may have told the applicant another way.
 */
export function StageEmail({ offer, prominent }: { offer: StageEmailOffer; prominent: boolean }) {
  const busy = useNavigation().state === "submitting";
  const name = offer.firstName || "the applicant";
  return (
    <section
      aria-labelledby="stage-email-heading"
      className={cn(
        "space-y-3 rounded-xl p-5",
        prominent ? "bg-accent-100/40 ring-2 ring-accent-700" : "bg-white ring-1 ring-navy-100",
      )}
    >
      <h2 id="stage-email-heading" className="text-lg font-bold">
        Tell the applicant
      </h2>
      <p id="stage-email-note">
        The application is now at <strong className="font-semibold">{statusLabel(offer.stage)}</strong>. Here
        is the e-mail for this stage, ready for you to check and change. Nothing is sent to {name} unless you
        press the button.
      </p>
      <details open={prominent} className="group">
        <summary className="min-h-10 cursor-pointer py-2 font-semibold text-accent-800 underline">
          Write the e-mail to {name}
        </summary>
        {/* Keyed by the stage: a new stage brings its own words, never the last one's edits. */}
        <Form method="post" key={offer.stage} className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="stage-email" />
          <input type="hidden" name="stage" value={offer.stage} />
          <TextField
            id="stage-email-subject"
            label="Subject"
            name="subject"
            required
            maxLength={replyLimits.subject}
            defaultValue={offer.subject}
          />
          <Field
            id="stage-email-body"
            label="Message"
            required
            description={`It starts “${offer.greeting}” and ends with your name, our phone number and ${name}'s own link to their application. Their answer comes back to the recruitment inbox.`}
          >
            {(control) => (
              <textarea
                {...control}
                name="body"
                rows={9}
                required
                maxLength={replyLimits.body}
                defaultValue={offer.body}
                className={controlClass}
              />
            )}
          </Field>
          <Button type="submit" disabled={busy} aria-describedby="stage-email-note">
            Send e-mail to {name}
          </Button>
        </Form>
      </details>
    </section>
  );
}

/** Under "Status saved", right after a change: where the e-mail for the new stage waits to be sent. */
export function StageEmailPrompt({ offer }: { offer: StageEmailOffer }) {
  return (
    <p className="text-navy-800">
      <a href="#stage-email-heading" className="font-semibold text-accent-800 underline">
        Tell {offer.firstName || "the applicant"} by e-mail
      </a>
      : the e-mail for the {statusLabel(offer.stage)} stage is ready to check and send. Nothing goes unless
      you send it.
    </p>
  );
}
