/**
 * The owner of the `sessions` table: one row per signed-in browser (kept as the hash of its cookie's
 * token), for a member of staff, with the passkey that opened it, when it was last used and last
 * confirmed with the passkey, and when it ends whatever happens.
 */
import type { Queryable } from "../db/database.ts";

/** A session with its person, as a request checks it. */
export type StoredSession = {
  staffId: number;
  email: string;
  name: string;
  isAdmin: boolean;
  lastSeenAt: number;
  confirmedAt: number;
  expiresAt: number;
  /** When the person's access was taken away; null while they are on the team. */
  revokedAt: number | null;
};

/** Stores a new session, opened (and confirmed) now by a passkey (null: none). */
export async function openSession(
  db: Queryable,
  session: { idHash: string; staffId: number; passkeyId: string | null; now: number; expiresAt: number },
): Promise<void> {
  const { idHash, staffId, passkeyId, now, expiresAt } = session;
  await db.run(
    `INSERT INTO sessions (id_hash, staff_id, passkey_id, created_at, last_seen_at, confirmed_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [idHash, staffId, passkeyId, now, now, now, expiresAt],
  );
}

/** The session with this id hash and its person, or null when there is none. */
export async function sessionByHash(db: Queryable, idHash: string): Promise<StoredSession | null> {
  const [row] = await db.all<{
    staff_id: number;
    email: string;
    name: string;
    is_admin: number;
    last_seen_at: number;
    confirmed_at: number;
    expires_at: number;
    revoked_at: number | null;
  }>(
    `SELECT s.staff_id, p.email, p.name, p.is_admin, s.last_seen_at, s.confirmed_at, s.expires_at, p.revoked_at
     FROM sessions s JOIN staff p ON p.id = s.staff_id WHERE s.id_hash = ?`,
    [idHash],
  );
  if (!row) return null;
  return {
    staffId: Number(row.staff_id),
    email: row.email,
    name: row.name,
    isAdmin: Number(row.is_admin) === 1,
    lastSeenAt: Number(row.last_seen_at),
    confirmedAt: Number(row.confirmed_at),
    expiresAt: Number(row.expires_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  };
}

/** Records that a session was used now. */
export async function touchSession(db: Queryable, idHash: string, now: number): Promise<void> {
  await db.run("UPDATE sessions SET last_seen_at = ? WHERE id_hash = ?", [now, idHash]);
}

/** Records a fresh passkey confirmation on a session. */
export async function confirmSession(db: Queryable, sessionHash: string, now: number): Promise<void> {
  await db.run("UPDATE sessions SET confirmed_at = ? WHERE id_hash = ?", [now, sessionHash]);
}

/** Ends one session, by its id hash. */
export async function endSessionByHash(db: Queryable, idHash: string): Promise<void> {
  await db.run("DELETE FROM sessions WHERE id_hash = ?", [idHash]);
}

/** Ends every session of one person (revoked, or signing out everywhere). */
export async function endSessionsOf(db: Queryable, staffId: number): Promise<void> {
  await db.run("DELETE FROM sessions WHERE staff_id = ?", [staffId]);
}

/** Ends every session a passkey opened (the passkey is being removed); resolves to their id hashes. */
export async function endSessionsOpenedBy(db: Queryable, passkeyId: string): Promise<string[]> {
  const ended = await db.all<{ id_hash: string }>(
    "DELETE FROM sessions WHERE passkey_id = ? RETURNING id_hash",
    [passkeyId],
  );
  return ended.map((row) => row.id_hash);
}

/**
 * How many sessions have ended by time at `asOf`: past their absolute expiry, or last used at or before
 * `idleSince` (for the purge's dry run).
 */
export async function countEndedSessions(db: Queryable, asOf: number, idleSince: number): Promise<number> {
  const [row] = await db.all<{ n: number }>(
    "SELECT COUNT(*) AS n FROM sessions WHERE expires_at <= ? OR last_seen_at <= ?",
    [asOf, idleSince],
  );
  return Number(row?.n ?? 0);
}

/** Deletes the sessions ended by time (see countEndedSessions); resolves with how many. */
export function deleteEndedSessions(db: Queryable, asOf: number, idleSince: number): Promise<number> {
  return db.run("DELETE FROM sessions WHERE expires_at <= ? OR last_seen_at <= ?", [asOf, idleSince]);
}
