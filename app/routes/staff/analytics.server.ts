import { defaultPeriod, periodFrom } from "#core/analytics/periods.ts";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/analytics";

/** The visit counts for the period in the URL (`?days=30`), or the default one. */
export async function loadAnalytics({ request, context }: Route.LoaderArgs) {
  const { analytics } = await requireStaff(request, context);
  const period = periodFrom(new URL(request.url).searchParams.get("days")) ?? defaultPeriod;
  return { report: await analytics.report(period) };
}
