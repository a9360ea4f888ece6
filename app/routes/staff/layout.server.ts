import { renewalWarnings } from "#core/claims/accreditations.ts";
import { contentItemPath, contentKey } from "#core/content/model.ts";
import { requestNow } from "~/lib/clock.server";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/layout";

/** Every page inside the workspace needs a signed-in member of staff; others go to sign in (303). */
export async function loadWorkspace({ request, context }: Route.LoaderArgs) {
  const { workspace, health, content, me } = await requireStaff(request, context);
  const rights = await content.permissions(me);
  return {
    me: { name: me.name, email: me.email, isAdmin: me.isAdmin, mayContent: rights.edit || rights.approve },
    failed: await workspace.failedDeliveries(),
    mailNotSetUp: await workspace.mailNotSetUp(),
    mailNotSecure: await workspace.mailNotSecure(),
    overdue: await workspace.overdueCount(),
    // Administrators keep the site's list of accreditations: they are told before one runs out.
    // So are those who edit the site's content; each warning leads to the accreditation's edit page.
    renewals:
      me.isAdmin || rights.edit
        ? renewalWarnings(requestNow(request, context), content.published().accreditations).map(
            ({ accreditation, text, urgent }) => ({
              text,
              urgent,
              scheme: accreditation.scheme,
              edit: contentItemPath("accreditation", contentKey(accreditation.scheme)),
            }),
          )
        : [],
    // Administrators are told on every page when one of the Health page's checks needs someone, so a
    // company without an operator sees a problem when it signs in.
    unhealthy: me.isAdmin
      ? (await health.checks()).filter((check) => check.state === "attention").map((check) => check.name)
      : [],
  };
}
