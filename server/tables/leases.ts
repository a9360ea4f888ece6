/**
 * The owner of the `leases` table: named locks that one process holds for a while (the purge, the job
 * alerts' runs), one row per lease with who holds it and until when.
 */
import type { Queryable } from "../db/database.ts";

/**
 * Takes (or renews) the named lease for `holder` until `until`, when it is free, expired at `now` or
 * already this holder's; one statement. Resolves to whether this holder has it now.
 */
export async function takeLease(
  db: Queryable,
  lease: { name: string; holder: string; until: number; now: number },
): Promise<boolean> {
  const rows = await db.all<{ holder: string }>(
    `INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
     WHERE leases.expires_at <= ? OR leases.holder = excluded.holder
     RETURNING holder`,
    [lease.name, lease.holder, lease.until, lease.now],
  );
  return rows.length === 1;
}

/** Gives the named lease back, if `holder` still has it. */
export async function giveBackLease(db: Queryable, name: string, holder: string): Promise<void> {
  await db.run("DELETE FROM leases WHERE name = ? AND holder = ?", [name, holder]);
}
