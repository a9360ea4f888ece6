/**
 * The owner of the `invitations` table: one row per invitation link (kept as the hash of its one-time
 * token), for a member of staff, with who sent it, when it expires or was used, and what it changes
 * about them once accepted (role, vacancies permission, name).
 */
import type { Queryable } from "../db/database.ts";

/** An open invitation, with the person it is for. */
export type Invitation = {
  staffId: number;
  email: string;
  name: string;
  userHandle: string;
  expiresAt: number;
};

/** What an accepted invitation changes about its person (null: keeps what they have). */
export type AcceptedInvitation = {
  staffId: number;
  makeAdmin: boolean | null;
  grantVacancies: boolean;
  grantEditContent: boolean;
  grantApproveContent: boolean;
  name: string | null;
};

/**
 * Stores an invitation. `makeAdmin` left out keeps the person's role; `grantVacancies` gives the
 * vacancies permission when true; `name` null keeps their name.
 */
export async function addInvitation(
  db: Queryable,
  invitation: {
    tokenHash: string;
    staffId: number;
    invitedBy: number | null;
    now: number;
    expiresAt: number;
    makeAdmin: boolean | undefined;
    grantVacancies: boolean | undefined;
    grantEditContent?: boolean | undefined;
    grantApproveContent?: boolean | undefined;
    name: string | null;
  },
): Promise<void> {
  await db.run(
    `INSERT INTO invitations (token_hash, staff_id, invited_by, created_at, expires_at, make_admin, grant_vacancies,
       grant_edit_content, grant_approve_content, name)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      invitation.tokenHash,
      invitation.staffId,
      invitation.invitedBy,
      invitation.now,
      invitation.expiresAt,
      invitation.makeAdmin === undefined ? null : invitation.makeAdmin ? 1 : 0,
      invitation.grantVacancies ? 1 : null,
      invitation.grantEditContent ? 1 : null,
      invitation.grantApproveContent ? 1 : null,
      invitation.name,
    ],
  );
}

/** The open (unused, unexpired) invitation with this token hash, or null. */
export async function openInvitation(
  db: Queryable,
  tokenHash: string,
  now: number,
): Promise<Invitation | null> {
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
    [tokenHash, now],
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

/**
 * Uses up the open invitation with this token hash; resolves to what it changes about its person, or
 * null when it is unknown, used or expired.
 */
export async function redeemInvitation(
  db: Queryable,
  tokenHash: string,
  now: number,
): Promise<AcceptedInvitation | null> {
  const [used] = await db.all<{
    staff_id: number;
    make_admin: number | null;
    grant_vacancies: number | null;
    grant_edit_content: number | null;
    grant_approve_content: number | null;
    name: string | null;
  }>(
    `UPDATE invitations SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
     RETURNING staff_id, make_admin, grant_vacancies, grant_edit_content, grant_approve_content, name`,
    [now, tokenHash, now],
  );
  if (!used) return null;
  return {
    staffId: Number(used.staff_id),
    makeAdmin: used.make_admin === null ? null : Number(used.make_admin) === 1,
    grantVacancies: Number(used.grant_vacancies ?? 0) === 1,
    grantEditContent: Number(used.grant_edit_content ?? 0) === 1,
    grantApproveContent: Number(used.grant_approve_content ?? 0) === 1,
    name: used.name,
  };
}

/** Deletes every invitation for a member of staff (their access taken away). */
export async function deleteInvitationsOf(db: Queryable, staffId: number): Promise<void> {
  await db.run("DELETE FROM invitations WHERE staff_id = ?", [staffId]);
}

/** How many invitations are spent at `asOf`: expired, or used (for the purge's dry run). */
export async function countSpentInvitations(db: Queryable, asOf: number): Promise<number> {
  const [row] = await db.all<{ n: number }>(
    "SELECT COUNT(*) AS n FROM invitations WHERE expires_at <= ? OR used_at IS NOT NULL",
    [asOf],
  );
  return Number(row?.n ?? 0);
}

/** Deletes the invitations spent at `asOf` (expired, or used); resolves with how many. */
export function deleteSpentInvitations(db: Queryable, asOf: number): Promise<number> {
  return db.run("DELETE FROM invitations WHERE expires_at <= ? OR used_at IS NOT NULL", [asOf]);
}
