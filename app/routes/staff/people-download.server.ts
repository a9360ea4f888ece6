import { redirect } from "react-router";
import { z } from "#core/forms/zod.ts";
import { requireStaffForFile } from "~/lib/staff/session.server";
import type { Route } from "./+types/people-download";

const plain = (message: string, status: number) =>
  new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * Download their data: one ZIP of everything held about an e-mail address, streamed. It holds NI
 * numbers in full, so like an export it asks for the passkey again when the last confirmation is old.
 */
export async function downloadPerson({ request, context }: Route.LoaderArgs) {
  const { people, me } = await requireStaffForFile(request, context);
  const url = new URL(request.url);
  const email = z
    .email()
    .max(254)
    .safeParse(url.searchParams.get("email")?.trim() ?? "");
  if (!email.success)
    return plain("Give the e-mail address whose data to download, like ?email=name@example.co.uk.", 400);
  if (people.needsConfirmation(me, "download")) {
    throw redirect(`/staff/confirm?next=${encodeURIComponent(url.pathname + url.search)}`, 303);
  }
  const archive = await people.download(email.data, me.id);
  if (!archive)
    return plain("Nothing is held about that e-mail address, so there is nothing to download.", 404);
  return new Response(archive.body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${archive.fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
