import type { Queryable } from "../db/database.ts";
import { endSessionByHash, openSession, sessionByHash, touchSession } from "../tables/sessions.ts";
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
  await openSession(db, {
    idHash: hashToken(token),
    staffId,
    passkeyId,
    now,
    expiresAt: now + absoluteTimeoutMs,
  });
  return token;
}

/** The member of staff a session token belongs to, or null when it is unknown, idle, expired or revoked. */
export async function readSession(db: Queryable, token: string, now: number): Promise<StaffMember | null> {
  const idHash = hashToken(token);
  const session = await sessionByHash(db, idHash);
  if (!session) return null;
  const lastSeen = session.lastSeenAt;
  if (session.revokedAt !== null || session.expiresAt <= now || lastSeen + idleTimeoutMs <= now) {
    await endSessionByHash(db, idHash);
    return null;
  }
  if (now - lastSeen >= touchEveryMs) {
    await touchSession(db, idHash, now);
  }
  return {
    id: session.staffId,
    email: session.email,
    name: session.name,
    isAdmin: session.isAdmin,
    sessionHash: idHash,
    confirmedAt: session.confirmedAt,
  };
}

/** Ends one session. */
export async function endSession(db: Queryable, token: string): Promise<void> {
  await endSessionByHash(db, hashToken(token));
}
