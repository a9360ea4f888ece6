/**
 * The owner of the `staff` table: one row per person who has been on the team, current or with their
 * access taken away (`revoked_at`), with their role, the vacancies permission, the WebAuthn user handle
 * their passkeys carry, and their morning summary's choice and progress.
 */

import type { Queryable } from "../db/database.ts";
import type { SqlDialect } from "../db/dialect.ts";

/** One person on the team page, with how many passkeys they have and when they last signed in. */
export type TeamMember = {
  id: number;
  email: string;
  name: string;
  isAdmin: boolean;
  /** May publish, edit and close vacancies (administrators may whatever this says). */
  canManageVacancies: boolean;
  /** May edit the site's content and ask for its approval (administrators may whatever this says). */
  canEditContent: boolean;
  /** May approve another's version of the site's content (administrators may whatever this says). */
  canApproveContent: boolean;
  createdAt: number;
  revokedAt: number | null;
  passkeys: number;
  lastSignIn: number | null;
};

/** Someone on the team who receives a kind of new lead. */
export type Recipient = { id: number; name: string; email: string };

/** A person due a morning summary: from when it counts new leads (null: never sent one), and their role. */
export type SummaryReader = { id: number; email: string; summarySince: number | null; isAdmin: boolean };

/** The id of the person with this (normalised) e-mail address, whether or not they are still on the team. */
export async function staffIdByEmail(db: Queryable, email: string): Promise<number | null> {
  const [existing] = await db.all<{ id: number }>("SELECT id FROM staff WHERE email = ?", [email]);
  return existing ? Number(existing.id) : null;
}

/** Adds someone to the team; resolves to their id. */
export async function addStaff(
  db: Queryable,
  person: {
    email: string;
    name: string;
    admin: boolean | undefined;
    vacancies: boolean | undefined;
    editContent?: boolean | undefined;
    approveContent?: boolean | undefined;
    userHandle: string;
    now: number;
  },
): Promise<number> {
  const [row] = await db.all<{ id: number }>(
    `INSERT INTO staff (email, name, is_admin, can_manage_vacancies, can_edit_content, can_approve_content,
         user_handle, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      person.email,
      person.name,
      person.admin ? 1 : 0,
      person.vacancies ? 1 : 0,
      person.editContent ? 1 : 0,
      person.approveContent ? 1 : 0,
      person.userHandle,
      person.now,
    ],
  );
  if (!row) throw new Error("Adding a member of staff returned no id");
  return Number(row.id);
}

/**
 * Applies an accepted invitation: the role it gives (null keeps theirs), the name (null keeps theirs), the
 * vacancies permission when it grants it, and the return of access taken away earlier.
 */
export async function applyInvitation(
  db: Queryable,
  staffId: number,
  invitation: {
    makeAdmin: boolean | null;
    name: string | null;
    grantVacancies: boolean;
    grantEditContent?: boolean;
    grantApproveContent?: boolean;
  },
): Promise<void> {
  await db.run(
    `UPDATE staff SET is_admin = COALESCE(?, is_admin), name = COALESCE(?, name), revoked_at = NULL,
       can_manage_vacancies = CASE WHEN ? = 1 THEN 1 ELSE can_manage_vacancies END,
       can_edit_content = CASE WHEN ? = 1 THEN 1 ELSE can_edit_content END,
       can_approve_content = CASE WHEN ? = 1 THEN 1 ELSE can_approve_content END
     WHERE id = ?`,
    [
      invitation.makeAdmin === null ? null : invitation.makeAdmin ? 1 : 0,
      invitation.name,
      invitation.grantVacancies ? 1 : 0,
      invitation.grantEditContent ? 1 : 0,
      invitation.grantApproveContent ? 1 : 0,
      staffId,
    ],
  );
}

/**
 * Sets a current member's role and vacancies permission (each left out stays as it is). Resolves to
 * false when nobody current on the team has that id.
 */
export async function setPermissions(
  db: Queryable,
  staffId: number,
  change: {
    admin?: boolean | undefined;
    vacancies?: boolean | undefined;
    editContent?: boolean | undefined;
    approveContent?: boolean | undefined;
  },
): Promise<boolean> {
  const flag = (value: boolean | undefined) => (value === undefined ? null : value ? 1 : 0);
  const changed = await db.run(
    `UPDATE staff SET is_admin = COALESCE(?, is_admin), can_manage_vacancies = COALESCE(?, can_manage_vacancies),
       can_edit_content = COALESCE(?, can_edit_content), can_approve_content = COALESCE(?, can_approve_content)
       WHERE id = ? AND revoked_at IS NULL`,
    [
      flag(change.admin),
      flag(change.vacancies),
      flag(change.editContent),
      flag(change.approveContent),
      staffId,
    ],
  );
  return changed === 1;
}

/** Takes away the access of the person with this (normalised) address; resolves to their id, or null. */
export async function revokeAccess(db: Queryable, email: string, now: number): Promise<number | null> {
  const [row] = await db.all<{ id: number }>("UPDATE staff SET revoked_at = ? WHERE email = ? RETURNING id", [
    now,
    email,
  ]);
  return row ? Number(row.id) : null;
}

/** Everyone who has been on the team, current members first, with their passkeys' count and last use. */
export async function listTeam(db: Queryable): Promise<TeamMember[]> {
  const rows = await db.all<{
    id: number;
    email: string;
    name: string;
    is_admin: number;
    can_manage_vacancies: number;
    can_edit_content: number;
    can_approve_content: number;
    created_at: number;
    revoked_at: number | null;
    passkeys: number;
    last_sign_in: number | null;
  }>(
    `SELECT p.id, p.email, p.name, p.is_admin, p.can_manage_vacancies, p.can_edit_content,
       p.can_approve_content, p.created_at, p.revoked_at,
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
    canEditContent: Number(r.can_edit_content) === 1,
    canApproveContent: Number(r.can_approve_content) === 1,
    createdAt: Number(r.created_at),
    revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
    passkeys: Number(r.passkeys),
    lastSignIn: r.last_sign_in === null ? null : Number(r.last_sign_in),
  }));
}

/** Everyone who can own a lead: the team, without people whose access was removed, by name. */
export async function possibleOwners(db: Queryable): Promise<{ id: number; name: string }[]> {
  const rows = await db.all<{ id: number; name: string }>(
    "SELECT id, name FROM staff WHERE revoked_at IS NULL ORDER BY name, id",
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}

/** Everyone on the team (access not removed) who receives leads taking this route, in the order they joined. */
export async function recipientsFor(db: Queryable, route: string): Promise<Recipient[]> {
  const rows = await db.all<{ id: number; name: string; email: string }>(
    `SELECT s.id, s.name, s.email FROM staff s JOIN staff_notifications n ON n.staff_id = s.id
     WHERE n.route = ? AND s.revoked_at IS NULL ORDER BY s.id`,
    [route],
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.name, email: row.email }));
}

/** The e-mail addresses of every administrator still on the team, in the order they joined. */
export async function administratorEmails(db: Queryable): Promise<string[]> {
  const rows = await db.all<{ email: string }>(
    "SELECT email FROM staff WHERE is_admin = 1 AND revoked_at IS NULL ORDER BY id",
  );
  return rows.map((row) => row.email);
}

/** A person's name and address, whether or not they are still on the team; null when there is no such id. */
export async function contactOf(
  db: Queryable,
  staffId: number,
): Promise<{ email: string; name: string } | null> {
  const [person] = await db.all<{ email: string; name: string }>(
    "SELECT email, name FROM staff WHERE id = ?",
    [staffId],
  );
  return person ?? null;
}

/** A person's name, whether or not they are still on the team; null when there is no such id. */
export async function nameOf(db: Queryable, staffId: number): Promise<string | null> {
  const [me] = await db.all<{ name: string }>("SELECT name FROM staff WHERE id = ?", [staffId]);
  return me ? me.name : null;
}

/** The name of someone still on the team; null when nobody current has that id. */
export async function currentNameOf(db: Queryable, staffId: number): Promise<string | null> {
  const [person] = await db.all<{ name: string }>(
    "SELECT name FROM staff WHERE id = ? AND revoked_at IS NULL",
    [staffId],
  );
  return person ? person.name : null;
}

/** The e-mail address of someone still on the team; null when nobody current has that id. */
export async function currentEmailOf(db: Queryable, staffId: number): Promise<string | null> {
  const [owner] = await db.all<{ email: string }>(
    "SELECT email FROM staff WHERE id = ? AND revoked_at IS NULL",
    [staffId],
  );
  return owner ? owner.email : null;
}

/** True when someone current on the team has this id. */
export async function isOnTeam(db: Queryable, staffId: number): Promise<boolean> {
  const [person] = await db.all("SELECT id FROM staff WHERE id = ? AND revoked_at IS NULL", [staffId]);
  return person !== undefined;
}

/**
 * A person's name and address, their row locked until the caller's transaction ends (so their replies
 * are counted one after another); null when there is no such id.
 */
export async function lockMember(
  tx: Queryable,
  sql: SqlDialect,
  staffId: number,
): Promise<{ name: string; email: string } | null> {
  const [me] = await tx.all<{ name: string; email: string }>(
    `SELECT name, email FROM staff WHERE id = ? ${sql.lockRows}`,
    [staffId],
  );
  return me ?? null;
}

/** True when this member of staff is an administrator still on the team. */
export async function isCurrentAdmin(db: Queryable, staffId: number): Promise<boolean> {
  const [row] = await db.all<{ allowed: number }>(
    "SELECT 1 AS allowed FROM staff WHERE id = ? AND revoked_at IS NULL AND is_admin = 1",
    [staffId],
  );
  return row !== undefined;
}

/**
 * True when this member of staff may publish, edit and close vacancies: an administrator, or someone
 * an administrator allowed on the team page, still on the team.
 */
export async function mayManageVacancies(db: Queryable, staffId: number): Promise<boolean> {
  const [row] = await db.all<{ allowed: number }>(
    "SELECT 1 AS allowed FROM staff WHERE id = ? AND revoked_at IS NULL AND (is_admin = 1 OR can_manage_vacancies = 1)",
    [staffId],
  );
  return row !== undefined;
}

/**
 * What this member of staff may do with the site's content: edit it, approve another's version. An
 * administrator may both; someone whose access was removed, neither.
 */
export async function contentPermissions(
  db: Queryable,
  staffId: number,
): Promise<{ edit: boolean; approve: boolean }> {
  const [row] = await db.all<{ is_admin: number; can_edit_content: number; can_approve_content: number }>(
    "SELECT is_admin, can_edit_content, can_approve_content FROM staff WHERE id = ? AND revoked_at IS NULL",
    [staffId],
  );
  if (!row) return { edit: false, approve: false };
  const admin = Number(row.is_admin) === 1;
  return {
    edit: admin || Number(row.can_edit_content) === 1,
    approve: admin || Number(row.can_approve_content) === 1,
  };
}

/** Whether each person (people whose access was removed included) asked for the morning summary, by id. */
export async function summaryChoices(db: Queryable): Promise<{ staffId: number; dailySummary: boolean }[]> {
  const people = await db.all<{ id: number; daily_summary: number }>("SELECT id, daily_summary FROM staff");
  return people.map((person) => ({
    staffId: Number(person.id),
    dailySummary: Number(person.daily_summary) === 1,
  }));
}

/** Turns a person's morning summary on or off. Turned on, the first summary counts new leads from now. */
export async function setDailySummary(
  db: Queryable,
  staffId: number,
  on: boolean,
  now: number,
): Promise<void> {
  await db.run(
    `UPDATE staff SET daily_summary = ?, summary_since = CASE WHEN daily_summary = 0 AND ? = 1 THEN ? ELSE summary_since END
     WHERE id = ?`,
    [on ? 1 : 0, on ? 1 : 0, now, staffId],
  );
}

/** Everyone on the team who asked for the morning summary and has not had the one for `today` (a UK day). */
export async function dueSummaryReaders(db: Queryable, today: string): Promise<SummaryReader[]> {
  const people = await db.all<{ id: number; email: string; summary_since: number | null; is_admin: number }>(
    `SELECT id, email, summary_since, is_admin FROM staff
     WHERE daily_summary = 1 AND revoked_at IS NULL AND (summary_sent_on IS NULL OR summary_sent_on <> ?)`,
    [today],
  );
  return people.map((person) => ({
    id: Number(person.id),
    email: person.email,
    summarySince: person.summary_since === null ? null : Number(person.summary_since),
    isAdmin: Number(person.is_admin) === 1,
  }));
}

/**
 * Marks `today`'s summary as sent to a person, the next counting from `now`. Resolves to false when it
 * already was (another process sent it) or they no longer want one, so it is sent once.
 */
export async function claimSummary(
  db: Queryable,
  staffId: number,
  today: string,
  now: number,
): Promise<boolean> {
  const claimed = await db.run(
    `UPDATE staff SET summary_sent_on = ?, summary_since = ?
         WHERE id = ? AND daily_summary = 1 AND (summary_sent_on IS NULL OR summary_sent_on <> ?)`,
    [today, now, staffId, today],
  );
  return claimed === 1;
}
