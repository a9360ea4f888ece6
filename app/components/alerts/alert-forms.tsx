import type { ReactNode } from "react";
import {
  type AlertChoices,
  alertFields,
  alertFrequencies,
  alertServices,
  alertTypes,
  placeMaxLength,
} from "#core/alerts/model.ts";
import { buttonVariants } from "~/components/ui/button";
import { choiceInputClass, choiceLabelClass, controlClass } from "~/components/ui/field";
import { cn } from "~/lib/cn";

/**
 * The job alerts' forms: plain HTML posts the server answers with a page, so they work without
 * JavaScript. The sign-up form on the public pages is made on the server only (alert-sign-up.server.tsx).
 */

// The application form's look (app/components/ui): its radio buttons, check boxes, fields and button.
const boxClass = "mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-2";
const labelClass = choiceLabelClass;
export const legendClass = "text-sm font-semibold text-navy-900";
/** A text field sized to what it holds: an e-mail address, not the width of the page. */
export const inputClass = cn(controlClass, "mt-1.5 block sm:max-w-md");
export const submitClass = buttonVariants();

/** The choices an alert follows, for the sign-up form and the manage page; `id` keeps two forms' ids apart. */
export function ChoiceFields({ id, choices }: { id: string; choices?: AlertChoices | undefined }) {
  const frequency = choices?.frequency ?? "daily";
  return (
    <>
      <fieldset className="mt-4">
        <legend className={legendClass}>Kinds of work (leave all unticked for any)</legend>
        <div className={boxClass}>
          {alertServices.map((service) => (
            <label key={service.value} className={labelClass}>
              <input
                type="checkbox"
                name={alertFields.services}
                value={service.value}
                defaultChecked={choices?.services.includes(service.value)}
                className={choiceInputClass}
              />
              {service.label}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-4">
        <legend className={legendClass}>Employment types (leave all unticked for any)</legend>
        <div className={boxClass}>
          {alertTypes.map((type) => (
            <label key={type.value} className={labelClass}>
              <input
                type="checkbox"
                name={alertFields.types}
                value={type.value}
                defaultChecked={choices?.types.includes(type.value)}
                className={choiceInputClass}
              />
              {type.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4">
        <label htmlFor={`${id}-place`} className={legendClass}>
          Town or postcode district (optional)
        </label>
        <input
          id={`${id}-place`}
          name={alertFields.place}
          maxLength={placeMaxLength}
          defaultValue={choices?.place ?? ""}
          // Typed explicitly: some checkers read address-level2 on an input without a type as invalid.
          type="text"
          autoComplete="address-level2"
          className={cn(controlClass, "mt-1.5 block sm:max-w-xs")}
        />
      </div>
      <fieldset className="mt-4">
        <legend className={legendClass}>How often</legend>
        <div className="mt-2 grid gap-1">
          {alertFrequencies.map((option) => (
            <label key={option.value} className={labelClass}>
              <input
                type="radio"
                name={alertFields.frequency}
                value={option.value}
                defaultChecked={option.value === frequency}
                className={choiceInputClass}
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}

/** The intent of "Send it again" on the page that says to check the inbox. */
export const resendIntent = "resend";

/** A plain page frame for the alert pages: a heading, its words and what follows. */
export function AlertPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-navy-900">{title}</h1>
      <div className="mt-4 space-y-4 text-slate-800">{children}</div>
    </div>
  );
}

/** A button that posts `intent` to the page it is on. */
export function IntentButton({ intent, children }: { intent: string; children: ReactNode }) {
  return (
    <form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={submitClass}>
        {children}
      </button>
    </form>
  );
}
