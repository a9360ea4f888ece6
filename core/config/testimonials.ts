/**
 * How long a testimonial may be shown. A client's words are about the work as it was then; after this
 * long they say little about the work today, so the pages stop showing them by themselves. The privacy
 * notice states the same period from this file, so the two cannot disagree.
 */
import type { Period } from "./retention.ts";

export type TestimonialsConfig = {
  /** A testimonial is shown until this long after the date it was given, and never after. */
  showFor: Period;
};

export const testimonials = {
  showFor: { years: 3 },
} satisfies TestimonialsConfig;
