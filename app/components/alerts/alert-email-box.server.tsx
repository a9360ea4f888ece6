import { renderToStaticMarkup } from "react-dom/server";
import { alertFields, alertPaths } from "#core/alerts/model.ts";
import { formTokenField } from "#core/forms/form-token.ts";
import { honeypotField } from "#core/forms/honeypot.ts";
import { inputClass, legendClass, submitClass } from "./alert-forms";

/**
 * The job alerts' sign-up at its shortest, for the careers page: an e-mail box and its button, and a
 * link to the full page for choosing the kind of work, the place and how often. It asks for every job,
 * once a day, which the person can narrow from the first e-mail. An h3: it sits inside the page's
 * "Current vacancies" section.
 */
function AlertEmailBox({ formToken }: { formToken: string }) {
  const id = "job-alerts";
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-100 sm:p-8"
    >
      <h3 id={`${id}-heading`} className="text-xl font-bold text-navy-900">
        Get new jobs by e-mail
      </h3>
      <p className="mt-2 text-navy-800">
        One e-mail a day when we publish new jobs, and none when we do not. No account needed; every e-mail
        has a link to change your choices or stop.
      </p>
      <form method="post" action={alertPaths.signUp} className="mt-4">
        <label htmlFor={`${id}-email`} className={legendClass}>
          E-mail address
        </label>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <input
            id={`${id}-email`}
            type="email"
            name={alertFields.email}
            required
            autoComplete="email"
            spellCheck={false}
            className={`${inputClass} min-h-11 sm:max-w-sm`}
          />
          <button type="submit" className={`${submitClass} shrink-0`}>
            Send me job alerts
          </button>
        </div>
        <input type="hidden" name={alertFields.frequency} value="daily" />
        {/* Robots fill in every field; people never see this one. */}
        <div className="hidden" aria-hidden="true">
          <label>
            Leave this empty
            <input type="text" name={honeypotField} tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <input type="hidden" name={formTokenField} value={formToken} />
      </form>
      <p className="mt-4">
        <a href={alertPaths.signUp} className="font-semibold text-accent-800 underline underline-offset-4">
          Choose the kind of work, the place and how often
        </a>
      </p>
    </section>
  );
}

/** The short sign-up as HTML, made on the server only: a plain form, and no script for the page to carry. */
export function alertEmailBoxHtml(formToken: string): string {
  return renderToStaticMarkup(<AlertEmailBox formToken={formToken} />);
}
