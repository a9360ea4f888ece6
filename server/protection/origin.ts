import type { IncomingHttpHeaders } from "node:http";

/**
 * Where a request says it comes from, as a browser tells it: Sec-Fetch-Site, and the Origin it sends
 * with every post. A request with neither comes from no browser, so no other site can have sent it
 * with a visitor's or a member of staff's cookie. `ownOrigins` are the site's own addresses besides
 * the host the request names (the configured site address, and PUBLIC_URL when set).
 */
type Headers = Pick<IncomingHttpHeaders, "origin" | "host" | "sec-fetch-site">;

function isOwnOrigin(headers: Headers, ownOrigins: readonly string[]): boolean {
  const origin = headers.origin;
  if (origin === undefined) return true;
  if (ownOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === headers.host;
  } catch {
    return false;
  }
}

/**
 * True when a post comes from another site: the browser says so, or its Origin is neither the host
 * the request names nor one of the site's own. The public forms accept a post from the same site
 * (another of its host names) and from a browser that names no site.
 */
export function isCrossSite(headers: Headers, ownOrigins: readonly string[]): boolean {
  if (headers["sec-fetch-site"] === "cross-site") return true;
  return !isOwnOrigin(headers, ownOrigins);
}

/**
 * True when a request comes from this very origin's pages: Sec-Fetch-Site, when sent, says
 * same-origin, and the Origin, when sent, is this host's own or one of the site's. The staff
 * workspace's posts and the visit counts' beacon must pass it.
 */
export function isSameOrigin(headers: Headers, ownOrigins: readonly string[]): boolean {
  const fetchSite = headers["sec-fetch-site"];
  if (fetchSite !== undefined && fetchSite !== "same-origin") return false;
  return isOwnOrigin(headers, ownOrigins);
}
