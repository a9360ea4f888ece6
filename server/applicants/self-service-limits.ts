/**
 * How often the applicant's own page (self-service.ts) may be posted to, apart from the page itself: the
 * purge's housekeeping (server/housekeeping.ts) keeps each counter as long as its window, and the
 * `npm run data` command reads these without loading the page's code.
 */
import { applicants } from "#core/config/applicants.ts";

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

/** How often the page may be posted to: per application, and per client network (however many links it holds). */
export type SelfServiceLimits = {
  perApplication: number;
  perNetwork: number;
  windowMs: number;
  /** Fresh links one application may be sent in a day, however often they are asked for. */
  freshLinksPerDay: number;
};

export const selfServiceLimits: SelfServiceLimits = {
  perApplication: 20,
  perNetwork: 60,
  windowMs: hourMs,
  freshLinksPerDay: applicants.freshLinksPerDay,
};

/** The window the fresh links per day are counted in. */
export const freshLinkWindowMs = dayMs;

/** The longest window these allowances count in: the purge keeps their counters at least this long. */
export const selfServiceLongestWindowMs = Math.max(selfServiceLimits.windowMs, freshLinkWindowMs);
