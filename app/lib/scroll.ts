import { useEffect } from "react";
import { useLocation } from "react-router";

/** True when the visitor has asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Scrolls to an in-page section (smoothly unless reduced motion is asked for)
 * and moves keyboard focus there, so screen-reader and keyboard users land
 * where sighted users do. Returns false when the section is not on the page.
 */
export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
  return true;
}

/** Navigation state asking the next page to scroll to a section once it has settled. */
export type ScrollRequest = { scrollTo: string };

/** Reads a scroll request from navigation state, ignoring anything else that might be there. */
export function readScrollRequest(state: unknown): string | null {
  if (typeof state !== "object" || state === null || !("scrollTo" in state)) return null;
  const { scrollTo } = state as { scrollTo: unknown };
  return typeof scrollTo === "string" && /^[A-Za-z][\w-]*$/.test(scrollTo) ? scrollTo : null;
}

/** True for a plain left click; modified clicks (new tab, new window) are left to the browser. */
export function isPlainClick(event: React.MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * On arrival with a scroll request in the navigation state, waits `delayMs` (so the page has
 * settled at the top) and then scrolls to the requested section.
 */
export function useScrollOnArrival(delayMs: number) {
  const location = useLocation();
  useEffect(() => {
    const target = readScrollRequest(location.state);
    if (!target) return;
    const timer = window.setTimeout(() => scrollToSection(target), delayMs);
    return () => window.clearTimeout(timer);
  }, [location, delayMs]);
}
