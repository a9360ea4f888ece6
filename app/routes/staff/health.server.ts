import { data } from "react-router";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/health";

/** The site's health in words, for administrators only: anyone else is told so (403). */
export async function loadHealth({ request, context }: Route.LoaderArgs) {
  const { health, me } = await requireStaff(request, context);
  if (!me.isAdmin) throw data("Only an administrator can open this page.", 403);
  return { checks: await health.checks() };
}
