/**
 * The owner of the `staff_cap_alerts` table: one row per member of staff, replies cap ('lead' or
 * 'person') and window in which they reached it, so the administrators are told once per window,
 * whichever process refused the reply first (the primary key decides).
 */
import type { Queryable } from "../db/database.ts";

/** A replies cap: the most replies to one lead in a day, or by one person in an hour. */
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
