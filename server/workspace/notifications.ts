/**
 * What each member of staff is sent: which new leads (routing, chosen by an administrator) and whether
 * they get the morning summary (each person for themselves).
 */
import { isNotificationRoute } from "#core/staff/notifications.ts";
import type { Database, Queryable } from "../db/database.ts";

export type NotificationSettings = { staffId: number; routes: string[]; dailySummary: boolean };

/** Everyone's choices (people whose access was removed included), by member of staff. */
export async function notificationSettings(db: Queryable): Promise<Map<number, NotificationSettings>> {
  const people = await db.all<{ id: number; daily_summary: number }>("SELECT id, daily_summary FROM staff");
  const routes = await db.all<{ staff_id: number; route: string }>(
    "SELECT staff_id, route FROM staff_notifications ORDER BY route",
  );
  const settings = new Map<number, NotificationSettings>();
  for (const person of people) {
    const staffId = Number(person.id);
    settings.set(staffId, { staffId, routes: [], dailySummary: Number(person.daily_summary) === 1 });
  }
  for (const row of routes) settings.get(Number(row.staff_id))?.routes.push(row.route);
  return settings;
}

/**
 * Replaces the new leads a member of staff receives. Resolves to false when there is nobody current
 * with that id; unknown choices are refused before anything changes.
 */
export async function saveNotifications(
  db: Database,
  staffId: number,
  routes: readonly string[],
): Promise<{ ok: true } | { ok: false; problem: string; missing?: boolean }> {
  if (!routes.every(isNotificationRoute)) {
    return { ok: false, problem: "Choose only from the kinds of lead listed." };
  }
  return db.transaction(async (tx) => {
    const [person] = await tx.all("SELECT id FROM staff WHERE id = ? AND revoked_at IS NULL", [staffId]);
    if (!person) return { ok: false, missing: true, problem: "That person is not on the team." };
    await tx.run("DELETE FROM staff_notifications WHERE staff_id = ?", [staffId]);
    for (const route of new Set(routes)) {
      await tx.run("INSERT INTO staff_notifications (staff_id, route) VALUES (?, ?)", [staffId, route]);
    }
    return { ok: true };
  });
}

/**
 * Turns a person's morning summary on or off. Turned on, the first summary counts new leads from now.
 */
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
