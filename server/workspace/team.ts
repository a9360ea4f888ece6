import { randomBytes } from "node:crypto";
import { normaliseEmail } from "../../core/email.ts";
import type { Database, Queryable } from "../db/database.ts";
import { recordEvent } from "../leads/timeline.ts";
import { endSessionsOf } from "./sessions.ts";
import { hashToken, newToken } from "./tokens.ts";

/** An invitation link works once, within this time. */
export const invitationLifetimeMs = 24 * 60 * 60 * 1000;

export type TeamMember = {
  id: number;
  email: string;
  name: string;
  isAdmin: boolean;
  createdAt: number;
  revokedAt: number | null;
  passkeys: number;
  lastSignIn: number | null;
};

export type Invitation = {
  staffId: number;
  email: string;
  name: string;
  userHandle: string;
  expiresAt: number;
};

/** The path of an invitation page, for a token. */
export function invitationPath(token: string): string {
  return `/staff/invitation/${token}`;
}

/**
 * Invites someone: adds them to the team (or, when they are already on it, lets them add a passkey,
 * as after a lost device, and gives back access taken away earlier). Resolves to the one-time token;
 * only its hash is kept.
 */
export async function invite(
  db: Database,
  input: { email: string; name?: string; admin?: boolean; invitedBy?: number | null },
  now: number,
): Promise<{ token: string; expiresAt: number; staffId: number }> {
  const email = normaliseEmail(input.email);
  const token = newToken();
  const expiresAt = now + invitationLifetimeMs;
  return db.transaction(async (tx) => {
    const [existing] = await tx.all<{ id: number; name: string; is_admin: number }>(
      "SELECT id, name, is_admin FROM staff WHERE email = ?",
      [email],
    );
    let staffId: number;
    if (existing) {
      staffId = Number(existing.id);
      await tx.run("UPDATE staff SET name = ?, is_admin = ?, revoked_at = NULL WHERE id = ?", [
        input.name?.trim() || existing.name,
        input.admin === undefined ? Number(existing.is_admin) : input.admin ? 1 : 0,
        staffId,
      ]);
    } else {
      const name = input.name?.trim();
      if (!name) throw new Error("A new member of staff needs a name.");
      const [row] = await tx.all<{ id: number }>(
        "INSERT INTO staff (email, name, is_admin, user_handle, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
        [email, name, input.admin ? 1 : 0, randomBytes(16).toString("base64url"), now],
      );
      if (!row) throw new Error("Adding a member of staff returned no id");
      staffId = Number(row.id);
    }
    await tx.run(
      "INSERT INTO invitations (token_hash, staff_id, invited_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
      [hashToken(token), staffId, input.invitedBy ?? null, now, expiresAt],
    );
    await recordEvent(tx, {
      action: "staff-invited",
      staffId: input.invitedBy ?? null,
      detail: `staff #${staffId}`,
      now,
    });
    return { token, expiresAt, staffId };
  });
}

/** The invitation a token opens, or null when it is unknown, used or expired. */
export async function findInvitation(db: Queryable, token: string, now: number): Promise<Invitation | null> {
  const [row] = await db.all<{
    staff_id: number;
    email: string;
    name: string;
    user_handle: string;
    expires_at: number;
  }>(
    `SELECT i.staff_id, p.email, p.name, p.user_handle, i.expires_at
     FROM invitations i JOIN staff p ON p.id = i.staff_id
     WHERE i.token_hash = ? AND i.used_at IS NULL AND i.expires_at > ?`,
    [hashToken(token), now],
  );
  if (!row) return null;
  return {
    staffId: Number(row.staff_id),
    email: row.email,
    name: row.name,
    userHandle: row.user_handle,
    expiresAt: Number(row.expires_at),
  };
}

/** Everyone who has been on the team, current members first. */
export async function listTeam(db: Queryable): Promise<TeamMember[]> {
  const rows = await db.all<{
    id: number;
    email: string;
    name: string;
    is_admin: number;
    created_at: number;
    revoked_at: number | null;
    passkeys: number;
    last_sign_in: number | null;
  }>(
    `SELECT p.id, p.email, p.name, p.is_admin, p.created_at, p.revoked_at,
       (SELECT COUNT(*) FROM passkeys k WHERE k.staff_id = p.id) AS passkeys,
       (SELECT MAX(k.last_used_at) FROM passkeys k WHERE k.staff_id = p.id) AS last_sign_in
     FROM staff p ORDER BY (p.revoked_at IS NOT NULL), p.name`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    email: r.email,
    name: r.name,
    isAdmin: Number(r.is_admin) === 1,
    createdAt: Number(r.created_at),
    revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
    passkeys: Number(r.passkeys),
    lastSignIn: r.last_sign_in === null ? null : Number(r.last_sign_in),
  }));
}

/**
 * Takes someone's access away at once: their sessions end, their passkeys and open invitations stop
 * working. Resolves to false when nobody on the team has that address.
 */
export async function revoke(db: Database, email: string, by: number | null, now: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.all<{ id: number }>(
      "UPDATE staff SET revoked_at = ? WHERE email = ? RETURNING id",
      [now, normaliseEmail(email)],
    );
    if (!row) return false;
    const staffId = Number(row.id);
    await endSessionsOf(tx, staffId);
    await tx.run("DELETE FROM passkeys WHERE staff_id = ?", [staffId]);
    await tx.run("DELETE FROM invitations WHERE staff_id = ?", [staffId]);
    await recordEvent(tx, { action: "staff-revoked", staffId: by, detail: `staff #${staffId}`, now });
    return true;
  });
}
