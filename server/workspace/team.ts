import { randomBytes } from "node:crypto";
import { normaliseEmail } from "#core/email.ts";
import type { Database, Queryable } from "../db/database.ts";
import {
  addInvitation,
  deleteInvitationsOf,
  type Invitation,
  openInvitation,
  redeemInvitation,
} from "../tables/invitations.ts";
import { deletePasskeysOf } from "../tables/passkeys.ts";
import { endSessionsOf } from "../tables/sessions.ts";
import {
  addStaff,
  applyInvitation,
  revokeAccess,
  setPermissions as setStaffPermissions,
  staffIdByEmail,
} from "../tables/staff.ts";
import { recordEvent } from "../tables/timeline.ts";
import { hashToken, newToken } from "./tokens.ts";

export { listTeam, type TeamMember } from "../tables/staff.ts";

/** An invitation link works once, within this time. */
export const invitationLifetimeMs = 24 * 60 * 60 * 1000;

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
    const existing = await staffIdByEmail(tx, email);
    let staffId: number;
    if (existing !== null) {
      staffId = existing;
    } else {
      // Someone new has no passkey to sign in with until they accept, so they start as invited.
      const name = input.name?.trim();
      if (!name) throw new Error("A new member of staff needs a name.");
      staffId = await addStaff(tx, {
        email,
        name,
        admin: input.admin,
        vacancies: input.vacancies,
        userHandle: randomBytes(16).toString("base64url"),
        now,
      });
    }
    await addInvitation(tx, {
      tokenHash: hashToken(token),
      staffId,
      invitedBy: input.invitedBy ?? null,
      now,
      expiresAt,
      makeAdmin: input.admin,
      grantVacancies: input.vacancies,
      name: input.name?.trim() || null,
    });
    await recordEvent(tx, {
      action: "staff-invited",
      staffId: input.invitedBy ?? null,
      detail: `staff #${staffId}`,
      now,
    });
    return { token, expiresAt, staffId, existing: existing !== null };
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
  const used = await redeemInvitation(tx, tokenHash, now);
  if (!used) return null;
  await applyInvitation(tx, used.staffId, used);
  return used.staffId;
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
    const changed = await setStaffPermissions(tx, input.staffId, input);
    if (!changed) return false;
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
export function findInvitation(db: Queryable, token: string, now: number): Promise<Invitation | null> {
  return openInvitation(db, hashToken(token), now);
}

/**
 * Takes someone's access away at once: their sessions end, their passkeys and open invitations stop
 * working. Resolves to false when nobody on the team has that address.
 */
export async function revoke(db: Database, email: string, by: number | null, now: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const staffId = await revokeAccess(tx, normaliseEmail(email), now);
    if (staffId === null) return false;
    await endSessionsOf(tx, staffId);
    await deletePasskeysOf(tx, staffId);
    await deleteInvitationsOf(tx, staffId);
    await recordEvent(tx, { action: "staff-revoked", staffId: by, detail: `staff #${staffId}`, now });
    return true;
  });
}
