/**
 * The page-view beacon's address and body, shared by the page (which sends it) and the server (which
 * checks it). The body carries the page with its query, for campaign tags, and the referring page on
 * the first view only: nothing that identifies the visitor or this browser.
 */
export const pageViewEndpoint = "/api/page-view";

export type PageViewBody = {
  /** The page's path and query, as in the address bar: `/services/cleaning?utm_source=newsletter`. */
  page: string;
  /** `document.referrer` on the page the visit began with; "" afterwards. */
  referrer: string;
};
