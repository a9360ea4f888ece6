/**
 * How much of a post the job alerts' pages read: the sign-up form, the confirmation button, the manage
 * page's buttons and the leave page's (with a mail program's one-click POST). The server's body limit
 * (server/protection/body-limit.ts, wired in server/app.ts) holds every post to them to this before any
 * route reads a byte, and answers a larger one 413.
 */
import { alertPaths } from "#core/alerts/model.ts";
import { routedPath } from "#core/routed-path.ts";

/**
 * The most of a post the alert pages read. Their largest, the sign-up form, is an address, a few ticked
 * boxes, a short place and a token, well under 2 KB even with every box ticked and every character
 * escaped; the rest leaves room for a browser's multipart framing.
 */
export const alertPageBodyLimit = 16 * 1024;

/**
 * True for every address under the alert pages' own (`/careers/alerts`, its three link pages and React
 * Router's data requests for them), however spelt: the router reads paths without regard to case,
 * escapes or doubled slashes, so the limit does too. An address under it that is no page is answered
 * 404 anyway, and reads nothing more for being held to the limit.
 */
export function isAlertPagePath(pathname: string): boolean {
  const path = routedPath(pathname);
  const root = alertPaths.signUp;
  return path === root || path.startsWith(`${root}/`) || path.startsWith(`${root}.`);
}
