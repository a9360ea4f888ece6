/**
 * The signed addresses every job alert e-mail carries: the page to change one's choices and the page
 * (and one-click POST target, RFC 8058) to leave. Built once by the composition root from the links' key
 * and the site's public address.
 *
 * Note for the sign-up and preferences pages: the sending job builds its links here, from the paths and
 * parameter in core/alerts/model.ts (the manage page reads a "manage" token, the leave page and its
 * one-click POST an "unsubscribe" one). The composition root may hand the same function to the pages.
 */
import { alertLinkParameter, alertPaths } from "#core/alerts/model.ts";
import { signAlertLink } from "../protection/alert-link.ts";

/** An alert's lasting links: to change its choices and to leave. */
export type AlertLinks = (alertId: string) => { manage: string; unsubscribe: string };

/** Makes the lasting links of an alert, signed with `key` (alertLinkKey), under `publicUrl`. */
export function createAlertLinks(key: Buffer, publicUrl: string): AlertLinks {
  const base = publicUrl.replace(/\/+$/, "");
  const url = (path: string, token: string) => `${base}${path}?${alertLinkParameter}=${token}`;
  return (alertId) => ({
    manage: url(alertPaths.manage, signAlertLink(key, alertId, "manage", null)),
    unsubscribe: url(alertPaths.unsubscribe, signAlertLink(key, alertId, "unsubscribe", null)),
  });
}
