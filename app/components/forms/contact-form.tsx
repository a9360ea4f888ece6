import { Send } from "lucide-react";
import type { FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { controlClass, Field, TextField } from "~/components/ui/field";
import { contactEndpoint, contactFields, contactLimits, serviceOptions } from "~/lib/forms/contact-schema";
import { honeypotField } from "~/lib/forms/fields";
import type { FormResult } from "~/lib/forms/form-result";
import { FormBanner } from "./form-banner";
import { FormFooter } from "./form-footer";
import { useFormSubmission } from "./use-form-submission";

/** The "Send Us a Message" enquiry form: JSON to /contact-handler.php, or a normal post without JavaScript. */
export function ContactForm({ initialResult }: { initialResult: FormResult | null }) {
  const { sending, result, send, forgetKey } = useFormSubmission(initialResult);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    // Exactly the seven fields of the wire contract; the trap only when a bot filled it.
    const body: Record<string, string> = {};
    for (const field of contactFields) body[field] = String(data.get(field) ?? "");
    const trap = String(data.get(honeypotField) ?? "");
    if (trap) body[honeypotField] = trap;
    const accepted = await send(contactEndpoint, JSON.stringify(body), {
      "Content-Type": "application/json",
    });
    if (accepted) form.reset();
  }

  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100 sm:p-8">
      <h2 className="text-2xl font-bold text-navy-900">Send Us a Message</h2>
      <p className="mt-2 text-navy-700">
        Tell us what you need and we will come back to you within 24 hours. Fields marked * are required.
      </p>
      <form
        method="post"
        action={contactEndpoint}
        onSubmit={onSubmit}
        onChange={forgetKey}
        className="relative mt-6 grid gap-5 sm:grid-cols-2"
        aria-label="Send us a message"
      >
        <div className="sm:col-span-2 empty:hidden">
          <FormBanner result={result} />
        </div>
        <TextField
          id="contact-firstName"
          label="First Name"
          required
          name="firstName"
          type="text"
          autoComplete="given-name"
          maxLength={contactLimits.firstName}
        />
        <TextField
          id="contact-lastName"
          label="Last Name"
          required
          name="lastName"
          type="text"
          autoComplete="family-name"
          maxLength={contactLimits.lastName}
        />
        <TextField
          id="contact-email"
          label="Email Address"
          required
          name="email"
          type="email"
          autoComplete="email"
          maxLength={contactLimits.email}
        />
        <TextField
          id="contact-phone"
          label="Phone Number"
          name="phone"
          type="tel"
          autoComplete="tel"
          maxLength={contactLimits.phone}
        />
        <TextField
          id="contact-company"
          label="Company Name"
          name="company"
          type="text"
          autoComplete="organization"
          maxLength={contactLimits.company}
        />
        <Field id="contact-service" label="Service Required">
          {(control) => (
            <select {...control} name="service" defaultValue="" className={controlClass}>
              <option value="">Select a service</option>
              {serviceOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="contact-message" label="Message" required className="sm:col-span-2">
          {(control) => (
            <textarea
              {...control}
              name="message"
              required
              rows={6}
              maxLength={contactLimits.message}
              placeholder="Tell us about your premises, the hours you need covered and when you would like to start."
              className={controlClass}
            />
          )}
        </Field>
        <FormFooter className="sm:col-span-2">
          <Button type="submit" disabled={sending}>
            <Send aria-hidden="true" className="size-4" />
            {sending ? "Sending..." : "Send Message"}
          </Button>
        </FormFooter>
      </form>
    </div>
  );
}
