import { redirect } from "react-router";
import { safeNext, sessionToken, workspaceOf } from "~/lib/staff/session.server";
import type { Route } from "./+types/sign-in";

/**
 * The sign-in page: straight on to where the person was going when this browser is signed in already,
 * and whether passkeys work at the address the page was opened at.
 */
export async function loadSignIn({ request, context }: Route.LoaderArgs) {
  const workspace = workspaceOf(context);
  const url = new URL(request.url);
  const next = safeNext(url.searchParams.get("next"));
  if (await workspace.currentStaff(await sessionToken(request, context))) throw redirect(next, 303);
  // The address that works without PUBLIC_URL: this server's own port on localhost.
  const localAddress = `http://localhost${url.port ? `:${url.port}` : ""}`;
  return { next, available: workspace.relyingParty(url) !== null, localAddress };
}
