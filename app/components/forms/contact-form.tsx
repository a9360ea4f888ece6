import { Send } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { contactLimits } from "#core/forms/contact-fields.ts";
import { contactEndpoint } from "#core/forms/endpoints.ts";
import type { FormStart, FormValues } from "#core/forms/form-result.ts";
import { formTokenHeader } from "#core/forms/form-token.ts";
import type { ContactFormWords } from "#core/forms/form-words.ts";
import { Button } from "~/components/ui/button";
import { controlClass, Field, TextField } from "~/components/ui/field";
import { contactBody } from "./contact-body";
import { FormBanner } from "./form-banner";
import { FormFooter } from "./form-footer";
import { FormReceipt } from "./form-receipt";
import { useFormToken } from "./form-token-field";
import { QuoteQuestions } from "./quote-questions";
import { useFormSubmission } from "./use-form-submission";

const fieldId = (field: string) => `contact-${field}`;

/**
 * The "Send Us a Message" enquiry form: JSON to /contact-handler.php, or a normal post without JavaScript.
 * Its words come from the page (core/forms/form-copy.ts), so its island's script carries none of them.
 */
export function ContactForm({
  start,
  anchor,
  words,
}: {
  start: FormStart;
  anchor: string;
  words: ContactFormWords;
}) {
  const { sending, slow, result, send, forgetKey } = useFormSubmission(
    start.result,
    words.frame.networkError,
  );
  const formToken = useFormToken("contact", start.token);
  // After a success the cleared form folds away under the confirmation, until it is asked for again.
  const [reopened, setReopened] = useState(false);
  const succeeded = result?.type === "success";
  const folded = succeeded && !reopened;
  function openAgain() {
    setReopened(true);
    // Once drawn, straight into the first field.
    requestAnimationFrame(() => document.getElementById(fieldId("firstName"))?.focus());
  }
  // What the fields start with: what was typed when a post without JavaScript came back refused, else
  // what the link chose (Get Quote's service, Select Package's package: the page's route reads it from
  // the address), else nothing.
  const [values, setValues] = useState<FormValues>(start.values);
  // The service chosen now: its questions are the ones shown.
  const [service, setService] = useState(values.service ?? "");
  // A service chosen before the form's island hydrated (it loads as the form comes into view) changed
  // the select before React listened: once hydrated, the form reads it, so its questions show.
  const formRef = useRef<HTMLFormElement>(null);
  const startService = start.values.service ?? "";
  useEffect(() => {
    const select = formRef.current?.elements.namedItem("service");
    if (select instanceof HTMLSelectElement && select.value !== startService) setService(select.value);
  }, [startService]);
  // A new key after a success draws the form afresh, empty, whatever it started with.
  const [generation, setGeneration] = useState(0);
  const problem = (field: string) => (result?.type === "error" ? result.fields?.[field] : undefined);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = contactBody(new FormData(event.currentTarget), words.quote.groups);
    const token = formToken.current();
    const accepted = await send(contactEndpoint, JSON.stringify(body), {
      "Content-Type": "application/json",
      ...(token ? { [formTokenHeader]: token } : {}),
    });
    if (accepted) {
      setValues({});
      setService("");
      setGeneration((value) => value + 1);
      setReopened(false);
    }
  }

  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-100 sm:p-8">
      <h2 className="text-2xl font-bold text-navy-900">{words.heading}</h2>
      {!folded && <p className="mt-2 text-navy-700">{words.intro}</p>}
      <form
        ref={formRef}
        key={generation}
        method="post"
        // The anchor brings a browser without JavaScript back to the form when its post is refused.
        action={`${contactEndpoint}#${anchor}`}
        onSubmit={onSubmit}
        onChange={forgetKey}
        // The site's own error summary reports empty fields too, as it does every other problem.
        noValidate
        className="relative mt-6 grid gap-5 sm:grid-cols-2"
        aria-label={words.formLabel}
      >
        {formToken.field}
        {succeeded && result && (
          <FormReceipt
            id={`${anchor}-received`}
            className="sm:col-span-2"
            result={result}
            words={words.receipt}
            manyProblems={words.frame.manyProblems}
            anchor={anchor}
            again={!reopened}
            onAgain={openAgain}
          />
        )}
        {/* Folded away under the confirmation after a success, until asked for again. */}
        <div hidden={folded} className="contents">
          <div className="sm:col-span-2 empty:hidden">
            <FormBanner
              result={succeeded ? null : result}
              fieldId={fieldId}
              manyProblems={words.frame.manyProblems}
            />
          </div>
          <TextField
            id={fieldId("firstName")}
            label={words.firstName.label}
            required
            name="firstName"
            type="text"
            autoComplete="given-name"
            maxLength={contactLimits.firstName}
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
            maxLength={contactLimits.lastName}
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
            maxLength={contactLimits.email}
            placeholder={words.email.placeholder}
            defaultValue={values.email}
            error={problem("email")}
          />
          <TextField
            id={fieldId("phone")}
            label={words.phone.label}
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={contactLimits.phone}
            placeholder={words.phone.placeholder}
            defaultValue={values.phone}
            error={problem("phone")}
          />
          <TextField
            id={fieldId("company")}
            label={words.company.label}
            name="company"
            type="text"
            autoComplete="organization"
            maxLength={contactLimits.company}
            defaultValue={values.company}
            error={problem("company")}
          />
          <Field id={fieldId("service")} label={words.service.label} error={problem("service")}>
            {(control) => (
              <select
                {...control}
                name="service"
                defaultValue={values.service ?? ""}
                onChange={(event) => setService(event.currentTarget.value)}
                className={controlClass}
              >
                <option value="">{words.service.none}</option>
                {words.service.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <QuoteQuestions
            groups={words.quote.groups}
            chooseAnswer={words.quote.chooseAnswer}
            service={service}
            values={values}
            problem={problem}
          />
          <Field
            id={fieldId("message")}
            label={words.message.label}
            required
            className="sm:col-span-2"
            // An example for the service chosen, above the field where it is read before typing.
            description={
              words.quote.groups.find((group) => group.service === service)?.messageExample ??
              words.message.hint
            }
            descriptionFirst
            error={problem("message")}
          >
            {(control) => (
              <textarea
                {...control}
                name="message"
                required
                rows={6}
                maxLength={contactLimits.message}
                defaultValue={values.message}
                className={controlClass}
              />
            )}
          </Field>
          <FormFooter words={words.frame} className="sm:col-span-2" slow={slow}>
            <Button type="submit" disabled={sending} className="w-full sm:w-auto">
              <Send aria-hidden="true" className="size-4" />
              {sending ? words.sending : words.send}
            </Button>
          </FormFooter>
        </div>
      </form>
    </div>
  );
}
