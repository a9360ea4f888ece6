/**
 * How many leads are past their due time without a first answer, for the workspace's notice. Which
 * leads still wait, for it and for the reply clock's e-mails alike, is the lead tables' owner's to say
 * (server/tables/leads/clock.ts).
 */

import { leadKinds } from "#core/leads/model.ts";
import { promiseMs } from "#core/leads/reply-promise.ts";
import type { Queryable } from "../db/database.ts";
import { countWaiting } from "../tables/leads/clock.ts";

/** How many leads are past their due time without an answer, for the notice on every workspace page. */
export async function overdueCount(db: Queryable, now: number): Promise<number> {
  let count = 0;
  for (const { value: kind } of leadKinds) {
    const promise = promiseMs(kind);
    if (promise === null) continue;
    count += await countWaiting(db, kind, now - promise);
  }
  return count;
}
