import { AlertPage, IntentButton } from "~/components/alerts/alert-forms";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/job-alerts.unsubscribe";
import { LinkNotWorking } from "./job-alerts.confirm";
import { oneClickMiddleware } from "./job-alerts.server";

/**
 * The leave link's page (/careers/alerts/unsubscribe?link=…): a "Leave" button. The same address takes a
 * mail program's one-click POST (RFC 8058), answered by the middleware with a line of text.
 */
export {
  alertPageHeaders as headers,
  unsubscribeAction as action,
  unsubscribeLoader as loader,
} from "./job-alerts.server";

export const middleware: Route.MiddlewareFunction[] = [oneClickMiddleware];

export function meta() {
  return [
    ...pageMeta({ title: "Leave job alerts", description: "Stop your job alerts." }),
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export default function LeaveAlerts({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.answer.kind === "left")
    return (
      <AlertPage title="You have left our job alerts">
        <p role="status">We have deleted your alert and will not e-mail you about vacancies again.</p>
      </AlertPage>
    );
  if (!loaderData.ours || actionData?.answer.kind === "unknown") return <LinkNotWorking />;
  return (
    <AlertPage title="Leave our job alerts?">
      <p>Leaving deletes your alert and your e-mail address with it. You can sign up again at any time.</p>
      <IntentButton intent="leave">Leave</IntentButton>
    </AlertPage>
  );
}
