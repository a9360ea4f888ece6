import { requireStaff, safeNext } from "~/lib/staff/session.server";
import type { Route } from "./+types/confirm";

/** A document's download leaves the browser on this page: the lead it came from is the way back. */
function leadOfDocument(next: string): string | null {
  const match = /^\/staff\/leads\/([A-Za-z0-9-]{1,40})\/documents\/\d+$/.exec(next);
  return match?.[1] ?? null;
}

/** Where to go back to once confirmed: a page inside the workspace, and the lead a document came from. */
export async function loadConfirm({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  return { next, lead: leadOfDocument(next) };
}
