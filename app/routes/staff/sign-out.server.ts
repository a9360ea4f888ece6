import { redirect } from "react-router";
import { endSessionCookie, sessionToken, workspaceOf } from "~/lib/staff/session.server";
import type { Route } from "./+types/sign-out";

/** Ends this browser's session and forgets its cookie. */
export async function signOut({ request, context }: Route.ActionArgs) {
  const token = await sessionToken(request, context);
  if (token) await workspaceOf(context).signOut(token);
  return redirect("/staff/sign-in", {
    status: 303,
    headers: { "Set-Cookie": await endSessionCookie(request, context) },
  });
}
