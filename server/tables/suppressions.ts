/**
 * The owner of the `suppressed_addresses` table: the addresses nothing more is sent to, one row each (in
 * lower case), since a hard bounce or a complaint, with what the receiving server said, until staff
 * correct the address on its lead or unblock it.
 */
import type { Queryable } from "../db/database.ts";

/** Why an address is blocked: it bounced for good, or its person reported our mail as spam. */
export type SuppressionKind = "bounce" | "complaint";

/** A blocked address, as staff see it. */
export type Suppression = { address: string; kind: SuppressionKind; reason: string; createdAt: number };

type SuppressionRow = { address: string; kind: SuppressionKind; reason: string; created_at: number };

function suppressionOf(row: SuppressionRow): Suppression {
  return { address: row.address, kind: row.kind, reason: row.reason, createdAt: Number(row.created_at) };
}

/**
 * Blocks an address (given in lower case), inside the caller's transaction. A complaint replaces a bounce
 * (it also ends job alerts); a second bounce keeps the first row. Resolves to true when it was not blocked.
 */
export async function suppress(
  db: Queryable,
  entry: { address: string; kind: SuppressionKind; reason: string; now: number },
): Promise<boolean> {
  const rows = await db.all<{ address: string }>(
    `INSERT INTO suppressed_addresses (address, kind, reason, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (address) DO UPDATE SET kind = excluded.kind, reason = excluded.reason
     WHERE suppressed_addresses.kind = 'bounce' AND excluded.kind = 'complaint'
     RETURNING address`,
    [entry.address, entry.kind, entry.reason, entry.now],
  );
  return rows.length === 1;
}

/** Why an address (given in lower case) is blocked, or null when it is not. */
export async function suppressionOfAddress(db: Queryable, address: string): Promise<Suppression | null> {
  const [row] = await db.all<SuppressionRow>(
    "SELECT address, kind, reason, created_at FROM suppressed_addresses WHERE address = ?",
    [address],
  );
  return row ? suppressionOf(row) : null;
}

/** Unblocks an address (given in lower case); resolves with 1, or 0 when it was not blocked. */
export function liftSuppression(db: Queryable, address: string): Promise<number> {
  return db.run("DELETE FROM suppressed_addresses WHERE address = ?", [address]);
}

/** Every blocked address, the latest first, for the administrators' list. */
export async function suppressions(db: Queryable, limit = 200): Promise<Suppression[]> {
  const rows = await db.all<SuppressionRow>(
    "SELECT address, kind, reason, created_at FROM suppressed_addresses ORDER BY created_at DESC LIMIT ?",
    [limit],
  );
  return rows.map(suppressionOf);
}
