/**
 * The owner of `content_schedules`: changes to site content due at a moment (publish a version, take an
 * item down), each pending until it is due and then done once, lapsed or cancelled. The versions and
 * items themselves are server/tables/content.ts's.
 */
import { randomBytes } from "node:crypto";
import type { ContentKind } from "#core/content/model.ts";
import type { Queryable } from "../db/database.ts";

export type ScheduleAction = "publish" | "take-down";
export type ScheduleState = "pending" | "done" | "lapsed" | "cancelled";

/** One scheduled change, with the name of who scheduled it. */
export type ContentSchedule = {
  id: string;
  kind: ContentKind;
  key: string;
  action: ScheduleAction;
  version: number | null;
  dueAt: number;
  state: ScheduleState;
  scheduledBy: number | null;
  scheduledByName: string | null;
  scheduledAt: number;
};

type Row = {
  id: string;
  kind: ContentKind;
  key: string;
  action: ScheduleAction;
  version: number | null;
  due_at: number;
  state: ScheduleState;
  scheduled_by: number | null;
  scheduled_by_name: string | null;
  scheduled_at: number;
};

const columns = `s.id, s.kind, s.key, s.action, s.version, s.due_at, s.state, s.scheduled_by,
  p.name AS scheduled_by_name, s.scheduled_at`;
const from = "content_schedules s LEFT JOIN staff p ON p.id = s.scheduled_by";

function scheduleOf(row: Row): ContentSchedule {
  return {
    id: row.id,
    kind: row.kind,
    key: row.key,
    action: row.action,
    version: row.version === null ? null : Number(row.version),
    dueAt: Number(row.due_at),
    state: row.state,
    scheduledBy: row.scheduled_by === null ? null : Number(row.scheduled_by),
    scheduledByName: row.scheduled_by_name,
    scheduledAt: Number(row.scheduled_at),
  };
}

/** An item's pending changes, soonest first. */
export async function pendingSchedules(
  db: Queryable,
  kind: ContentKind,
  key: string,
): Promise<ContentSchedule[]> {
  const rows = await db.all<Row>(
    `SELECT ${columns} FROM ${from} WHERE s.kind = ? AND s.key = ? AND s.state = 'pending' ORDER BY s.due_at`,
    [kind, key],
  );
  return rows.map(scheduleOf);
}

/** Every pending change due at `now` or before, soonest first. */
export async function dueSchedules(db: Queryable, now: number): Promise<ContentSchedule[]> {
  const rows = await db.all<Row>(
    `SELECT ${columns} FROM ${from} WHERE s.state = 'pending' AND s.due_at <= ? ORDER BY s.due_at, s.id`,
    [now],
  );
  return rows.map(scheduleOf);
}

/**
 * Schedules a change, in place of the item's pending change of the same action (which is cancelled by
 * the same person). Two at the same moment: one loses on the one-pending index.
 */
export async function addSchedule(
  db: Queryable,
  schedule: {
    kind: ContentKind;
    key: string;
    action: ScheduleAction;
    version: number | null;
    dueAt: number;
    by: number;
    now: number;
  },
): Promise<string> {
  await db.run(
    `UPDATE content_schedules SET state = 'cancelled', ended_by = ?, ended_at = ?
       WHERE kind = ? AND key = ? AND action = ? AND state = 'pending'`,
    [schedule.by, schedule.now, schedule.kind, schedule.key, schedule.action],
  );
  const id = randomBytes(9).toString("base64url");
  await db.run(
    `INSERT INTO content_schedules (id, kind, key, action, version, due_at, state, scheduled_by, scheduled_at)
       VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
    [
      id,
      schedule.kind,
      schedule.key,
      schedule.action,
      schedule.version,
      schedule.dueAt,
      schedule.by,
      schedule.now,
    ],
  );
  return id;
}

/**
 * Ends a pending change: 'done', 'lapsed' or 'cancelled' (by: who cancelled it). True only for the one
 * caller that ended it, so of several processes reaching a due change at once exactly one carries it out.
 */
export async function endSchedule(
  db: Queryable,
  id: string,
  state: Exclude<ScheduleState, "pending">,
  by: number | null,
  now: number,
): Promise<boolean> {
  const changed = await db.run(
    "UPDATE content_schedules SET state = ?, ended_by = ?, ended_at = ? WHERE id = ? AND state = 'pending'",
    [state, by, now, id],
  );
  return changed === 1;
}
