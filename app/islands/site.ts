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
 * - Loads each form's island when the visitor scrolls the form into view or starts to use it.
 * - Marks `<html data-hydrated="true">` once it runs.
 */
import { type PageViewBody, pageViewEndpoint } from "#core/analytics/page-view.ts";
import { applicantPagePath } from "#core/applicant-path.ts";
import { siteHooks } from "./hooks";
import { islandLoadAttribute, islandReadyAttribute, islandReadyEvent } from "./names";
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

/** True when a link on another site brought the visitor here, not one of our pages (nor a typed address). */
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

/** How near the view a form must come for its island to load: as soon as any of it is in view. */
const nearView = "0px";

/** How long a post sent before its form's island was ready waits for it, before going as a plain post. */
const heldPostMs = 8_000;

/** Loads an island's files: its chunks together, then the island itself, which hydrates its box. */
function loadIsland(box: HTMLElement): Promise<unknown> {
  const files = (box.getAttribute(islandLoadAttribute) ?? "").split(" ").filter(Boolean);
  const own = files.pop();
  return Promise.all(files.map((file) => import(/* @vite-ignore */ file))).then(() =>
    own ? import(/* @vite-ignore */ own) : undefined,
  );
}

/** Resolves once the island in `box` has hydrated. */
function hydrated(box: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!box.hasAttribute(islandReadyAttribute)) return;
      document.removeEventListener(islandReadyEvent, check);
      resolve();
    };
    document.addEventListener(islandReadyEvent, check);
    check();
  });
}

/**
 * The forms' islands (components/islands.tsx) load when the visitor scrolls their form near the view, or
 * as soon as they start to use it, whichever is first: a visitor reading the page pays nothing for them.
 * A form already in view when the page opens waits for the first scroll or the first use, so the phone is
 * never busy with a form nobody has touched while the page is still settling. Until then the form is the
 * server's, and works as a plain post; what is typed or chosen meanwhile stays, and the island reads it
 * as it hydrates. A post sent in that moment waits for the island (so it goes as the island sends it), or
 * goes as a plain post if the island has not come in time.
 */
function armIslands() {
  const loads = new Map<HTMLElement, Promise<unknown>>();
  const load = (box: HTMLElement) => {
    let loading = loads.get(box);
    if (!loading) {
      loading = loadIsland(box);
      loads.set(box, loading);
    }
    return loading;
  };
  const boxOf = (element: Element) => element.closest<HTMLElement>(`[${islandLoadAttribute}]`);
  const boxes = [...document.querySelectorAll<HTMLElement>(`[${islandLoadAttribute}]`)];
  const watchScrolling = () => {
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const box = boxOf(entry.target);
          if (!entry.isIntersecting || !box) continue;
          for (const child of box.children) observer.unobserve(child);
          load(box).catch(() => {});
        }
      },
      { rootMargin: nearView },
    );
    // The box itself draws no box (display: contents); what it holds does.
    for (const box of boxes) for (const child of box.children) observer.observe(child);
  };
  if (boxes.length > 0) addEventListener("scroll", watchScrolling, { once: true, passive: true });
  for (const box of boxes) {
    for (const type of ["focusin", "pointerdown", "keydown", "input", "change"]) {
      box.addEventListener(type, () => load(box).catch(() => {}), { once: true, passive: true });
    }
    box.addEventListener(
      "submit",
      (event) => {
        if (box.hasAttribute(islandReadyAttribute) || !(event.target instanceof HTMLFormElement)) return;
        const form = event.target;
        const submitter = event.submitter;
        event.preventDefault();
        let settled = false;
        const settle = (send: () => void) => {
          if (settled) return;
          settled = true;
          window.clearTimeout(timer);
          send();
        };
        // The browser's own post, as without JavaScript (a field named "submit" cannot hide it).
        const plainPost = () => settle(() => HTMLFormElement.prototype.submit.call(form));
        const timer = window.setTimeout(plainPost, heldPostMs);
        Promise.all([load(box), hydrated(box)]).then(
          () => settle(() => form.requestSubmit(submitter && form.contains(submitter) ? submitter : null)),
          plainPost,
        );
      },
      { capture: true },
    );
  }
}

/** Called by the page's island module once every island script on the page has run. */
export function start() {
  document.addEventListener("click", onClick);
  document.addEventListener("keydown", onKeyDown);
  scrollOnArrival();
  countPageView();
  armIslands();
  // The page's own script runs: its links, menu and map answer from here on (each form's box is marked
  // `data-ready` once its island has hydrated).
  document.documentElement.dataset.hydrated = "true";
}
