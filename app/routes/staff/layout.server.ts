import { renewalWarnings } from "#core/claims/accreditations.ts";
import { requestNow } from "~/lib/clock.server";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/layout";

/** Every page inside the workspace needs a signed-in member of staff; others go to sign in (303). */
export async function loadWorkspace({ request, context }: Route.LoaderArgs) {
  const { workspace, me } = await requireStaff(request, context);
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
  };
}
