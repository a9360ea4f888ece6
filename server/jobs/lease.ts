import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Queryable } from "../db/database.ts";

/** A name for this process as a lease holder: unique even for two holders in one process. */
export function newHolder(): string {
  return `${hostname()}:${process.pid}:${randomBytes(6).toString("base64url")}`;
}

/**
 * Takes (or renews) the named lease for `holder` until `now + ttlMs`, when it is free, expired or
 * already this holder's. One statement, so two processes asking at once cannot both get it, on either
 * database. Resolves to whether this holder has it now.
 */
export async function acquireLease(
  db: Queryable,
  name: string,
  holder: string,
  now: number,
  ttlMs: number,
): Promise<boolean> {
  const rows = await db.all<{ holder: string }>(
    `INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
     WHERE leases.expires_at <= ? OR leases.holder = excluded.holder
     RETURNING holder`,
    [name, holder, now + ttlMs, now],
  );
  return rows.length === 1;
}

/** Gives the lease back, if this holder still has it. */
export async function releaseLease(db: Queryable, name: string, holder: string): Promise<void> {
  await db.run("DELETE FROM leases WHERE name = ? AND holder = ?", [name, holder]);
}
