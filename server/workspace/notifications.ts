/**
 * What each member of staff is sent: which new leads (routing, chosen by an administrator) and whether
 * they get the morning summary (each person for themselves).
 */
import { isNotificationRoute } from "#core/staff/notifications.ts";
import type { Database, Queryable } from "../db/database.ts";
import { isOnTeam, summaryChoices } from "../tables/staff.ts";
import { allRoutes, replaceRoutes } from "../tables/staff-notifications.ts";

export { setDailySummary } from "../tables/staff.ts";

export type NotificationSettings = { staffId: number; routes: string[]; dailySummary: boolean };

/** Everyone's choices (people whose access was removed included), by member of staff. */
export async function notificationSettings(db: Queryable): Promise<Map<number, NotificationSettings>> {
  const people = await summaryChoices(db);
  const routes = await allRoutes(db);
  const settings = new Map<number, NotificationSettings>();
  for (const { staffId, dailySummary } of people)
    settings.set(staffId, { staffId, routes: [], dailySummary });
  for (const row of routes) settings.get(row.staffId)?.routes.push(row.route);
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
    if (!(await isOnTeam(tx, staffId)))
      return { ok: false, missing: true, problem: "That person is not on the team." };
    await replaceRoutes(tx, staffId, new Set(routes));
    return { ok: true };
  });
}
