import { useEffect } from "react";
import { useLocation } from "react-router";
import { type PageViewBody, pageViewEndpoint } from "#core/analytics/page-view.ts";
import { applicantPagePath } from "#core/applicant-path.ts";

// The referrer belongs to the page the visit began on; a client-side navigation leaves it unchanged.
let landed = false;

/**
 * Counts the page shown, once after hydration and once per client-side navigation to another page,
 * with `navigator.sendBeacon` (no cookie, no storage, nothing kept in the browser). A browser whose
 * owner asked not to be tracked (Global Privacy Control or Do Not Track) sends nothing.
 */
export function usePageViewBeacon() {
  const { pathname } = useLocation();
  useEffect(() => {
    const browser = navigator as Navigator & { globalPrivacyControl?: boolean };
    if (browser.globalPrivacyControl || browser.doNotTrack === "1" || !browser.sendBeacon) return;
    // An applicant's own page carries their link in its address: it is never counted, so the link
    // goes nowhere, not even to our own counts.
    if (pathname.toLowerCase().startsWith(applicantPagePath)) return;
    const body: PageViewBody = {
      page: pathname + location.search,
      referrer: landed ? "" : document.referrer,
    };
    landed = true;
    browser.sendBeacon(pageViewEndpoint, JSON.stringify(body));
  }, [pathname]);
}
