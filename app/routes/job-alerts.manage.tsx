import {
  alertLinkParameter,
  describeChoices,
  leaveButton,
  leaveStep,
  manageHref,
} from "#core/alerts/model.ts";
import { AlertPage, ChoiceFields, IntentButton, submitClass } from "~/components/alerts/alert-forms";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/job-alerts.manage";
import { LinkNotWorking } from "./job-alerts.confirm";

/**
 * The manage link's page (/careers/alerts/manage?link=…): the alert's choices as a form, "Keep my
 * alerts" (the renewal) and "Leave". No account: the signed link is the key.
 */
export {
  alertPageHeaders as headers,
  manageAction as action,
  manageLoader as loader,
} from "./job-alerts.server";

export function meta() {
  return [
    ...pageMeta({ title: "Your job alerts", description: "Change or stop your job alerts." }),
    { name: "robots", content: "noindex, nofollow" },
  ];
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Europe/London" });

export default function ManageAlerts({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData?.answer;
  if (answer?.kind === "left")
    return (
      <AlertPage title="You have left our job alerts">
        <p role="status">We have deleted your alert and will not e-mail you about vacancies again.</p>
      </AlertPage>
    );
  if (!loaderData.view || answer?.kind === "unknown") return <LinkNotWorking />;
  const { view, token } = loaderData;
  const href = manageHref(token);
  if (loaderData.askLeave && !answer)
    return (
      <AlertPage title="Stop your job alerts?">
        <p>
          Leaving deletes your alert and your e-mail address with it. We will not e-mail you about vacancies
          again.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <form method="post" action={href}>
            <input type="hidden" name="intent" value="leave" />
            <input type="hidden" name="confirm" value={leaveStep.confirm} />
            <button type="submit" className={`${submitClass} w-full sm:w-auto`}>
              {leaveButton}
            </button>
          </form>
          <a href={href} className="font-semibold text-accent-800 underline underline-offset-4">
            No, keep them
          </a>
        </div>
      </AlertPage>
    );
  return (
    <AlertPage title="Your job alerts">
      {answer?.kind === "done" ? (
        <p role="status" className="rounded-md bg-accent-50 p-4 font-semibold text-navy-900">
          {answer.message}
        </p>
      ) : null}
      {answer?.kind === "refused" ? (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-4 text-red-900">
          {answer.message}
        </p>
      ) : null}
      <p>
        Now: <span className="font-semibold">{describeChoices(view.choices)}</span>.
        {view.lapsesAt ? ` They run until ${dateFormat.format(view.lapsesAt)} unless you keep them.` : ""}
      </p>
      <form method="post">
        <input type="hidden" name="intent" value="save" />
        <ChoiceFields id="manage" choices={view.choices} />
        <button type="submit" className={`${submitClass} mt-5`}>
          Save my choices
        </button>
      </form>
      {view.active ? (
        <section aria-labelledby="keep-heading">
          <h2 id="keep-heading" className="mt-6 text-xl font-bold text-navy-900">
            Keep them coming
          </h2>
          <IntentButton intent="renew">Keep my alerts</IntentButton>
        </section>
      ) : null}
      <section aria-labelledby="leave-heading">
        <h2 id="leave-heading" className="mt-6 text-xl font-bold text-navy-900">
          Stop them
        </h2>
        <p>Leaving deletes your alert and your e-mail address with it.</p>
        {/* A GET: it only asks whether to leave, so following it changes nothing. */}
        <form method="get">
          <input type="hidden" name={alertLinkParameter} value={token} />
          <input type="hidden" name={leaveStep.name} value={leaveStep.value} />
          <button type="submit" className={submitClass}>
            Leave job alerts
          </button>
        </form>
      </section>
    </AlertPage>
  );
}
