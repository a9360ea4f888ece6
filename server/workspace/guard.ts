import type { RequestHandler } from "express";
import { isOtherStaffSpelling, isStaffPath } from "../../core/staff/paths.ts";
import { isSameOrigin } from "../protection/origin.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Everything under /staff: never indexed, never cached, and a post from anywhere but the site's own
 * pages is refused with 403 before any route sees it. `ownOrigins`: the site's own addresses.
 * Any other spelling the router would still match (`/STAFF`, `/%73taff`, `//staff`) is answered 404
 * before routing, so these rules, and the headers that look for `/staff`, hold for every request
 * that reaches the workspace. Refusing is safer than rewriting: a rewrite would have to agree with
 * the router on every rule of decoding, case and slashes, and the workspace never links to another
 * spelling.
 */
export function staffGuard(ownOrigins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    if (isOtherStaffSpelling(req.path)) {
      res.setHeader("X-Robots-Tag", "noindex, nofollow");
      res.setHeader("Cache-Control", "no-store");
      res.status(404).type("text/plain").send("There is no page at this address.");
      return;
    }
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
