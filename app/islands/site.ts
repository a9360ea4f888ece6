/**
 * The script every public page loads (a few kilobytes, no framework): it enhances markup the server drew,
 * which works without it.
 *
 * - The menu (a `<details>` in the header): choosing a link or pressing Escape closes it, and Escape
 *   hands focus back to its toggle.
 * - Section links (`data-section-link`: "Our Services", "Apply Now"): announced as buttons, so Space
 *   activates them; a plain click glides to the section (no glide under reduced motion) and moves focus.
 * - Services in the navigation, on the home page: glides to the services instead of reloading.
 * - "View All Services" (`data-scroll-on-arrival`): goes to the home page, which scrolls to the services
 *   after the configured pause.
 * - Counts the page shown (no cookie, nothing kept), unless the browser asks not to be tracked.
 * - Marks `<html data-hydrated="true">` once every island on the page has hydrated.
 */
import { type PageViewBody, pageViewEndpoint } from "#core/analytics/page-view.ts";
import { applicantPagePath } from "#core/applicant-path.ts";
import { siteHooks } from "./hooks";
import { islandAttribute, islandReadyAttribute, islandReadyEvent } from "./names";
import { isPlainClick, readScrollRequest, scrollToSection } from "./scroll";

/** Where "View All Services" leaves its request for the home page. */
const scrollRequestKey = "scroll-on-arrival";

function closeMenu(returnFocus: boolean) {
  for (const menu of document.querySelectorAll<HTMLDetailsElement>(`details[${siteHooks.menu}]`)) {
    if (!menu.open) continue;
    menu.open = false;
    if (returnFocus) menu.querySelector("summary")?.focus();
  }
}

function onClick(event: MouseEvent) {
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href]") : null;
  if (!link) return;
  // Choosing any link in the menu closes it, whichever way the visitor then goes.
  if (link.closest(`details[${siteHooks.menu}]`)) closeMenu(false);
  if (!isPlainClick(event)) return;
  const section = link.getAttribute(siteHooks.sectionLink);
  if (section && scrollToSection(section)) {
    event.preventDefault();
    return;
  }
  const homeSection = link.getAttribute(siteHooks.homeSection);
  if (homeSection && location.pathname === "/" && scrollToSection(homeSection)) {
    event.preventDefault();
    return;
  }
  const onArrival = link.getAttribute(siteHooks.scrollOnArrival);
  if (onArrival) {
    event.preventDefault();
    const request = { scrollTo: onArrival, delayMs: Number(link.getAttribute(siteHooks.delay)) || 0 };
    try {
      sessionStorage.setItem(scrollRequestKey, JSON.stringify(request));
    } catch {
      // Storage refused (a private window's quota): the home page simply opens at its top.
    }
    location.assign("/");
  }
}

/** Space activates a link announced as a button, as it would a real button; Enter already follows it. */
function onKeyDown(event: KeyboardEvent) {
  if (event.key === "Escape") {
    closeMenu(true);
    return;
  }
  if (event.key !== " " || !(event.target instanceof HTMLAnchorElement)) return;
  if (event.target.getAttribute("role") !== "button") return;
  event.preventDefault();
  event.target.click();
}

/** On the home page, a request left by "View All Services": scroll there after its pause. */
function scrollOnArrival() {
  let request = null;
  try {
    const kept = sessionStorage.getItem(scrollRequestKey);
    sessionStorage.removeItem(scrollRequestKey);
    request = kept ? readScrollRequest(JSON.parse(kept)) : null;
  } catch {
    return;
  }
  if (!request || location.pathname !== "/") return;
  const { scrollTo, delayMs } = request;
  window.setTimeout(() => scrollToSection(scrollTo), delayMs);
}

/** True when the visitor came from another site (or typed the address), not from one of our pages. */
function cameFromElsewhere(): boolean {
  try {
    return new URL(document.referrer).origin !== location.origin;
  } catch {
    return false;
  }
}

/** Counts the page shown, with `navigator.sendBeacon`, unless the visitor asked not to be tracked. */
function countPageView() {
  const browser = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (browser.globalPrivacyControl || browser.doNotTrack === "1" || !browser.sendBeacon) return;
  // An applicant's own page carries their link in its address: it is never counted, so the link goes
  // nowhere, not even to our own counts.
  if (location.pathname.toLowerCase().startsWith(applicantPagePath)) return;
  // The referrer belongs to the page a visit began on: a page reached from one of ours sends none.
  const body: PageViewBody = {
    page: location.pathname + location.search,
    referrer: cameFromElsewhere() ? document.referrer : "",
  };
  browser.sendBeacon(pageViewEndpoint, JSON.stringify(body));
}

/** Marks the page hydrated once no island on it is still waiting for its script. */
function markWhenHydrated() {
  const check = () => {
    if (document.querySelector(`[${islandAttribute}]:not([${islandReadyAttribute}])`)) return;
    document.removeEventListener(islandReadyEvent, check);
    document.documentElement.dataset.hydrated = "true";
  };
  document.addEventListener(islandReadyEvent, check);
  check();
}

/** Called by the page's island module once every island script on the page has run. */
export function start() {
  document.addEventListener("click", onClick);
  document.addEventListener("keydown", onKeyDown);
  scrollOnArrival();
  countPageView();
  markWhenHydrated();
}
