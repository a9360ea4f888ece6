import { describeChoices } from "#core/alerts/model.ts";
import { vacanciesPath } from "#core/vacancies/model.ts";
import { AlertPage, IntentButton } from "~/components/alerts/alert-forms";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/job-alerts.confirm";

/**
 * The confirmation link's page (/careers/alerts/confirm?link=…). Opening it changes nothing: only its
 * button (a POST) starts the alerts, because mail scanners and link previews open every link in an
 * e-mail, and must not be able to sign anyone up.
 */
export {
  alertPageHeaders as headers,
  confirmAction as action,
  confirmLoader as loader,
} from "./job-alerts.server";

export function meta() {
  return [
    ...pageMeta({ title: "Confirm your job alerts", description: "Confirm your job alerts." }),
    { name: "robots", content: "noindex, nofollow" },
  ];
}

/** The general application form on the careers page. */
const applyPath = "/careers#application-form";

export function LinkNotWorking() {
  return (
    <AlertPage title="This link does not work">
      <p>
        It may have expired, been used already, or not been copied in full. To keep everyone's alerts private,
        we show nothing unless the link is complete and current. You can sign up again on our vacancies page.
      </p>
    </AlertPage>
  );
}

export default function ConfirmAlerts({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData?.answer;
  if (answer?.kind === "done")
    return (
      <AlertPage title="Your job alerts have started">
        <p role="status">{answer.message}</p>
        {loaderData.view ? (
          <>
            <h2 className="pt-2 text-lg font-bold text-navy-900">What you chose</h2>
            <p className="font-semibold">{describeChoices(loaderData.view.choices)}</p>
          </>
        ) : null}
        <h2 className="pt-2 text-lg font-bold text-navy-900">Where next</h2>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <a href={vacanciesPath} className="font-semibold text-accent-800 underline underline-offset-4">
              See the jobs open now
            </a>
          </li>
          <li>
            <a href={applyPath} className="font-semibold text-accent-800 underline underline-offset-4">
              Send us a general application
            </a>
          </li>
        </ul>
      </AlertPage>
    );
  if (answer?.kind === "refused")
    return (
      <AlertPage title="Please try again later">
        <p role="alert">{answer.message}</p>
      </AlertPage>
    );
  if (!loaderData.view || answer?.kind === "unknown") return <LinkNotWorking />;
  return (
    <AlertPage title="Confirm your job alerts">
      <p>You asked us to e-mail you about new vacancies:</p>
      <p className="font-semibold">{describeChoices(loaderData.view.choices)}</p>
      <IntentButton intent="confirm">Confirm my job alerts</IntentButton>
    </AlertPage>
  );
}
