/**
 * The owner of the `staff_notifications` table: one row per member of staff and kind of new lead they
 * receive (a route: 'enquiry:<service>', 'enquiry:none' or 'application'; see #core/staff/notifications.ts).
 */
import type { Queryable } from "../db/database.ts";

/** Every person's routes, in the order of the routes. */
export async function allRoutes(db: Queryable): Promise<{ staffId: number; route: string }[]> {
  const routes = await db.all<{ staff_id: number; route: string }>(
    "SELECT staff_id, route FROM staff_notifications ORDER BY route",
  );
  return routes.map((row) => ({ staffId: Number(row.staff_id), route: row.route }));
}

/** Replaces the routes a member of staff receives with these (each once). */
export async function replaceRoutes(db: Queryable, staffId: number, routes: Iterable<string>): Promise<void> {
  await db.run("DELETE FROM staff_notifications WHERE staff_id = ?", [staffId]);
  for (const route of routes) {
    await db.run("INSERT INTO staff_notifications (staff_id, route) VALUES (?, ?)", [staffId, route]);
  }
}
