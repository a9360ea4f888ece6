import { Paperclip } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import {
  type CareersFileField,
  careersFields,
  careersFiles,
  careersLimits,
  vacancyField,
} from "#core/forms/careers-fields.ts";
import { careersEndpoint } from "#core/forms/endpoints.ts";
import type { FormStart, FormValues } from "#core/forms/form-result.ts";
import { formTokenField } from "#core/forms/form-token.ts";
import { type CareersFormWords, type FieldWords, fillIn } from "#core/forms/form-words.ts";
import { honeypotField } from "#core/forms/honeypot.ts";
import { Button } from "~/components/ui/button";
import { Choice, controlClass, Field, TextField } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { FormBanner } from "./form-banner";
import { FormFooter } from "./form-footer";
import { FormReceipt } from "./form-receipt";
import { useFormToken } from "./form-token-field";
import { useFormSubmission } from "./use-form-submission";

const sectionClass = "grid gap-5 border-t border-navy-100 pt-6 sm:grid-cols-2";
const legendClass = "float-left mb-4 w-full text-lg font-bold text-navy-900 sm:col-span-2";

const fieldId = (field: string) => `careers-${field}`;

/**
 * The "Job Application" form: multipart to /careers-handler.php, or a normal post without JavaScript.
 * On a vacancy's page it also sends the vacancy's reference (`vacancy`) and names the job above the form.
 * Its words come from the page (core/forms/form-copy.ts), so its island's script carries none of them.
 */
export function CareersForm({
  start,
  anchor,
  vacancy,
  words,
}: {
  start: FormStart;
  anchor: string;
  vacancy?: { reference: string; title: string };
  words: CareersFormWords;
}) {
  const { sending, slow, result, send, forgetKey } = useFormSubmission(
    start.result,
    words.frame.networkError,
  );
  const formToken = useFormToken("careers", start.token);
  // After a success the cleared form folds away under the confirmation, until it is asked for again.
  const [reopened, setReopened] = useState(false);
  const succeeded = result?.type === "success";
  const folded = succeeded && !reopened;
  function openAgain() {
    setReopened(true);
    // Once drawn, straight into the first field.
    requestAnimationFrame(() => document.getElementById(fieldId("firstName"))?.focus());
  }
  // What the fields start with: empty, or what was typed when a post without JavaScript came back refused.
  const [values, setValues] = useState<FormValues>(start.values);
  const [generation, setGeneration] = useState(0);
  const [rightToWork, setRightToWork] = useState(start.values.rightToWork ?? "");
  const [fileNames, setFileNames] = useState<Record<CareersFileField, string>>({
    resume: "",
    otherDocuments: "",
  });
  // Disabling the button needs the script that can enable it again: without JavaScript it stays usable.
  // So only the script disables it: when someone chooses No, or at once on a page that came back with
  // No chosen. Any other visit draws nothing again once the page has hydrated.
  const [scripted, setScripted] = useState(false);
  const cameBackWithNo = start.values.rightToWork === "no";
  useEffect(() => {
    if (cameBackWithNo) setScripted(true);
  }, [cameBackWithNo]);

  // What was chosen before the form's island hydrated fired its change event before React listened
  // (the island loads as the form comes into view): someone who picks a CV or answers No at once would
  // otherwise see nothing of it. So, once hydrated, the form reads the files and the answer it holds.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    const chosen = (field: CareersFileField) => {
      const input = form?.elements.namedItem(field);
      return input instanceof HTMLInputElement ? (input.files?.[0]?.name ?? "") : "";
    };
    const names = { resume: chosen("resume"), otherDocuments: chosen("otherDocuments") };
    if (names.resume || names.otherDocuments) setFileNames(names);
    const answer = form?.querySelector<HTMLInputElement>('input[name="rightToWork"]:checked')?.value;
    if (answer && answer !== start.values.rightToWork) {
      setScripted(true);
      setRightToWork(answer);
    }
  }, [start.values.rightToWork]);

  // After a refused post without JavaScript: the file fields in which a file had been chosen.
  const chosenBefore = start.files ?? [];
  const blocked = scripted && rightToWork === "no";
  const problem = (field: string) => (result?.type === "error" ? result.fields?.[field] : undefined);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (blocked) return;
    const filled = new FormData(event.currentTarget);
    // Exactly the spec's fields; each file only when one was chosen, the trap only when filled.
    const body = new FormData();
    for (const field of careersFields) body.append(field, String(filled.get(field) ?? ""));
    if (vacancy) body.append(vacancyField, vacancy.reference);
    for (const field of Object.keys(careersFiles) as CareersFileField[]) {
      const file = filled.get(field);
      if (file instanceof File && (file.size > 0 || file.name)) body.append(field, file, file.name);
    }
    const trap = String(filled.get(honeypotField) ?? "");
    if (trap) body.append(honeypotField, trap);
    // The page's time token, also after the form was drawn afresh by a success.
    const token = formToken.current();
    if (token) body.append(formTokenField, token);
    if (await send(careersEndpoint, body)) {
      setValues({});
      setRightToWork("");
      setFileNames({ resume: "", otherDocuments: "" });
      setGeneration((value) => value + 1);
      setReopened(false);
    }
  }

  function fileInput(field: CareersFileField, { label, hint }: FieldWords, required: boolean) {
    // Only a file that was chosen is asked for again, and not when the file itself was the problem.
    const lost = chosenBefore.includes(field) && !fileNames[field] && !problem(field);
    return (
      <Field
        id={fieldId(field)}
        label={label}
        required={required}
        description={
          <>
            {hint} {words.sizeHelp}
            {lost && <strong className="mt-1 block font-semibold text-navy-900">{words.chooseAgain}</strong>}
          </>
        }
        error={problem(field)}
      >
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
                <Paperclip aria-hidden="true" className="size-4 shrink-0" />
                <span className="min-w-0 break-words">
                  {words.selected} {fileNames[field]}
                </span>
              </p>
            )}
          </>
        )}
      </Field>
    );
  }

  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-100 sm:p-8">
      <h2 className="text-2xl font-bold text-navy-900">{words.heading}</h2>
      {vacancy && (
        <p className="mt-2 font-semibold text-navy-900">
          {words.applyingFor} <span className="break-words">{vacancy.title}</span>{" "}
          {fillIn(words.reference, { reference: vacancy.reference })}
        </p>
      )}
      {!folded && <p className="mt-2 text-navy-700">{words.intro}</p>}
      <form
        key={generation}
        ref={formRef}
        method="post"
        // The anchor brings a browser without JavaScript back to the form when its post is refused.
        action={`${careersEndpoint}#${anchor}`}
        encType="multipart/form-data"
        onSubmit={onSubmit}
        onChange={forgetKey}
        // The site's own error summary reports empty fields too, as it does every other problem.
        noValidate
        className="relative mt-6 flex flex-col gap-8"
        aria-label={words.formLabel}
      >
        {formToken.field}
        {vacancy && <input type="hidden" name={vacancyField} value={vacancy.reference} />}
        {succeeded && result && (
          <FormReceipt
            id={`${anchor}-received`}
            className=""
            result={result}
            words={words.receipt}
            manyProblems={words.frame.manyProblems}
            anchor={anchor}
            again={!reopened}
            onAgain={openAgain}
          />
        )}
        {/* Folded away under the confirmation after a success, until asked for again. */}
        <div hidden={folded} className="flex flex-col gap-8">
          <div className="empty:hidden">
            <FormBanner
              result={succeeded ? null : result}
              fieldId={fieldId}
              manyProblems={words.frame.manyProblems}
            />
          </div>

          <fieldset className={sectionClass}>
            <legend className={legendClass}>{words.sections.personal}</legend>
            <TextField
              id={fieldId("firstName")}
              label={words.firstName.label}
              required
              name="firstName"
              type="text"
              autoComplete="given-name"
              maxLength={careersLimits.firstName}
              defaultValue={values.firstName}
              error={problem("firstName")}
            />
            <TextField
              id={fieldId("lastName")}
              label={words.lastName.label}
              required
              name="lastName"
              type="text"
              autoComplete="family-name"
              maxLength={careersLimits.lastName}
              defaultValue={values.lastName}
              error={problem("lastName")}
            />
            <TextField
              id={fieldId("email")}
              label={words.email.label}
              required
              name="email"
              type="email"
              autoComplete="email"
              maxLength={careersLimits.email}
              placeholder={words.email.placeholder}
              defaultValue={values.email}
              error={problem("email")}
            />
            <TextField
              id={fieldId("phone")}
              label={words.phone.label}
              required
              name="phone"
              type="tel"
              autoComplete="tel"
              maxLength={careersLimits.phone}
              placeholder={words.phone.placeholder}
              defaultValue={values.phone}
              error={problem("phone")}
            />
            <Field
              id={fieldId("address")}
              label={words.address.label}
              required
              className="sm:col-span-2"
              description={words.address.hint}
              error={problem("address")}
            >
              {(control) => (
                <textarea
                  {...control}
                  name="address"
                  required
                  rows={3}
                  autoComplete="street-address"
                  maxLength={careersLimits.address}
                  defaultValue={values.address}
                  className={controlClass}
                />
              )}
            </Field>
          </fieldset>

          <fieldset className={sectionClass}>
            <legend className={legendClass}>{words.sections.additional}</legend>
            <Choice
              id={fieldId("hasCarQuestion")}
              name="hasCarQuestion"
              legend={words.hasCarQuestion}
              options={words.yesNo}
              required
              defaultValue={values.hasCarQuestion}
              error={problem("hasCarQuestion")}
            />
            <Choice
              id={fieldId("hasUKLicense")}
              name="hasUKLicense"
              legend={words.hasUKLicense}
              options={words.yesNo}
              required
              defaultValue={values.hasUKLicense}
              error={problem("hasUKLicense")}
            />
          </fieldset>

          <fieldset className={sectionClass}>
            <legend className={legendClass}>{words.sections.rightToWork}</legend>
            <div className="flex flex-col gap-3">
              <Choice
                id={fieldId("rightToWork")}
                name="rightToWork"
                legend={words.rightToWork}
                options={words.yesNo}
                required
                value={rightToWork}
                onChange={(value) => {
                  setScripted(true);
                  setRightToWork(value);
                }}
                // The warning below says it when No is chosen; anything else the server found shows here.
                error={rightToWork === "no" ? null : problem("rightToWork")}
                {...(rightToWork === "no" ? { describedBy: "careers-rightToWork-warning" } : {})}
              />
              {rightToWork === "no" && (
                <p
                  id="careers-rightToWork-warning"
                  role="alert"
                  className="rounded-lg border border-amber-700 bg-amber-50 p-3 text-sm font-medium text-amber-950"
                >
                  {words.rightToWorkWarning}
                </p>
              )}
            </div>
            <Field
              id={fieldId("niNumber")}
              label={words.niNumber.label}
              required
              description={words.niNumber.hint}
              error={problem("niNumber")}
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
                  placeholder={words.niNumber.placeholder}
                  defaultValue={values.niNumber}
                  className={controlClass}
                />
              )}
            </Field>
          </fieldset>

          <fieldset className={sectionClass}>
            <legend className={legendClass}>{words.sections.documents}</legend>
            {fileInput("resume", words.resume, true)}
            {fileInput("otherDocuments", words.otherDocuments, false)}
          </fieldset>

          <FormFooter words={words.frame} slow={slow}>
            <Button
              type="submit"
              disabled={sending || blocked}
              // The long refusal label fits on one line of a phone in the smaller size.
              className={cn("w-full sm:w-auto", blocked && "max-sm:px-3 max-sm:text-sm")}
            >
              {sending ? words.submitting : blocked ? words.blocked : words.submit}
            </Button>
          </FormFooter>
        </div>
      </form>
    </div>
  );
}
