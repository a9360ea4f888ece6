/** True when the visitor has asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
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

/** True for a plain left click; modified clicks (new tab, new window) are left to the browser. */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A request, kept for the next page, to scroll to a section once it has settled: "View All Services"
 * leaves one as it goes to the home page.
 */
export type ScrollRequest = { scrollTo: string; delayMs: number };

/** Reads a scroll request, ignoring anything else that might be there. */
export function readScrollRequest(state: unknown): ScrollRequest | null {
  if (typeof state !== "object" || state === null || !("scrollTo" in state)) return null;
  const { scrollTo, delayMs } = state as { scrollTo: unknown; delayMs?: unknown };
  if (typeof scrollTo !== "string" || !/^[A-Za-z][\w-]*$/.test(scrollTo)) return null;
  const delay =
    typeof delayMs === "number" && Number.isFinite(delayMs) ? Math.min(Math.max(delayMs, 0), 5000) : 0;
  return { scrollTo, delayMs: delay };
}
