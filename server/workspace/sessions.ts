import type { Queryable } from "../db/database.ts";
import { hashToken, newToken } from "./tokens.ts";

/** A signed-in member of staff, as every workspace page sees them. */
export type StaffMember = {
  id: number;
  email: string;
  name: string;
  isAdmin: boolean;
  /** The session's own id hash, for actions on this session (sign out, confirm). */
  sessionHash: string;
  /** When they last proved it was them with their passkey. */
  confirmedAt: number;
};

/** A session ends after this long without a request... */
export const idleTimeoutMs = 12 * 60 * 60 * 1000;
/** ...and this long after sign-in, whatever happens. */
export const absoluteTimeoutMs = 7 * 24 * 60 * 60 * 1000;
/**
 * Exports, document downloads and NI number reveals ask for the passkey again when the last
 * confirmation is older than this.
 */
export const confirmationWindowMs = 15 * 60 * 1000;
/** last_seen_at is written at most this often, so reading pages does not mean a write each time. */
const touchEveryMs = 60 * 1000;

/**
 * Starts a session for a member of staff, opened with the given passkey (removing that passkey ends the
 * session); returns the token for the cookie (only its hash is stored).
 */
export async function createSession(
  db: Queryable,
  staffId: number,
  now: number,
  passkeyId: string | null = null,
): Promise<string> {
  const token = newToken();
  await db.run(
    `INSERT INTO sessions (id_hash, staff_id, passkey_id, created_at, last_seen_at, confirmed_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [hashToken(token), staffId, passkeyId, now, now, now, now + absoluteTimeoutMs],
  );
  return token;
}

/** The member of staff a session token belongs to, or null when it is unknown, idle, expired or revoked. */
export async function readSession(db: Queryable, token: string, now: number): Promise<StaffMember | null> {
  const idHash = hashToken(token);
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
  const lastSeen = Number(row.last_seen_at);
  if (row.revoked_at !== null || Number(row.expires_at) <= now || lastSeen + idleTimeoutMs <= now) {
    await db.run("DELETE FROM sessions WHERE id_hash = ?", [idHash]);
    return null;
  }
  if (now - lastSeen >= touchEveryMs) {
    await db.run("UPDATE sessions SET last_seen_at = ? WHERE id_hash = ?", [now, idHash]);
  }
  return {
    id: Number(row.staff_id),
    email: row.email,
    name: row.name,
    isAdmin: Number(row.is_admin) === 1,
    sessionHash: idHash,
    confirmedAt: Number(row.confirmed_at),
  };
}

/** Records a fresh passkey confirmation on a session. */
export async function confirmSession(db: Queryable, sessionHash: string, now: number): Promise<void> {
  await db.run("UPDATE sessions SET confirmed_at = ? WHERE id_hash = ?", [now, sessionHash]);
}

/** Ends one session. */
export async function endSession(db: Queryable, token: string): Promise<void> {
  await db.run("DELETE FROM sessions WHERE id_hash = ?", [hashToken(token)]);
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
