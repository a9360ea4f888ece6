import type { Queryable } from "../db/database.ts";
import { countRequest, countRequests } from "../tables/rate-limits.ts";

/**
 * Rate limits: so many requests per client (an address, counted by its network) in fixed windows,
 * counted in the database so every server process shares one allowance. A request is counted by one
 * statement that adds it and reads the new count back, before anything else is done for it: however
 * many arrive at once, only the allowance get through.
 */

/** An allowance: `limit` requests under `key` in each window of `windowMs`. */
export type RateLimit = { key: string; limit: number; windowMs: number };

/** Whether one more request may go now, and if not, how long until the window turns. */
export type RateVerdict = { allowed: boolean; retryAfterSeconds: number };

function windowOf(rate: Pick<RateLimit, "windowMs">, now: number) {
  const start = now - (now % rate.windowMs);
  return { start, retryAfterSeconds: Math.max(1, Math.ceil((start + rate.windowMs - now) / 1000)) };
}

/**
 * Counts one request against its key's allowance and says whether it was within it. One statement
 * (the same on SQLite and PostgreSQL) adds the request and returns the count it made, so two requests
 * at the same moment can never both see the last place free. A refused request is counted too: it
 * changes nothing in its window, and the count is reset when the window turns.
 */
export async function takeRateLimit(db: Queryable, rate: RateLimit, now: number): Promise<RateVerdict> {
  const window = windowOf(rate, now);
  const count = await countRequest(db, rate.key, window.start);
  return { allowed: count <= rate.limit, retryAfterSeconds: window.retryAfterSeconds };
}

type Waiting = { now: number; resolve: (verdict: RateVerdict) => void; reject: (error: unknown) => void };

/**
 * Counts requests as takeRateLimit does, but a key's requests that arrive while its last count is still
 * on its way to the database are counted together by the next statement (which adds them all and returns
 * the new count): under a burst from one network, one statement at a time instead of one per request.
 * Each request is still allowed only if its own place in the count is within the allowance.
 */
export function groupedRateLimit(db: Queryable): (rate: RateLimit, now: number) => Promise<RateVerdict> {
  const pending = new Map<string, { rate: RateLimit; waiting: Waiting[] }>();
  const busy = new Set<string>();

  async function count(key: string): Promise<void> {
    const group = pending.get(key);
    if (!group || busy.has(key)) return;
    pending.delete(key);
    busy.add(key);
    const { rate, waiting } = group;
    // A group that waited across the turn of a window is counted in the newer one.
    const start = Math.max(...waiting.map((request) => windowOf(rate, request.now).start));
    try {
      const count = await countRequests(db, key, start, waiting.length);
      // The first of this group holds the place just after the count before it.
      const first = count - waiting.length + 1;
      waiting.forEach((request, i) => {
        request.resolve({
          allowed: first + i <= rate.limit,
          retryAfterSeconds: windowOf(rate, request.now).retryAfterSeconds,
        });
      });
    } catch (error) {
      for (const request of waiting) request.reject(error);
    } finally {
      busy.delete(key);
      void count(key);
    }
  }

  return (rate, now) =>
    new Promise<RateVerdict>((resolve, reject) => {
      let group = pending.get(rate.key);
      if (!group) {
        group = { rate, waiting: [] };
        pending.set(rate.key, group);
      }
      group.waiting.push({ now, resolve, reject });
      void count(rate.key);
    });
}
