/**
 * Redirects: an old address, and the page on this site that answers for it now. Staff add them one by
 * one or import an old site's list as CSV (`from,to`); the rules here are the same for both, so a list
 * is refused line by line with the same words a single redirect is.
 *
 * - An old address is a path on this site (`/services.html`, `/news?id=3`), or a full address whose
 *   path is kept (`https://old.example.co.uk/services.html`): the old site's domain now points here.
 * - A new address is a path on this site; a full address is taken only when it is this site's own.
 *   Sending visitors to another site from ours is refused: a redirect is not a link out.
 * - The workspace, the site's own files and its pages are never redirected; the workspace and the files
 *   are never redirected to.
 * - Chains are collapsed (a → b and b → c become a → c and b → c), and a loop is refused.
 */
import { publicPages } from "./seo.ts";

export const redirectLimits = {
  /** The longest address kept, in characters. */
  pathLength: 300,
  /** The most lines one import may hold. */
  importLines: 2_000,
  /** The most redirects the site keeps. */
  total: 10_000,
} as const;

/** What a redirect is: from an old address to a page here. */
export type Redirect = { from: string; to: string };

type Checked = { ok: true; path: string } | { ok: false; problem: string };

/** Paths that belong to the site's machinery, never redirected and never a redirect's target. */
const reserved =
  /^\/(?:staff|assets|fonts|images|api|healthz|readyz|metrics|contact-handler\.php|careers-handler\.php)(?:[/?]|$)/i;

/** Removes a trailing slash (but not the root's), so `/about/` and `/about` are one address. */
function withoutTrailingSlash(path: string): string {
  const [pathname = "", query] = path.split(/\?(.*)/s, 2);
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
  return query === undefined ? trimmed : `${trimmed}?${query}`;
}

/** A path as typed, or the path of a full address (for an old address, any site's). */
function pathOf(input: string, origins: readonly string[] | "any"): Checked {
  const value = input.trim();
  if (value === "") return { ok: false, problem: "is empty" };
  if (value.length > redirectLimits.pathLength)
    return { ok: false, problem: `is longer than ${redirectLimits.pathLength} characters` };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f\s\\]/.test(value))
    return { ok: false, problem: "has spaces or control characters" };
  if (value.startsWith("/") && !value.startsWith("//")) {
    const url = new URL(value, "http://x");
    return { ok: true, path: url.pathname + url.search };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, problem: "is not an address: start it with / (as in /about)" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { ok: false, problem: "is not an address: start it with / (as in /about)" };
  if (origins !== "any" && !origins.includes(url.origin))
    return { ok: false, problem: "is on another site: a redirect can only lead to a page on this one" };
  return { ok: true, path: url.pathname + url.search };
}

/** An old address, as kept: its path (and query), without a trailing slash. */
export function oldAddress(input: string): Checked {
  const checked = pathOf(input, "any");
  if (!checked.ok) return checked;
  const path = withoutTrailingSlash(checked.path);
  if (path === "/") return { ok: false, problem: "is the home page, which always answers itself" };
  if (reserved.test(path))
    return { ok: false, problem: "is one of the site's own, which is never redirected" };
  if ((publicPages as readonly string[]).includes(path.toLowerCase()))
    return { ok: false, problem: "is a page of this site, which would stop answering" };
  return { ok: true, path };
}

/** A new address, as kept: a path on this site (`origins` are this site's own, for a full address). */
export function newAddress(input: string, origins: readonly string[]): Checked {
  const checked = pathOf(input, origins);
  if (!checked.ok) return checked;
  const path = withoutTrailingSlash(checked.path);
  if (reserved.test(path))
    return { ok: false, problem: "is one of the site's own, not a page to send visitors to" };
  return { ok: true, path };
}

/** One redirect as given: checked, or refused with a problem for each address. */
export function checkRedirect(
  input: { from: string; to: string },
  origins: readonly string[],
): { ok: true; redirect: Redirect } | { ok: false; problems: { from?: string; to?: string } } {
  const from = oldAddress(input.from);
  const to = newAddress(input.to, origins);
  const problems: { from?: string; to?: string } = {};
  if (!from.ok) problems.from = `The old address ${from.problem}.`;
  if (!to.ok) problems.to = `The new address ${to.problem}.`;
  if (from.ok && to.ok && from.path === to.path)
    problems.to = "The new address is the old one: it would lead to itself.";
  if (!from.ok || !to.ok || problems.to) return { ok: false, problems };
  return { ok: true, redirect: { from: from.path, to: to.path } };
}

/**
 * The redirects there would be once `added` joins `kept` (an added one replaces a kept one from the same
 * address), with every chain collapsed so each answers in one step; or the loop it would make.
 */
export function withRedirects(
  kept: readonly Redirect[],
  added: readonly Redirect[],
): { ok: true; redirects: Redirect[] } | { ok: false; loop: string[] } {
  const next = new Map<string, string>();
  for (const { from, to } of kept) next.set(from, to);
  for (const { from, to } of added) next.set(from, to);
  const ends = new Map<string, string>();
  for (const from of next.keys()) {
    const seen = [from];
    let at = next.get(from) ?? from;
    while (next.has(at)) {
      if (seen.includes(at)) return { ok: false, loop: [...seen.slice(seen.indexOf(at)), at] };
      seen.push(at);
      at = next.get(at) ?? at;
    }
    ends.set(from, at);
  }
  return { ok: true, redirects: [...ends].map(([from, to]) => ({ from, to })) };
}
