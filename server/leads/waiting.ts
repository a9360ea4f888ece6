/**
 * Which leads are still waiting for their first answer, for the reply clock's e-mails and the
 * workspace's count of overdue leads alike.
 */

import { leadKinds } from "#core/leads/model.ts";
import { promiseMs } from "#core/leads/reply-promise.ts";
import type { Queryable } from "../db/database.ts";
import { tableOf } from "./model.ts";

/** The SQL condition of a lead that nobody has answered yet. */
export const waitingForAnswer = "status = 'new' AND answered_at IS NULL";

/** How many leads are past their due time without an answer, for the notice on every workspace page. */
export async function overdueCount(db: Queryable, now: number): Promise<number> {
  let count = 0;
  for (const { value: kind } of leadKinds) {
    const promise = promiseMs(kind);
    if (promise === null) continue;
    const [row] = await db.all<{ n: number }>(
      `SELECT COUNT(*) AS n FROM ${tableOf(kind)} WHERE ${waitingForAnswer} AND created_at <= ?`,
      [now - promise],
    );
    count += Number(row?.n ?? 0);
  }
  return count;
}
