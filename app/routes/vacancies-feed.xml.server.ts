import { createHash } from "node:crypto";
import { vacanciesFeedXml } from "#core/vacancies/feed.ts";
import { servicesContext } from "~/lib/app-context";
import { requestNow } from "~/lib/clock.server";
import type { Route } from "./+types/vacancies-feed.xml";

/**
 * The vacancies feed for the job aggregators (see "The vacancies feed" in docs/staff-guide.md): every open
 * vacancy, read from the database on each request, answered 304 when the reader already has it.
 */
export async function loadFeed({ request, context }: Route.LoaderArgs) {
  const { vacancies } = context.get(servicesContext);
  const at = requestNow(request, context);
  const feed = await vacancies.feed(at);
  // An empty feed that never held a job says it was built now; otherwise it says when its jobs changed.
  const xml = vacanciesFeedXml(feed.vacancies, feed.changedAt ?? at);
  return conditionalXml(request, xml, feed.changedAt);
}

/**
 * Answers a request for the feed, conditionally: aggregators fetch it daily or hourly, and a 304 spares
 * them (and us) the body when nothing changed. The ETag is a digest of the body itself, so any change a
 * reader could see gives a new one; Last-Modified is when the list of open jobs last changed.
 */
function conditionalXml(request: Request, body: string, changedAt: number | null): Response {
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = new Headers({
    "Content-Type": "application/xml; charset=utf-8",
    // Any cache must ask again each time; the validators make that cheap.
    "Cache-Control": "no-cache",
    ETag: etag,
  });
  // HTTP dates count whole seconds: a change within the second a reader saw is sent again, never lost.
  const lastModified = changedAt === null ? null : Math.floor(changedAt / 1000) * 1000;
  if (lastModified !== null) headers.set("Last-Modified", new Date(lastModified).toUTCString());
  if (notModified(request.headers, etag, lastModified)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}

/** RFC 9110, 13.2.2: If-None-Match decides when it is there (compared weakly); If-Modified-Since only without it. */
function notModified(headers: Headers, etag: string, lastModified: number | null): boolean {
  const ifNoneMatch = headers.get("If-None-Match");
  if (ifNoneMatch !== null) {
    const bare = (tag: string) => tag.trim().replace(/^W\//, "");
    return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === etag);
  }
  const ifModifiedSince = headers.get("If-Modified-Since");
  if (ifModifiedSince === null || lastModified === null) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && lastModified <= since;
}
