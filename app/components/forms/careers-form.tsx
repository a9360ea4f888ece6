import { Paperclip } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "~/components/ui/button";
import { Choice, controlClass, Field, TextField } from "~/components/ui/field";
import { site } from "~/content/site";
import {
  type CareersFileField,
  careersEndpoint,
  careersFields,
  careersFiles,
  careersLimits,
  niPlaceholder,
} from "~/lib/forms/careers-schema";
import { honeypotField } from "~/lib/forms/fields";
import type { FormResult } from "~/lib/forms/form-result";
import { FormBanner } from "./form-banner";
import { FormFooter } from "./form-footer";
import { useFormSubmission } from "./use-form-submission";

const yesNo = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
] as const;

const rightToWorkWarning =
  "Unfortunately, you must have the right to work in the UK to apply for positions with us.";
const sizeHelp = `Maximum file size: ${site.limits.maxUploadMb}MB`;

const sectionClass = "grid gap-5 border-t border-navy-100 pt-6 sm:grid-cols-2";
const legendClass = "float-left mb-4 w-full text-lg font-bold text-navy-900 sm:col-span-2";

/** The "Job Application" form: multipart to /careers-handler.php, or a normal post without JavaScript. */
export function CareersForm({ initialResult }: { initialResult: FormResult | null }) {
  const { sending, result, send, forgetKey } = useFormSubmission(initialResult);
  const [rightToWork, setRightToWork] = useState("");
  const [fileNames, setFileNames] = useState<Record<CareersFileField, string>>({
    resume: "",
    otherDocuments: "",
  });

  const blocked = rightToWork === "no";

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blocked) return;
    const form = event.currentTarget;
    const filled = new FormData(form);
    // Exactly the spec's fields; each file only when one was chosen, the trap only when filled.
    const body = new FormData();
    for (const field of careersFields) body.append(field, String(filled.get(field) ?? ""));
    for (const field of Object.keys(careersFiles) as CareersFileField[]) {
      const file = filled.get(field);
      if (file instanceof File && (file.size > 0 || file.name)) body.append(field, file, file.name);
    }
    const trap = String(filled.get(honeypotField) ?? "");
    if (trap) body.append(honeypotField, trap);
    if (await send(careersEndpoint, body)) {
      form.reset();
      setRightToWork("");
      setFileNames({ resume: "", otherDocuments: "" });
    }
  }

  function fileInput(field: CareersFileField, label: string, required: boolean) {
    const id = `careers-${field}`;
    return (
      <Field id={id} label={label} required={required} description={sizeHelp}>
        {(control) => (
          <>
            <input
              {...control}
              name={field}
              type="file"
              accept={careersFiles[field].join(",")}
              required={required}
              onChange={(event) => {
                const name = event.currentTarget.files?.[0]?.name ?? "";
                setFileNames((names) => ({ ...names, [field]: name }));
              }}
              className="block w-full rounded-lg border border-dashed border-navy-300 bg-sand-50 p-3 text-base text-navy-900 file:mr-3 file:rounded-md file:border-0 file:bg-navy-900 file:px-3 file:py-2 file:font-semibold file:text-white"
            />
            {fileNames[field] && (
              <p className="flex items-center gap-2 text-sm font-medium text-navy-900" data-file-name={field}>
                <Paperclip aria-hidden="true" className="size-4" />
                <span>Selected: {fileNames[field]}</span>
              </p>
            )}
          </>
        )}
      </Field>
    );
  }

  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100 sm:p-8">
      <h2 className="text-2xl font-bold text-navy-900">Job Application</h2>
      <p className="mt-2 text-navy-700">
        It takes about five minutes. Have your CV ready as a PDF or Word document. Fields marked * are
        required.
      </p>
      <form
        method="post"
        action={careersEndpoint}
        encType="multipart/form-data"
        onSubmit={onSubmit}
        onChange={forgetKey}
        className="relative mt-6 flex flex-col gap-8"
        aria-label="Job application"
      >
        <div className="empty:hidden">
          <FormBanner result={result} />
        </div>

        <fieldset className={sectionClass}>
          <legend className={legendClass}>Personal Information</legend>
          <TextField
            id="careers-firstName"
            label="First Name"
            required
            name="firstName"
            type="text"
            autoComplete="given-name"
            maxLength={careersLimits.firstName}
          />
          <TextField
            id="careers-lastName"
            label="Last Name"
            required
            name="lastName"
            type="text"
            autoComplete="family-name"
            maxLength={careersLimits.lastName}
          />
          <TextField
            id="careers-email"
            label="Email Address"
            required
            name="email"
            type="email"
            autoComplete="email"
            maxLength={careersLimits.email}
          />
          <TextField
            id="careers-phone"
            label="Phone Number"
            required
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={careersLimits.phone}
          />
          <TextField
            id="careers-address"
            label="Address"
            required
            className="sm:col-span-2"
            name="address"
            type="text"
            autoComplete="street-address"
            maxLength={careersLimits.address}
          />
        </fieldset>

        <fieldset className={sectionClass}>
          <legend className={legendClass}>Additional Information</legend>
          <Choice name="hasCarQuestion" legend="Do you have a car?" options={yesNo} required />
          <Choice
            name="hasUKLicense"
            legend="Do you hold a full UK driving licence?"
            options={yesNo}
            required
          />
        </fieldset>

        <fieldset className={sectionClass}>
          <legend className={legendClass}>Right to Work</legend>
          <div className="flex flex-col gap-3">
            <Choice
              name="rightToWork"
              legend="Do you have the right to work in the UK?"
              options={yesNo}
              required
              value={rightToWork}
              onChange={setRightToWork}
              {...(blocked ? { describedBy: "careers-rightToWork-warning" } : {})}
            />
            {blocked && (
              <p
                id="careers-rightToWork-warning"
                role="alert"
                className="rounded-lg border border-amber-700 bg-amber-50 p-3 text-sm font-medium text-amber-950"
              >
                {rightToWorkWarning}
              </p>
            )}
          </div>
          <Field
            id="careers-niNumber"
            label="National Insurance Number"
            required
            description="Two letters, six numbers and a final letter, as on your payslip or P60."
          >
            {(control) => (
              <input
                {...control}
                name="niNumber"
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                required
                maxLength={careersLimits.niNumber}
                placeholder={niPlaceholder}
                className={controlClass}
              />
            )}
          </Field>
        </fieldset>

        <fieldset className={sectionClass}>
          <legend className={legendClass}>Documents</legend>
          {fileInput("resume", "CV / Resume (PDF, DOC or DOCX)", true)}
          {fileInput("otherDocuments", "Other Documents (optional: PDF, DOC, DOCX, JPG or PNG)", false)}
        </fieldset>

        <FormFooter>
          <Button type="submit" disabled={sending || blocked}>
            {sending
              ? "Submitting Application..."
              : blocked
                ? "Cannot Submit - Right to Work Required"
                : "Submit Application"}
          </Button>
        </FormFooter>
      </form>
    </div>
  );
}
