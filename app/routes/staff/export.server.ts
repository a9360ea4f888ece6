import { parseInboxQuery } from "~/lib/staff/leads.server";
import { requireStaffForFile } from "~/lib/staff/session.server";
import type { Route } from "./+types/export";

// The day in the file's name, as YYYY-MM-DD in UK time.
const ukDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" });

/**
 * What the inbox's search and filters show, as a CSV file (never the National Insurance numbers or the
 * documents). Signed out: 401. Not confirmed with a passkey in the last 15 minutes: off to confirm first,
 * which comes back here.
 */
export async function exportLeads({ request, context }: Route.LoaderArgs) {
  const { workspace, me } = await requireStaffForFile(request, context);
  const url = new URL(request.url);
  const parsed = parseInboxQuery(url.searchParams);
  if (!parsed.ok) {
    return new Response(parsed.problem, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  if (!workspace.recentlyConfirmed(me)) {
    const next = `${url.pathname}${url.search}`;
    return new Response(null, {
      status: 303,
      headers: { Location: `/staff/confirm?next=${encodeURIComponent(next)}` },
    });
  }
  const { csv } = await workspace.inbox.export(parsed.query, me);
  const day = ukDay.format(workspace.now());
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${day}.csv"`,
    },
  });
}
