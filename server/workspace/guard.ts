import type { RequestHandler } from "express";
import { isOtherStaffSpelling, isStaffPath } from "#core/staff/paths.ts";
import { isSameOrigin } from "../protection/origin.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The workspace's downloads: the inbox's CSV, the visit counts' CSV, a person's data and a lead's
 * documents, each a GET that hands over personal data and writes an audit event. (React Router may
 * also reach their loaders as `<path>.data`.)
 */
const downloadPath =
  /^\/staff\/(?:export\.csv|analytics\.csv|people\/download|leads\/[^/]+\/documents\/[^/]+)\/?(?:\.data)?$/;

/**
 * True when a browser says a request was set off from another site (`Sec-Fetch-Site` other than
 * `same-origin`, or `none` for an address typed or bookmarked): a link or an image on another page,
 * which must not make a signed-in member of staff download, and the audit log record, anything. The
 * workspace links to its downloads from its own pages only. A request without the header comes from no
 * browser (or one too old to send it) and is judged as the cross-site post refusal judges it: by the
 * session alone.
 */
function fromAnotherSite(fetchSite: string | undefined): boolean {
  return fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none";
}

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
    if (downloadPath.test(req.path) && fromAnotherSite(req.get("sec-fetch-site"))) {
      res
        .status(403)
        .type("text/plain")
        .send(
          "Downloads open from the staff workspace's own pages only. Open the workspace and try again there.",
        );
      return;
    }
    next();
  };
}
