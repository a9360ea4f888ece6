/**
 * How long the purge's housekeeping (lifecycle/purge.ts) keeps the counters and sessions it tidies: as
 * long as the longest window each is counted in by the forms, the workspace's sign-in and the applicant's
 * own page. One answer for the server's hourly purge (services.ts) and for `npm run data -- purge` and
 * `restore` (scripts/data.ts), which imports this without loading the workspace or the applicant's page.
 */
import { selfServiceLongestWindowMs } from "./applicants/self-service-limits.ts";
import type { Env } from "./env.ts";
import { idleTimeoutMs } from "./workspace/sessions.ts";
import { defaultSignInLimit } from "./workspace/sign-in-limit.ts";

export function housekeepingWindows(env: Pick<Env, "RATE_LIMIT_WINDOW_SECONDS">): {
  rateLimitWindowMs: number;
  sessionIdleMs: number;
} {
  return {
    // A counter no longer counts once the longest window in use (the forms', sign-in's or the
    // applicant page's daily fresh links) has passed.
    rateLimitWindowMs: Math.max(
      env.RATE_LIMIT_WINDOW_SECONDS * 1000,
      defaultSignInLimit.windowMs,
      selfServiceLongestWindowMs,
    ),
    sessionIdleMs: idleTimeoutMs,
  };
}
