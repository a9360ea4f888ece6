import { data } from "react-router";
import { workspaceOf } from "~/lib/staff/session.server";
import type { Route } from "./+types/invitation";

/** The invitation behind the link, if it still works (410 otherwise), and whether passkeys work here. */
export async function loadInvitation({ request, params, context }: Route.LoaderArgs) {
  const workspace = workspaceOf(context);
  const invitation = await workspace.findInvitation(params.token);
  if (!invitation) return data({ invitation: null, available: false }, 410);
  return {
    invitation: { name: invitation.name, email: invitation.email, expiresAt: invitation.expiresAt },
    available: workspace.relyingParty(new URL(request.url)) !== null,
  };
}
