import { Send } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { serviceOptions } from "#core/config/service-list.ts";
import { contactLimits } from "#core/forms/contact-fields.ts";
import { contactEndpoint } from "#core/forms/endpoints.ts";
import type { FormStart, FormValues } from "#core/forms/form-result.ts";
import { formTokenHeader } from "#core/forms/form-token.ts";
import { Button } from "~/components/ui/button";
import { controlClass, Field, TextField } from "~/components/ui/field";
import { contactBody } from "./contact-body";
import { FormBanner } from "./form-banner";
import { FormFooter } from "./form-footer";
import { useFormToken } from "./form-token-field";
import { QuoteQuestions } from "./quote-questions";
import { useFormSubmission } from "./use-form-submission";

const fieldId = (field: string) => `contact-${field}`;

/** The "Send Us a Message" enquiry form: JSON to /contact-handler.php, or a normal post without JavaScript. */
export function ContactForm({
  start,
  anchor,
  replyWithin,
}: {
  start: FormStart;
  anchor: string;
  /** How soon we answer ("24 hours"), from the company's claims. */
  replyWithin: string;
}) {
  const { sending, slow, result, send, forgetKey } = useFormSubmission(start.result);
  const formToken = useFormToken("contact", start.token);
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
    const body = contactBody(new FormData(event.currentTarget));
    const token = formToken.current();
    const accepted = await send(contactEndpoint, JSON.stringify(body), {
      "Content-Type": "application/json",
      ...(token ? { [formTokenHeader]: token } : {}),
    });
    if (accepted) {
      setValues({});
      setService("");
      setGeneration((value) => value + 1);
    }
  }

  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-100 sm:p-8">
      <h2 className="text-2xl font-bold text-navy-900">Send Us a Message</h2>
      <p className="mt-2 text-navy-700">
        Tell us what you need and we will come back to you within {replyWithin}. Fields marked * are required.
      </p>
      <form
        ref={formRef}
        key={generation}
        method="post"
        // The anchor brings a browser without JavaScript back to the form when its post is refused.
        action={`${contactEndpoint}#${anchor}`}
        onSubmit={onSubmit}
        onChange={forgetKey}
        className="relative mt-6 grid gap-5 sm:grid-cols-2"
        aria-label="Send us a message"
      >
        {formToken.field}
        <div className="sm:col-span-2 empty:hidden">
          <FormBanner result={result} fieldId={fieldId} subject="your message" />
        </div>
        <TextField
          id={fieldId("firstName")}
          label="First Name"
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
          label="Last Name"
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
          label="Email Address"
          required
          name="email"
          type="email"
          autoComplete="email"
          maxLength={contactLimits.email}
          placeholder="e.g. name@company.co.uk"
          defaultValue={values.email}
          error={problem("email")}
        />
        <TextField
          id={fieldId("phone")}
          label="Phone Number"
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={contactLimits.phone}
          placeholder="e.g. 0161 496 0000"
          defaultValue={values.phone}
          error={problem("phone")}
        />
        <TextField
          id={fieldId("company")}
          label="Company Name"
          name="company"
          type="text"
          autoComplete="organization"
          maxLength={contactLimits.company}
          defaultValue={values.company}
          error={problem("company")}
        />
        <Field id={fieldId("service")} label="Service Required" error={problem("service")}>
          {(control) => (
            <select
              {...control}
              name="service"
              defaultValue={values.service ?? ""}
              onChange={(event) => setService(event.currentTarget.value)}
              className={controlClass}
            >
              <option value="">Select a service</option>
              {serviceOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <QuoteQuestions service={service} values={values} problem={problem} />
        <Field
          id={fieldId("message")}
          label="Message"
          required
          className="sm:col-span-2"
          error={problem("message")}
        >
          {(control) => (
            <textarea
              {...control}
              name="message"
              required
              rows={6}
              maxLength={contactLimits.message}
              placeholder="e.g. An evening office clean for 40 desks in Salford, five nights a week, from next month."
              defaultValue={values.message}
              className={controlClass}
            />
          )}
        </Field>
        <FormFooter className="sm:col-span-2" slow={slow}>
          <Button type="submit" disabled={sending} className="w-full sm:w-auto">
            <Send aria-hidden="true" className="size-4" />
            {sending ? "Sending..." : "Send Message"}
          </Button>
        </FormFooter>
      </form>
    </div>
  );
}
