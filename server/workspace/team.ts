import { randomBytes } from "node:crypto";
import { normaliseEmail } from "#core/email.ts";
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
  /** May publish, edit and close vacancies (administrators may whatever this says). */
  canManageVacancies: boolean;
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
 * Invites someone: adds them to the team, or, when they are already on it, lets them add a passkey (as
 * after a lost device). For someone already on the team the invitation changes nothing until it is
 * accepted: the role it gives (`admin`; left out, their role stays), the vacancies permission and the
 * return of access taken away earlier apply only when a passkey is made with it (see register in
 * passkeys.ts), so an invitation alone never promotes, demotes or restores anyone. Resolves to the
 * one-time token; only its hash is kept.
 */
export async function invite(
  db: Database,
  input: { email: string; name?: string; admin?: boolean; vacancies?: boolean; invitedBy?: number | null },
  now: number,
): Promise<{ token: string; expiresAt: number; staffId: number; existing: boolean }> {
  const email = normaliseEmail(input.email);
  const token = newToken();
  const expiresAt = now + invitationLifetimeMs;
  return db.transaction(async (tx) => {
    const [existing] = await tx.all<{ id: number }>("SELECT id FROM staff WHERE email = ?", [email]);
    let staffId: number;
    if (existing) {
      staffId = Number(existing.id);
    } else {
      // Someone new has no passkey to sign in with until they accept, so they start as invited.
      const name = input.name?.trim();
      if (!name) throw new Error("A new member of staff needs a name.");
      const [row] = await tx.all<{ id: number }>(
        `INSERT INTO staff (email, name, is_admin, can_manage_vacancies, user_handle, created_at)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
        [
          email,
          name,
          input.admin ? 1 : 0,
          input.vacancies ? 1 : 0,
          randomBytes(16).toString("base64url"),
          now,
        ],
      );
      if (!row) throw new Error("Adding a member of staff returned no id");
      staffId = Number(row.id);
    }
    await tx.run(
      `INSERT INTO invitations (token_hash, staff_id, invited_by, created_at, expires_at, make_admin, grant_vacancies, name)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        hashToken(token),
        staffId,
        input.invitedBy ?? null,
        now,
        expiresAt,
        input.admin === undefined ? null : input.admin ? 1 : 0,
        input.vacancies ? 1 : null,
        input.name?.trim() || null,
      ],
    );
    await recordEvent(tx, {
      action: "staff-invited",
      staffId: input.invitedBy ?? null,
      detail: `staff #${staffId}`,
      now,
    });
    return { token, expiresAt, staffId, existing: existing !== undefined };
  });
}

/**
 * Applies what an invitation holds for the person (role, vacancies permission, name) and gives back
 * access taken away earlier: called by register, in its transaction, once a passkey is made with it.
 */
export async function acceptInvitation(
  tx: Queryable,
  tokenHash: string,
  now: number,
): Promise<number | null> {
  const [used] = await tx.all<{
    staff_id: number;
    make_admin: number | null;
    grant_vacancies: number | null;
    name: string | null;
  }>(
    `UPDATE invitations SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
     RETURNING staff_id, make_admin, grant_vacancies, name`,
    [now, tokenHash, now],
  );
  if (!used) return null;
  const staffId = Number(used.staff_id);
  await tx.run(
    `UPDATE staff SET is_admin = COALESCE(?, is_admin), name = COALESCE(?, name), revoked_at = NULL,
       can_manage_vacancies = CASE WHEN ? = 1 THEN 1 ELSE can_manage_vacancies END
     WHERE id = ?`,
    [
      used.make_admin === null ? null : Number(used.make_admin),
      used.name,
      Number(used.grant_vacancies ?? 0),
      staffId,
    ],
  );
  return staffId;
}

/**
 * Makes someone an administrator or not, or lets them manage vacancies or not (an administrator's
 * choice on the team page). Resolves to false when nobody current on the team has that id.
 */
export async function setPermissions(
  db: Database,
  input: { staffId: number; admin?: boolean; vacancies?: boolean; by: number; now: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changes: string[] = [];
    if (input.admin !== undefined) changes.push(input.admin ? "administrator" : "not an administrator");
    if (input.vacancies !== undefined)
      changes.push(input.vacancies ? "may manage vacancies" : "may not manage vacancies");
    const changed = await tx.run(
      `UPDATE staff SET is_admin = COALESCE(?, is_admin), can_manage_vacancies = COALESCE(?, can_manage_vacancies)
       WHERE id = ? AND revoked_at IS NULL`,
      [
        input.admin === undefined ? null : input.admin ? 1 : 0,
        input.vacancies === undefined ? null : input.vacancies ? 1 : 0,
        input.staffId,
      ],
    );
    if (changed !== 1) return false;
    await recordEvent(tx, {
      action: "staff-permissions-changed",
      staffId: input.by,
      detail: `staff #${input.staffId}: ${changes.join(", ")}`,
      now: input.now,
    });
    return true;
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
    can_manage_vacancies: number;
    created_at: number;
    revoked_at: number | null;
    passkeys: number;
    last_sign_in: number | null;
  }>(
    `SELECT p.id, p.email, p.name, p.is_admin, p.can_manage_vacancies, p.created_at, p.revoked_at,
       (SELECT COUNT(*) FROM passkeys k WHERE k.staff_id = p.id) AS passkeys,
       (SELECT MAX(k.last_used_at) FROM passkeys k WHERE k.staff_id = p.id) AS last_sign_in
     FROM staff p ORDER BY (p.revoked_at IS NOT NULL), p.name`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    email: r.email,
    name: r.name,
    isAdmin: Number(r.is_admin) === 1,
    canManageVacancies: Number(r.can_manage_vacancies) === 1,
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
