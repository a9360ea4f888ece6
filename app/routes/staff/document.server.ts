import { attachmentDisposition } from "~/lib/staff/attachment";
import { requireStaffForFile } from "~/lib/staff/session.server";
import type { Route } from "./+types/document";

/**
 * A document sent with an application, for a signed-in member of staff only (401 otherwise, never the
 * file) who confirmed with their passkey in the last 15 minutes (otherwise off to confirm first). It
 * always downloads, and never runs as a page of this site: the server's security headers give
 * this path `Content-Security-Policy: sandbox` and `X-Content-Type-Options: nosniff` (server/security.ts),
 * and the workspace guard `Cache-Control: no-store`; they are not repeated here, as a second copy of a
 * header would be sent alongside the first. A file the virus scanner has not yet found clean, or has
 * removed, is refused with 409 and words saying which.
 */
export async function downloadDocument({ request, params, context }: Route.LoaderArgs) {
  const { workspace, me } = await requireStaffForFile(request, context);
  const id = /^\d{1,12}$/.test(params.id) ? Number(params.id) : null;
  // Not confirmed with a passkey in the last 15 minutes: off to confirm first, which comes back here.
  if (id !== null && !workspace.recentlyConfirmed(me)) {
    const here = new URL(request.url).pathname;
    return new Response(null, {
      status: 303,
      headers: { Location: `/staff/confirm?next=${encodeURIComponent(here)}` },
    });
  }
  const file = id === null ? null : await workspace.inbox.downloadDocument(params.reference, id, me);
  if (!file?.ok) {
    return new Response(file?.problem ?? "There is no such document.", {
      status: file ? 409 : 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(new Uint8Array(file.value.content), {
    headers: {
      "Content-Type": file.value.contentType,
      "Content-Length": String(file.value.content.length),
      "Content-Disposition": attachmentDisposition(file.value.fileName),
    },
  });
}
