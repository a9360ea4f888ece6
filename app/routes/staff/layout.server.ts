import { renewalWarnings } from "#core/claims/accreditations.ts";
import { requestNow } from "~/lib/clock.server";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/layout";

/** Every page inside the workspace needs a signed-in member of staff; others go to sign in (303). */
export async function loadWorkspace({ request, context }: Route.LoaderArgs) {
  const { workspace, health, me } = await requireStaff(request, context);
  return {
    me: { name: me.name, email: me.email, isAdmin: me.isAdmin },
    failed: await workspace.failedDeliveries(),
    mailNotSetUp: await workspace.mailNotSetUp(),
    mailNotSecure: await workspace.mailNotSecure(),
    overdue: await workspace.overdueCount(),
    // Administrators keep the site's list of accreditations: they are told before one runs out.
    renewals: me.isAdmin
      ? renewalWarnings(requestNow(request, context)).map(({ text, urgent }) => ({ text, urgent }))
      : [],
    // Administrators are told on every page when one of the Health page's checks needs someone, so a
    // company without an operator sees a problem when it signs in.
    unhealthy: me.isAdmin
      ? (await health.checks()).filter((check) => check.state === "attention").map((check) => check.name)
      : [],
  };
}
