import { renderToStaticMarkup } from "react-dom/server";
import { alertFields, alertPaths } from "#core/alerts/model.ts";
import { formTokenField } from "#core/forms/form-token.ts";
import { honeypotField } from "#core/forms/honeypot.ts";
import { ChoiceFields, inputClass, legendClass, submitClass } from "./alert-forms";

/**
 * The sign-up form placed on the vacancy pages; `formToken` is the page's time token, `level` its
 * heading's: 3 where it sits inside a section of the page.
 */
function AlertSignUp({
  id = "job-alerts",
  formToken,
  level = 2,
}: {
  id?: string;
  formToken: string;
  level?: 2 | 3;
}) {
  const Heading = level === 3 ? "h3" : "h2";
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <Heading id={`${id}-heading`} className="text-xl font-bold text-navy-900">
        Get new jobs by e-mail
      </Heading>
      <p className="mt-2 text-slate-700">
        Tell us what you are looking for and we will e-mail you when a matching job is published. No account
        needed; every e-mail has a link to change your choices or stop.
      </p>
      <form method="post" action={alertPaths.signUp} className="mt-3">
        <label htmlFor={`${id}-email`} className={legendClass}>
          E-mail address
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name={alertFields.email}
          required
          autoComplete="email"
          className={inputClass}
        />
        <ChoiceFields id={id} />
        {/* Robots fill in every field; people never see this one. */}
        <div className="hidden" aria-hidden="true">
          <label>
            Leave this empty
            <input type="text" name={honeypotField} tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <input type="hidden" name={formTokenField} value={formToken} />
        <button type="submit" className={`${submitClass} mt-5`}>
          Send me job alerts
        </button>
      </form>
    </section>
  );
}

/**
 * The job alerts' sign-up form as HTML, made on the server only. It is a plain form that posts without
 * any script, and the careers pages' JavaScript budgets have no room for its component: the page shows
 * this markup as it is (ServerMarkup), so the browser never downloads the component.
 */
export function alertSignUpHtml(formToken: string, level: 2 | 3 = 2): string {
  return renderToStaticMarkup(<AlertSignUp formToken={formToken} level={level} />);
}
