/**
 * How many sign-in attempts the workspace takes from one client address: its own module, so the purge's
 * housekeeping (server/housekeeping.ts) can keep the counters as long as their window without loading
 * the workspace.
 */

/** Sign-in attempts (passkey answers) allowed per client address in a quarter of an hour. */
export const defaultSignInLimit = { limit: 20, windowMs: 15 * 60 * 1000 };
