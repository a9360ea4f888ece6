import type { RequestHandler } from "express";
import { isStaffPath } from "../../app/lib/staff-paths.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True when a request that changes something comes from this site's own pages. The browser's
 * Sec-Fetch-Site must say same-origin when it sends one, and the Origin (always sent with a post by
 * today's browsers) must be this host's own or the site's public one. A request with neither header
 * comes from no browser, so no other site can have sent it with a member of staff's cookie.
 */
export function isSameOriginPost(
  headers: { origin?: string | undefined; host?: string | undefined; "sec-fetch-site"?: string | undefined },
  publicOrigin: string | undefined,
): boolean {
  const fetchSite = headers["sec-fetch-site"];
  if (fetchSite !== undefined && fetchSite !== "same-origin") return false;
  const origin = headers.origin;
  if (origin === undefined) return true;
  if (publicOrigin !== undefined && origin === publicOrigin) return true;
  try {
    return new URL(origin).host === headers.host;
  } catch {
    return false;
  }
}

/**
 * Everything under /staff: never indexed, never cached, and a post from another site is refused
 * with 403 before any route sees it.
 */
export function staffGuard(publicUrl: string | undefined): RequestHandler {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return (req, res, next) => {
    if (!isStaffPath(req.path)) return next();
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    res.setHeader("Cache-Control", "no-store");
    if (!safeMethods.has(req.method) && !isSameOriginPost(req.headers, publicOrigin)) {
      res
        .status(403)
        .type("text/plain")
        .send("This request did not come from the staff workspace, so it was refused.");
      return;
    }
    next();
  };
}
