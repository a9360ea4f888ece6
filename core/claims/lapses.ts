/**
 * When what the pages claim changes by itself: an accreditation runs out, a testimonial ages out. Pages
 * prerendered before such a moment are stale after it, so the server stops serving their files and renders
 * them on each request until the next build (docs/decisions/023-claims-that-lapse.md).
 */
import { testimonialLapseTimes } from "../case-studies/testimonials.ts";
import { accreditationLapseTimes } from "./accreditations.ts";

/** Every moment a claim on the pages lapses, earliest first. */
export function claimLapseTimes(): number[] {
  return [...accreditationLapseTimes(), ...testimonialLapseTimes()].sort((a, b) => a - b);
}

/**
 * True when a claim lapsed after the pages were rendered (`renderedAt`) and at or before `now`: what was
 * rendered then shows something no longer true.
 */
export function lapsedSince(
  renderedAt: number,
  now: number,
  lapses: readonly number[] = claimLapseTimes(),
): boolean {
  return lapses.some((at) => at > renderedAt && at <= now);
}
