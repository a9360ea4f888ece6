import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Queryable } from "../db/database.ts";
import { giveBackLease, takeLease } from "../tables/leases.ts";

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
  return takeLease(db, { name, holder, until: now + ttlMs, now });
}

/** Gives the lease back, if this holder still has it. */
export function releaseLease(db: Queryable, name: string, holder: string): Promise<void> {
  return giveBackLease(db, name, holder);
}
