/**
 * Posts held through a database failover. While PostgreSQL's primary is lost and the standby not yet
 * promoted (about 30 seconds with deploy/patroni/patroni.yml's timings), every write fails at once. A
 * visitor told "try again" may not; a visitor kept waiting a few seconds more is simply saved. So a
 * post whose database call fails because no primary answers (isUnavailable) waits and tries that call
 * again on a fresh connection, for up to `holdMs` from its first failure, before it is refused with 503
 * and Retry-After as before.
 *
 * What each post holds while it waits is already in memory and bounded by its endpoint (32 KB for an
 * enquiry; an application's share of the applications' budget in handlers.ts), and at most `maxHeld`
 * posts of one process wait at once: the one after is refused at once, so a failover under a flood
 * cannot grow the process without bound.
 *
 * Trying a call again is safe because every call held is: the rate limit's count (a post counted twice
 * in a failover costs nothing), reading a vacancy, and storing a lead, which finds its own earlier
 * commit by the post's idempotency key or content hash when the answer to a commit was lost.
 */
import { isUnavailable } from "../db/database.ts";

/** How long a post is held, and how many may be at once, by default (docs/database-failover.md). */
export const failoverHoldDefaults = { holdMs: 30_000, maxHeld: 64 };

/** Thrown when a post would wait but `maxHeld` posts already do: refused at once, the cause kept. */
export class HoldsFull extends Error {
  constructor(cause: unknown) {
    super("Too many posts are already waiting for the database", { cause });
  }
}

/** One post's hold: each of its database calls goes through `run`; `release` when it is answered. */
export type PostHold = {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Gives up the post's place among the held ones (if it took one); safe to call more than once. */
  release(): void;
  /** True once the post has waited for the database (for the log). */
  readonly waited: boolean;
};

export type FailoverHold = {
  /** A hold for one post: its deadline starts at its first failed call and is shared by the rest. */
  forPost(): PostHold;
  /** How many posts are waiting now. */
  held(): number;
};

export function createFailoverHold({
  holdMs = failoverHoldDefaults.holdMs,
  maxHeld = failoverHoldDefaults.maxHeld,
  // The first retry comes soon (a connection merely broken by the old primary's end works at once on a
  // new one); then the pauses double to a second, so a long wait costs a few connection attempts a second.
  firstPauseMs = 100,
  longestPauseMs = 1000,
  now = Date.now,
}: {
  holdMs?: number;
  maxHeld?: number;
  firstPauseMs?: number;
  longestPauseMs?: number;
  now?: () => number;
} = {}): FailoverHold {
  let held = 0;
  return {
    held: () => held,
    forPost() {
      let holding = false;
      let deadline = 0;
      let pause = firstPauseMs;
      return {
        get waited() {
          return deadline !== 0;
        },
        release() {
          if (!holding) return;
          holding = false;
          held--;
        },
        async run<T>(work: () => Promise<T>): Promise<T> {
          for (;;) {
            try {
              return await work();
            } catch (error) {
              if (!isUnavailable(error)) throw error;
              if (deadline === 0) {
                if (held >= maxHeld) throw new HoldsFull(error);
                held++;
                holding = true;
                deadline = now() + holdMs;
              }
              if (now() + pause > deadline) throw error;
            }
            await new Promise((resolve) => setTimeout(resolve, pause));
            pause = Math.min(pause * 2, longestPauseMs);
          }
        },
      };
    },
  };
}
