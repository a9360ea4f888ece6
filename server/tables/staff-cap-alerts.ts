/**
 * The owner of the `staff_cap_alerts` table: one row per member of staff, e-mail cap ('lead' or
 * 'person') and window in which they reached it, so the administrators are told once per window,
 * whichever process refused the e-mail first (the primary key decides).
 */
import type { Queryable } from "../db/database.ts";

/** An e-mail cap: the most e-mails staff write to one lead in a day, or one person writes in an hour. */
export type Cap = "lead" | "person";

/**
 * Claims the alert for this person, cap and window. Resolves to true when this call made the claim,
 * false when the window's alert was claimed already.
 */
export async function claimCapAlert(
  db: Queryable,
  alert: { staffId: number; cap: Cap; windowStart: number; now: number },
): Promise<boolean> {
  const claimed = await db.all(
    `INSERT INTO staff_cap_alerts (staff_id, cap, window_start, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT DO NOTHING RETURNING staff_id`,
    [alert.staffId, alert.cap, alert.windowStart, alert.now],
  );
  return claimed.length > 0;
}

/** How many alerts' windows started before `before`: what the purge would delete. */
export async function countOldCapAlerts(db: Queryable, before: number): Promise<number> {
  const [row] = await db.all<{ n: number }>(
    "SELECT COUNT(*) AS n FROM staff_cap_alerts WHERE window_start < ?",
    [before],
  );
  return Number(row?.n ?? 0);
}

/** Deletes the alerts whose windows started before `before`, long over; resolves to how many went. */
export function deleteOldCapAlerts(db: Queryable, before: number): Promise<number> {
  return db.run("DELETE FROM staff_cap_alerts WHERE window_start < ?", [before]);
}
