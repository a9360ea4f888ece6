import { alertFields, alertPaths } from "#core/alerts/model.ts";
import { vacanciesPath } from "#core/vacancies/model.ts";
import { AlertPage, resendIntent } from "~/components/alerts/alert-forms";
import { buttonVariants } from "~/components/ui/button";
import { ServerMarkup } from "~/components/ui/server-markup";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/job-alerts";

/**
 * Where every job alert sign-up form posts (/careers/alerts): the answer is a page, "check your inbox",
 * the same whoever the address belongs to; bad input comes back with the form and what to change.
 * Opened by address, it shows the form. Rendered by the server, never prerendered or indexed.
 */
export {
  alertPageHeaders as headers,
  signUpAction as action,
  signUpLoader as loader,
} from "./job-alerts.server";

export function meta() {
  return [
    ...pageMeta({ title: "Job alerts", description: "Get new vacancies by e-mail." }),
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export default function JobAlerts({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData?.answer;
  if (answer?.kind === "done") {
    const email = actionData?.email ?? "";
    return (
      <AlertPage title="Check your inbox">
        <p role="status">
          {actionData?.resent ? (
            answer.message
          ) : (
            <>
              We have sent an e-mail to <strong className="break-words">{email}</strong> with a link to
              confirm your job alerts. They start once you open it.
            </>
          )}
        </p>
        <p>
          If nothing arrives within a few minutes, look in your spam folder. Meanwhile, see our{" "}
          <a href={vacanciesPath} className="font-semibold text-accent-800 underline underline-offset-4">
            current vacancies
          </a>
          .
        </p>
        {actionData?.resent ? null : (
          <section aria-labelledby="resend-heading" className="border-t border-navy-100 pt-6">
            <h2 id="resend-heading" className="text-lg font-bold text-navy-900">
              Nothing arrived?
            </h2>
            <p className="mt-2">
              Check the address above. If it is right, we can send the link again. If you signed up earlier
              today, the link in that first e-mail is the one that works.
            </p>
            <form method="post" className="mt-4">
              <input type="hidden" name="intent" value={resendIntent} />
              <input type="hidden" name={alertFields.email} value={email} />
              <button type="submit" className={buttonVariants({ variant: "secondary" })}>
                Send the link again
              </button>
            </form>
            <p className="mt-4">
              <a
                href={alertPaths.signUp}
                className="font-semibold text-accent-800 underline underline-offset-4"
              >
                Use a different e-mail address
              </a>
            </p>
          </section>
        )}
      </AlertPage>
    );
  }
  return (
    <AlertPage title="Job alerts">
      {answer?.kind === "refused" ? (
        <div role="alert" className="rounded-md border border-red-700 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{answer.message}</p>
          {answer.fields && Object.keys(answer.fields).length > 1 ? (
            <ul className="mt-2 list-disc pl-5">
              {Object.entries(answer.fields).map(([field, problem]) => (
                <li key={field}>{problem}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <ServerMarkup html={loaderData.alertSignUp} />
    </AlertPage>
  );
}
