import { Form } from "react-router";
import { applicants } from "#core/config/applicants.ts";
import { addressLineOf } from "#core/content/company-facts.ts";
import { interviewLimits, interviewPlaceKinds } from "#core/leads/model.ts";
import { Button } from "~/components/ui/button";
import { controlClass, Field, TextField } from "~/components/ui/field";
import { useCompany } from "~/lib/company";

/** The form's values, as typed or as the interview has them now. */
export type InterviewValues = {
  date: string;
  time: string;
  minutes: string;
  placeKind: string;
  place: string;
  meetWith: string;
  note: string;
};

/** A refused post of this form: the field at fault (if it is one field's) and its problem in words. */
export type InterviewProblem = { field: string | null; error: string };

/**
 * The invitation's details: date, start time and length (UK time), where (a radio group), the address,
 * number or link, who they will meet and a note. The same form invites (intent "interview-invite") and
 * moves an interview ("interview-move", with its uid). A plain post: it works without JavaScript.
 */
export function InterviewForm({
  id,
  intent,
  uid,
  values,
  problem,
  applicantPhone,
  submitLabel,
}: {
  /** Prefixes every control's id, so several forms can share the page. */
  id: string;
  intent: "interview-invite" | "interview-move";
  uid?: string;
  values: InterviewValues;
  problem: InterviewProblem | null;
  /** The number the applicant gave, named beside the phone call's field. */
  applicantPhone: string;
  submitLabel: string;
}) {
  const addressLine = addressLineOf(useCompany());
  const errorFor = (field: string) => (problem?.field === field ? problem.error : null);
  const placeError = errorFor("placeKind");
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {uid && <input type="hidden" name="interview" value={uid} />}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          id={`${id}-date`}
          name="date"
          type="date"
          label="Date"
          required
          defaultValue={values.date}
          error={errorFor("date")}
        />
        <TextField
          id={`${id}-time`}
          name="time"
          type="time"
          label="Start time (UK)"
          required
          defaultValue={values.time}
          error={errorFor("time")}
        />
        <TextField
          id={`${id}-minutes`}
          name="minutes"
          type="number"
          inputMode="numeric"
          min={5}
          max={applicants.longestInterviewMinutes}
          label="Length in minutes"
          required
          defaultValue={values.minutes}
          error={errorFor("minutes")}
        />
      </div>
      <fieldset aria-describedby={placeError ? `${id}-place-kind-error` : undefined}>
        <legend className="text-sm font-semibold text-navy-900">
          Where
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        </legend>
        <div className="mt-1 flex flex-wrap gap-x-6">
          {interviewPlaceKinds.map((option) => (
            <label key={option.value} className="flex min-h-11 items-center gap-2 text-base">
              <input
                id={`${id}-place-kind-${option.value}`}
                type="radio"
                name="placeKind"
                value={option.value}
                required
                defaultChecked={values.placeKind === option.value}
                aria-invalid={placeError ? true : undefined}
                className="size-5 accent-accent-700"
              />
              {option.label}
            </label>
          ))}
        </div>
        {placeError && (
          <p id={`${id}-place-kind-error`} className="text-sm font-semibold text-red-800">
            <span aria-hidden="true">! </span>
            <span className="sr-only">Error: </span>
            {placeError}
          </p>
        )}
      </fieldset>
      <TextField
        id={`${id}-place`}
        name="place"
        label="Address, phone number or video link"
        description={`Not needed for our office (${addressLine}). For a phone call, the UK number we will call them on (they gave ${applicantPhone || "none"}); for a video call, the meeting's link, starting https://.`}
        maxLength={interviewLimits.place}
        autoComplete="off"
        defaultValue={values.place}
        error={errorFor("place")}
      />
      <TextField
        id={`${id}-meet-with`}
        name="meetWith"
        label="Who they will meet"
        required
        maxLength={interviewLimits.meetWith}
        autoComplete="off"
        defaultValue={values.meetWith}
        error={errorFor("meetWith")}
      />
      <Field
        id={`${id}-note`}
        label="Note for the applicant (optional)"
        description="Sent with the invitation: what to bring, who to ask for at reception, what to wear."
        error={errorFor("note")}
      >
        {(control) => (
          <textarea
            {...control}
            name="note"
            rows={3}
            maxLength={interviewLimits.note}
            defaultValue={values.note}
            className={controlClass}
          />
        )}
      </Field>
      <Button type="submit" size="sm">
        {submitLabel}
      </Button>
    </Form>
  );
}
