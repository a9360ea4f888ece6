/**
 * The owner of the `rate_limits` table: one row per key (a client's network, an address's hash, a
 * form), with the start of its current window and how many requests it has counted in it.
 */
import type { Queryable } from "../db/database.ts";

/**
 * Adds `requests` to the key's count in the window starting at `windowStart` (a new window starts from
 * them) and resolves to the count it made: one statement, so requests at once are counted one after another.
 */
export async function countRequests(
  db: Queryable,
  key: string,
  windowStart: number,
  requests: number,
): Promise<number> {
  const [row] = await db.all<{ count: number | string }>(
    `INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + excluded.count ELSE excluded.count END,
           window_start = excluded.window_start
         RETURNING count`,
    [key, windowStart, requests],
  );
  return Number(row?.count);
}

/** Adds one request to the key's count in the window starting at `windowStart`; resolves to the count it made. */
export async function countRequest(db: Queryable, key: string, windowStart: number): Promise<number> {
  const [row] = await db.all<{ count: number | string }>(
    `INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END,
       window_start = excluded.window_start
     RETURNING count`,
    [key, windowStart],
  );
  return Number(row?.count);
}

/** How many counters have a window that started at or before `before` (for the purge's dry run). */
export async function countEndedWindows(db: Queryable, before: number): Promise<number> {
  const [row] = await db.all<{ n: number }>("SELECT COUNT(*) AS n FROM rate_limits WHERE window_start <= ?", [
    before,
  ]);
  return Number(row?.n ?? 0);
}

/** Deletes the counters whose window started at or before `before`; resolves with how many. */
export function deleteEndedWindows(db: Queryable, before: number): Promise<number> {
  return db.run("DELETE FROM rate_limits WHERE window_start <= ?", [before]);
}
