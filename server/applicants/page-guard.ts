import type { RequestHandler } from "express";
import { routedPath } from "#core/routed-path.ts";
import { maxFileBytes } from "../leads/uploads.ts";
import { applicantPagePath } from "../protection/applicant-link.ts";
import { isCrossSite } from "../protection/origin.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The most of a post the applicant's page reads: the new CV (so a file a little over the limit still
 * gets the page's own words), the form's few fields, and the multipart framing around them.
 */
export const applicantPageBodyLimit = 2 * maxFileBytes + 64 * 1024;

/** True for the applicant's page and React Router's data requests for it (`/your-application.data`), however spelt. */
export function isApplicantPagePath(pathname: string): boolean {
  const path = routedPath(pathname);
  return path === applicantPagePath || path === `${applicantPagePath}.data`;
}

/**
 * The applicant's page carries their link in its address: its answers are never stored by a cache
 * (no-store), never indexed, and never send the address on as a Referer, even to our own pages
 * (no-referrer); a post from another site is refused before any route reads it. Runs after the
 * security headers, whose Referrer-Policy it replaces here. (No cookie goes with these posts: the link
 * itself is the key, so this is a second wall, not the first.)
 */
export function applicantPageGuard(ownOrigins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    if (!isApplicantPagePath(req.path)) return next();
    res.setHeader("Referrer-Policy", "no-referrer");
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    if (safeMethods.has(req.method)) return next();
    // With no Referer to send, a browser posts the page's own forms with `Origin: null` (the Fetch
    // standard serialises a no-referrer request's origin so); Sec-Fetch-Site still says where the post
    // came from. Such a post from the page itself goes on without the header, which React Router's own
    // check would otherwise refuse.
    const fetchSite = req.headers["sec-fetch-site"];
    if (req.headers.origin === "null" && (fetchSite === undefined || fetchSite === "same-origin")) {
      delete req.headers.origin;
    }
    if (isCrossSite(req.headers, ownOrigins)) {
      res
        .status(403)
        .type("text/plain")
        .send("Changes to an application can only be made from its own page on our website.");
      return;
    }
    next();
  };
}
