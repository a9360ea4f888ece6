import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import Bowser from "bowser";
import { isbot } from "isbot";
import type { Device, Source } from "#core/analytics/visit.ts";
import { site } from "#core/config/site.ts";
import { isPublicPage, normalisePath } from "#core/seo.ts";
import { isVacancyPath } from "#core/vacancies/model.ts";
import { clientNetwork } from "../protection/client-address.ts";

/**
 * What one request tells the counts, reduced at once to what they keep: a page, a source, a device
 * class, and a daily visitor hash that cannot be turned back into an address.
 */

export const noSource: Source = { referrerHost: "", utmSource: "", utmMedium: "", utmCampaign: "" };

const londonDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar day in Europe/London, as YYYY-MM-DD, of a time in ms since the epoch. */
export function dayOf(time: number): string {
  return londonDay.format(time);
}

/** The day `count` days after (or, when negative, before) a YYYY-MM-DD day. */
export function addDays(day: string, count: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + count)).toISOString().slice(0, 10);
}

/** The same date `count` months before a YYYY-MM-DD day, or the end of that month when it is shorter. */
export function monthsBefore(day: string, count: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - count, 1));
  const lastDate = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, lastDate));
  return first.toISOString().slice(0, 10);
}

/** The visitor hash: the day's salt with the address (IPv6 by /64) and the browser's user agent. */
export function visitorHash(salt: string, address: string, userAgent: string): string {
  return createHash("sha256")
    .update(salt)
    .update("\0")
    .update(clientNetwork(address))
    .update("\0")
    .update(userAgent)
    .digest("base64url")
    .slice(0, 22);
}

/**
 * The day's hash of the network an address belongs to (IPv6 by /64), so today's new visitors can be
 * counted per network without keeping the address. Useless once the day's salt is destroyed.
 */
export function networkHash(salt: string, address: string): string {
  return createHash("sha256")
    .update(salt)
    .update("\0network\0")
    .update(clientNetwork(address))
    .digest("base64url")
    .slice(0, 22);
}

/** Phone, tablet or desktop, from the user agent; anything unknown counts as a desktop. */
export function deviceOf(userAgent: string): Device {
  if (userAgent.trim() === "") return "desktop";
  const type = Bowser.parse(userAgent).platform.type;
  if (type === "mobile") return "phone";
  if (type === "tablet") return "tablet";
  return "desktop";
}

/** True when the browser asks not to be tracked: Global Privacy Control or Do Not Track. */
export function objectsToCounting(headers: IncomingHttpHeaders): boolean {
  return headers["sec-gpc"] === "1" || headers.dnt === "1";
}

/** True for a request we never count: no user agent, or a crawler, preview fetcher or test robot. */
export function isRobot(userAgent: string): boolean {
  return userAgent.trim() === "" || isbot(userAgent);
}

const siteHost = bareHost(new URL(site.siteUrl).hostname);

function bareHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^www\./, "");
}

/** The host part of a Host header, without its port. */
function hostOfHeader(host: string | undefined): string {
  if (!host) return "";
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return "";
  }
}

/**
 * A host name as the URL parser gives it (lower case, an international name in its xn-- form): labels
 * of letters, digits and inner hyphens, ending in a top-level name. Not an IP address, not "localhost".
 */
const hostName =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * The referring site's host without "www.", or "" when there is none: no referrer, not a web page,
 * not a host name, or this site itself (its public name or the host the request was sent to).
 */
export function referrerHostOf(referrer: string, requestHost: string | undefined): string {
  if (!referrer) return "";
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return "";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "";
  const host = bareHost(url.hostname.replace(/\.$/, ""));
  if (!hostName.test(host)) return "";
  if (host === siteHost || host === bareHost(hostOfHeader(requestHost))) return "";
  return host;
}

/**
 * A campaign tag worth keeping: at most 100 letters, digits, spaces and `. _ - ~ : / |`, starting with
 * a letter or digit (so never a formula). Anything else is whatever a link was made to say, and is not kept.
 */
const campaignValue = /^[\p{L}\p{N}][\p{L}\p{N} ._~:/|-]{0,99}$/u;

/** A campaign tag as kept: trimmed, "" when absent or not a campaign value. */
function tag(params: URLSearchParams, name: string): string {
  const value = (params.get(name) ?? "").trim();
  return campaignValue.test(value) ? value : "";
}

/**
 * A page of the site and its campaign tags, from a path with its query (`/contact?utm_source=x`). The
 * vacancies' list and pages count as pages too; whether a vacancy's address names a real vacancy is
 * the caller's to check (it needs the database).
 */
export function pageOf(pathWithQuery: string): { page: string | null; params: URLSearchParams } {
  let url: URL;
  try {
    url = new URL(pathWithQuery, "http://page.invalid");
  } catch {
    return { page: null, params: new URLSearchParams() };
  }
  const path = normalisePath(url.pathname);
  return { page: isPublicPage(path) || isVacancyPath(path) ? path : null, params: url.searchParams };
}

/** The source of a visit that begins on a page: the referring host and the page's UTM tags. */
export function sourceOf(params: URLSearchParams, referrerHost: string): Source {
  return {
    referrerHost,
    utmSource: tag(params, "utm_source"),
    utmMedium: tag(params, "utm_medium"),
    utmCampaign: tag(params, "utm_campaign"),
  };
}

/**
 * The page of this site a form was sent from, from the post's Referer (full URL for our own origin
 * under the site's Referrer-Policy), with that page's tags; null when it is absent or another site's.
 */
export function senderPageOf(
  referer: string | undefined,
  requestHost: string | undefined,
): { page: string; params: URLSearchParams } | null {
  if (!referer) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  const host = bareHost(url.hostname);
  if (host !== siteHost && url.host !== requestHost) return null;
  const { page, params } = pageOf(url.pathname + url.search);
  return page ? { page, params } : null;
}
