/**
 * The owner of the `redirects`, `redirect_generation` and `missing_paths` tables: the old addresses and
 * the pages that answer for them now, the number every change raises (so each process knows when to read
 * them again), and the addresses that answered 404, counted by day.
 */
import type { Redirect } from "#core/redirects.ts";
import type { Queryable } from "../db/database.ts";

/** A redirect as staff see it: who added it (null: the site itself) and when. */
export type KeptRedirect = Redirect & { createdBy: number | null; createdAt: number };

type RedirectRow = { from_path: string; to_path: string; created_by: number | null; created_at: number };

/** Every redirect, the latest first. */
export async function allRedirects(db: Queryable): Promise<KeptRedirect[]> {
  const rows = await db.all<RedirectRow>(
    "SELECT from_path, to_path, created_by, created_at FROM redirects ORDER BY created_at DESC, from_path",
  );
  return rows.map((row) => ({
    from: row.from_path,
    to: row.to_path,
    createdBy: row.created_by === null ? null : Number(row.created_by),
    createdAt: Number(row.created_at),
  }));
}

/** Keeps `redirects` (each replacing any kept from the same address) and raises the generation. */
export async function keepRedirects(
  db: Queryable,
  redirects: readonly Redirect[],
  by: number | null,
  now: number,
): Promise<void> {
  for (const { from, to } of redirects) {
    await db.run(
      `INSERT INTO redirects (from_path, to_path, created_by, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (from_path) DO UPDATE SET to_path = excluded.to_path, created_by = excluded.created_by,
         created_at = excluded.created_at`,
      [from, to, by, now],
    );
  }
  await raiseRedirectGeneration(db);
}

/** Points each kept redirect in `moved` at its new end (a chain collapsed), keeping who made it and when. */
export async function retargetRedirects(db: Queryable, moved: readonly Redirect[]): Promise<void> {
  for (const { from, to } of moved)
    await db.run("UPDATE redirects SET to_path = ? WHERE from_path = ?", [to, from]);
}

/** Removes the redirect from `from`; resolves with 1, or 0 when there was none. */
export async function removeRedirect(db: Queryable, from: string): Promise<number> {
  const removed = await db.run("DELETE FROM redirects WHERE from_path = ?", [from]);
  if (removed > 0) await raiseRedirectGeneration(db);
  return removed;
}

async function raiseRedirectGeneration(db: Queryable): Promise<void> {
  await db.run("UPDATE redirect_generation SET generation = generation + 1 WHERE id = 1");
}

/** The number every change to the redirects raises. */
export async function redirectGeneration(db: Queryable): Promise<number> {
  const [row] = await db.all<{ generation: number }>(
    "SELECT generation FROM redirect_generation WHERE id = 1",
  );
  return Number(row?.generation ?? 0);
}

/** Adds `hits` to each path's count for `day`. */
export async function countMissing(
  db: Queryable,
  day: string,
  hits: ReadonlyMap<string, number>,
): Promise<void> {
  for (const [path, count] of hits) {
    await db.run(
      `INSERT INTO missing_paths (day, path, hits) VALUES (?, ?, ?)
       ON CONFLICT (day, path) DO UPDATE SET hits = missing_paths.hits + excluded.hits`,
      [day, path, count],
    );
  }
}

/** The paths counted on `day` so far. */
export async function missingPathsOn(db: Queryable, day: string): Promise<number> {
  const [row] = await db.all<{ paths: number }>("SELECT COUNT(*) AS paths FROM missing_paths WHERE day = ?", [
    day,
  ]);
  return Number(row?.paths ?? 0);
}

/** The most requested missing paths since `fromDay` (inclusive), with their counts, most first. */
export async function mostMissing(
  db: Queryable,
  fromDay: string,
  limit: number,
): Promise<{ path: string; hits: number }[]> {
  const rows = await db.all<{ path: string; hits: number }>(
    `SELECT path, SUM(hits) AS hits FROM missing_paths WHERE day >= ?
     GROUP BY path ORDER BY SUM(hits) DESC, path LIMIT ?`,
    [fromDay, limit],
  );
  return rows.map((row) => ({ path: row.path, hits: Number(row.hits) }));
}

/** Forgets the counts of days before `fromDay`; resolves with how many rows went. */
export function forgetMissingBefore(db: Queryable, fromDay: string): Promise<number> {
  return db.run("DELETE FROM missing_paths WHERE day < ?", [fromDay]);
}
