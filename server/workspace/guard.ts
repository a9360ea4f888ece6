import type { RequestHandler } from "express";
import { isStaffPath } from "../../app/lib/staff-paths.ts";
import { isSameOrigin } from "../protection/origin.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Everything under /staff: never indexed, never cached, and a post from anywhere but the site's own
 * pages is refused with 403 before any route sees it. `ownOrigins`: the site's own addresses.
 */
export function staffGuard(ownOrigins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    if (!isStaffPath(req.path)) return next();
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    res.setHeader("Cache-Control", "no-store");
    if (!safeMethods.has(req.method) && !isSameOrigin(req.headers, ownOrigins)) {
      res
        .status(403)
        .type("text/plain")
        .send("This request did not come from the staff workspace, so it was refused.");
      return;
    }
    next();
  };
}
