import type { Queryable } from "../db/database.ts";

/**
 * Rate limits: so many requests per client (an address, counted by its network) in fixed windows.
 * The forms and the staff sign-in count in the database, so every server process shares one
 * allowance; the visit counts' beacon, cheap and frequent, counts in each process's memory.
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
 * Whether the key may send another request now. Only reads: the forms count a request with
 * countRequest inside the submission's own transaction, so a genuine submission costs one write
 * transaction, not two.
 */
export async function checkRateLimit(db: Queryable, rate: RateLimit, now: number): Promise<RateVerdict> {
  const window = windowOf(rate, now);
  const [row] = await db.all<{ window_start: number; count: number }>(
    "SELECT window_start, count FROM rate_limits WHERE key = ?",
    [rate.key],
  );
  const used = row && Number(row.window_start) === window.start ? Number(row.count) : 0;
  return { allowed: used < rate.limit, retryAfterSeconds: window.retryAfterSeconds };
}

/** Counts one request against its key's allowance. */
export async function countRequest(db: Queryable, rate: RateLimit, now: number): Promise<void> {
  await db.run(
    `INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END,
       window_start = excluded.window_start`,
    [rate.key, windowOf(rate, now).start],
  );
}

/** Checks the allowance and, when the request may go, counts it: for requests that store nothing else. */
export async function takeRateLimit(db: Queryable, rate: RateLimit, now: number): Promise<RateVerdict> {
  const verdict = await checkRateLimit(db, rate, now);
  if (verdict.allowed) await countRequest(db, rate, now);
  return verdict;
}

/**
 * The same fixed windows held in this process's memory only, for requests too frequent and too
 * cheap to cost a write each. A flood of new keys empties the table early rather than letting it
 * grow without bound.
 */
export function memoryRateLimit(options: { limit: number; windowMs: number; maxKeys?: number }) {
  const { limit, windowMs, maxKeys = 100_000 } = options;
  let window = { start: 0, counts: new Map<string, number>() };
  return {
    /** Counts a request under `key` and says whether it was within the allowance. */
    take(key: string, now: number): RateVerdict {
      if (now - window.start >= windowMs || window.counts.size >= maxKeys) {
        window = { start: now, counts: new Map() };
      }
      const count = (window.counts.get(key) ?? 0) + 1;
      window.counts.set(key, count);
      return {
        allowed: count <= limit,
        retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)),
      };
    },
  };
}
