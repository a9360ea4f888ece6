import { randomBytes } from "node:crypto";
import { characterProblem } from "#core/characters.ts";
import { site } from "#core/config/site.ts";
import { normaliseEmail } from "#core/email.ts";
import type { Database, Queryable } from "../db/database.ts";
import { enqueueEmail } from "../delivery/outbox.ts";
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
  contactOf,
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

/** What an invitation came to. */
export type Invited = { staffId: number; expiresAt: number } & (
  | {
      /** Someone new: the link is the inviter's to pass on, as they have no account to be taken over. */
      existing: false;
      token: string;
    }
  | {
      /**
       * Someone who already has an account: the link went by e-mail to that account's own address
       * only, and is never handed back, so nobody else (the inviter included) can add a passkey to it.
       */
      existing: true;
      token: null;
      mailedTo: string;
    }
);

/**
 * Invites someone: adds them to the team, or, when they are already on it, lets them add a passkey (as
 * after a lost device). For someone already on the team the invitation changes nothing until it is
 * accepted: the role it gives (`admin`; left out, their role stays), the vacancies permission and the
 * return of access taken away earlier apply only when a passkey is made with it (see register in
 * passkeys.ts), so an invitation alone never promotes, demotes or restores anyone. Someone new gets a
 * one-time token back for the inviter to pass on; someone already on the team is e-mailed the link at
 * their own address (`siteUrl` is the address it starts with; the site's configured one when left out)
 * and no token comes back. Only the token's hash is kept.
 */
export async function invite(
  db: Database,
  input: {
    email: string;
    name?: string;
    admin?: boolean;
    vacancies?: boolean;
    /** Edit site content, Approve site content: given with the invitation. */
    editContent?: boolean;
    approveContent?: boolean;
    invitedBy?: number | null;
    siteUrl?: string;
  },
  now: number,
): Promise<Invited> {
  const email = normaliseEmail(input.email);
  const name = input.name?.normalize("NFC").trim() || null;
  const problem = name === null ? null : characterProblem(name, "Their name", "one line");
  if (problem) throw new Error(problem);
  const token = newToken();
  const expiresAt = now + invitationLifetimeMs;
  return db.transaction(async (tx): Promise<Invited> => {
    const existing = await staffIdByEmail(tx, email);
    let staffId: number;
    if (existing !== null) {
      staffId = existing;
    } else {
      // Someone new has no passkey to sign in with until they accept, so they start as invited.
      if (!name) throw new Error("A new member of staff needs a name.");
      staffId = await addStaff(tx, {
        email,
        name,
        admin: input.admin,
        vacancies: input.vacancies,
        editContent: input.editContent,
        approveContent: input.approveContent,
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
      grantEditContent: input.editContent,
      grantApproveContent: input.approveContent,
      name,
    });
    await recordEvent(tx, {
      action: "staff-invited",
      staffId: input.invitedBy ?? null,
      detail: `staff #${staffId}`,
      now,
    });
    if (existing === null) return { existing: false, token, staffId, expiresAt };
    const mailedTo = await mailInvitation(tx, {
      staffId,
      invitedBy: input.invitedBy ?? null,
      link: `${input.siteUrl ?? site.siteUrl}${invitationPath(token)}`,
      expiresAt,
      now,
    });
    return { existing: true, token: null, staffId, expiresAt, mailedTo };
  });
}

const untilWords = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "full",
  timeStyle: "short",
  timeZone: "Europe/London",
});

/**
 * E-mails an invitation to the account it is for, through the delivery queue, inside the invitation's
 * transaction: the link reaches the address the account already has, and nobody else sees it.
 * Resolves to that address.
 */
async function mailInvitation(
  tx: Queryable,
  invitation: { staffId: number; invitedBy: number | null; link: string; expiresAt: number; now: number },
): Promise<string> {
  const person = await contactOf(tx, invitation.staffId);
  if (!person) throw new Error(`No member of staff has the id ${invitation.staffId}.`);
  const inviter = invitation.invitedBy === null ? null : await contactOf(tx, invitation.invitedBy);
  await enqueueEmail(
    tx,
    "",
    {
      purpose: "staff-security",
      to: person.email,
      replyTo: null,
      subject: `${site.brand} workspace: a link to add a passkey to your account`,
      body: [
        `Hello ${person.name},`,
        "",
        `${inviter ? inviter.name : "An administrator"} sent you a link to add a passkey to your account on the ${site.brand} staff workspace, for a new phone or computer, or in place of a lost one:`,
        "",
        invitation.link,
        "",
        `It works once, until ${untilWords.format(invitation.expiresAt)} (UK time). Open it on the device the passkey will be on.`,
        "",
        "If you did not expect it, there is nothing to do: nothing about your account changes unless the link is used. Do not pass it on; if someone asks you for it, tell an administrator.",
      ].join("\n"),
    },
    invitation.now,
  );
  return person.email;
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
 * Makes someone an administrator or not, or lets them manage vacancies, edit or approve site content or not (an administrator's
 * choice on the team page). Resolves to false when nobody current on the team has that id.
 */
export async function setPermissions(
  db: Database,
  input: {
    staffId: number;
    admin?: boolean;
    vacancies?: boolean;
    editContent?: boolean;
    approveContent?: boolean;
    by: number;
    now: number;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changes: string[] = [];
    if (input.admin !== undefined) changes.push(input.admin ? "administrator" : "not an administrator");
    if (input.vacancies !== undefined)
      changes.push(input.vacancies ? "may manage vacancies" : "may not manage vacancies");
    if (input.editContent !== undefined)
      changes.push(input.editContent ? "may edit site content" : "may not edit site content");
    if (input.approveContent !== undefined)
      changes.push(input.approveContent ? "may approve site content" : "may not approve site content");
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
