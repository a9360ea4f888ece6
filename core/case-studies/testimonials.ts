/**
 * The rules a testimonial is shown by: it names the person, their role and the day they said it, and it
 * is not older than the configured age (`core/config/testimonials.ts`). Pure, with `now` passed in, so the
 * pages, the server's freshness check and the tests judge the same moment the same way.
 */
import { testimonials as testimonialsConfig } from "../config/testimonials.ts";
import { addPeriod } from "../retention-periods.ts";
import { caseStudies } from "./index.ts";
import type { CaseStudy, Testimonial } from "./model.ts";

/** A testimonial with the case study it came from (for the client's sector, name and services). */
export type AttributedTestimonial = Testimonial & { caseStudy: CaseStudy };

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day a testimonial was given, as a UTC timestamp, or null for a date that is not a real day. */
export function testimonialGiven(testimonial: Pick<Testimonial, "date">): number | null {
  const match = isoDate.exec(testimonial.date);
  if (!match) return null;
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(at).toISOString().startsWith(testimonial.date) ? at : null;
}

/** The moment a testimonial ages out (it is shown before it, never from it on), or null if it has no real date. */
export function testimonialLapsesAt(
  testimonial: Pick<Testimonial, "date">,
  config = testimonialsConfig,
): number | null {
  const given = testimonialGiven(testimonial);
  return given === null ? null : addPeriod(given, config.showFor);
}

/**
 * True when a testimonial may be shown at `now`: it names a person, their role and a real date not after
 * `now`, and it is younger than the configured age. The type asks for all three; this holds for content
 * the type cannot check (an empty name, a date like 2025-02-30).
 */
export function isShowable(
  testimonial: Testimonial | null,
  now: number,
  config = testimonialsConfig,
): testimonial is Testimonial {
  if (!testimonial) return false;
  if (!testimonial.quote.trim() || !testimonial.name.trim() || !testimonial.role.trim()) return false;
  const given = testimonialGiven(testimonial);
  const lapses = testimonialLapsesAt(testimonial, config);
  return given !== null && lapses !== null && given <= now && now < lapses;
}

/** The testimonials showable at `now`, newest first, from the given case studies (all of them by default). */
export function currentTestimonials(
  now: number,
  from: readonly CaseStudy[] = caseStudies,
  config = testimonialsConfig,
): AttributedTestimonial[] {
  return from
    .flatMap((caseStudy) =>
      isShowable(caseStudy.testimonial, now, config) ? [{ ...caseStudy.testimonial, caseStudy }] : [],
    )
    .sort((a, b) => (testimonialGiven(b) ?? 0) - (testimonialGiven(a) ?? 0));
}

/**
 * Every moment a shipped testimonial ages out, earliest first: a page that shows testimonials and was
 * prerendered before one of these moments is stale after it, so the server renders it afresh.
 */
export function testimonialLapseTimes(from: readonly CaseStudy[] = caseStudies): number[] {
  return from
    .map((caseStudy) => (caseStudy.testimonial ? testimonialLapsesAt(caseStudy.testimonial) : null))
    .filter((at): at is number => at !== null)
    .sort((a, b) => a - b);
}
