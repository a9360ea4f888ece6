import { defaultPeriod, periodFrom } from "#core/analytics/periods.ts";
import { requireStaffForFile } from "~/lib/staff/session.server";
import type { Route } from "./+types/analytics-export";

/** The analytics figures of the chosen period as CSV: 401 without a session, never a redirect. */
export async function exportAnalytics({ request, context }: Route.LoaderArgs) {
  const { analytics } = await requireStaffForFile(request, context);
  const days = new URL(request.url).searchParams.get("days");
  const period = days === null ? defaultPeriod : periodFrom(days);
  if (!period) {
    return new Response("Choose a period of 7, 30 or 90 days.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const { fileName, csv } = await analytics.exportCsv(period);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
