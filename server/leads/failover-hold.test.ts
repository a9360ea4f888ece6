// The hold's own rules: which failures are waited through, for how long, and how many posts at once.
// The errors are the shapes PostgreSQL's driver gives when no primary answers (a refused connection, a
// read-only standby); the database-level proof is server/db/failover.test.ts and the Patroni test.
import { describe, expect, it } from "vitest";
import { createFailoverHold, HoldsFull } from "./failover-hold.ts";

const refused = () =>
  Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5000"), { code: "ECONNREFUSED" });
const readOnly = () =>
  Object.assign(new Error("cannot execute INSERT in a read-only transaction"), { code: "25006" });

/** Work that fails with `failure` this many times, then answers `value`. */
function failing<T>(times: number, failure: () => Error, value: T) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    async work(): Promise<T> {
      calls++;
      if (calls <= times) throw failure();
      return value;
    },
  };
}

describe("a post held through a failover", () => {
  it("tries a call again while no primary answers, and returns its answer once one does", async () => {
    const holds = createFailoverHold({ holdMs: 5000, firstPauseMs: 10, longestPauseMs: 20 });
    const post = holds.forPost();
    const store = failing(4, refused, "ENQ-ABC123");
    const answer = post.run(() => store.work());
    await expect(answer).resolves.toBe("ENQ-ABC123");
    expect(store.calls).toBe(5);
    expect(post.waited).toBe(true);
    // Held until answered: it keeps its place until released.
    expect(holds.held()).toBe(1);
    post.release();
    post.release();
    expect(holds.held()).toBe(0);
  });

  it("never waits on an error that is not the database being away", async () => {
    const post = createFailoverHold({ firstPauseMs: 10 }).forPost();
    const work = failing(1, () => new Error("duplicate key value violates unique constraint"), "x");
    await expect(post.run(() => work.work())).rejects.toThrow(/duplicate key/);
    expect(work.calls).toBe(1);
    expect(post.waited).toBe(false);
  });

  it("gives up with the database's own error once the hold has passed", async () => {
    // A clock that moves 100 ms with each try, so the count of tries is exact.
    let clock = 0;
    const post = createFailoverHold({
      holdMs: 1000,
      firstPauseMs: 1,
      longestPauseMs: 1,
      now: () => clock,
    }).forPost();
    const work = failing(1000, readOnly, "x");
    await expect(
      post.run(() => {
        clock += 100;
        return work.work();
      }),
    ).rejects.toMatchObject({ code: "25006" });
    // The first try failed at 100 ms; the last began at 1,000 ms, the next would pass 1,100 ms.
    expect(work.calls).toBe(11);
  });

  it("shares one deadline among a post's calls", async () => {
    // A clock that moves 300 ms with each call to the database, so the count of calls is exact.
    let clock = 0;
    const post = createFailoverHold({
      holdMs: 1000,
      firstPauseMs: 1,
      longestPauseMs: 1,
      now: () => clock,
    }).forPost();
    const tick = (work: { work(): Promise<string> }) => () => {
      clock += 300;
      return work.work();
    };
    const first = failing(2, refused, "counted");
    await expect(post.run(tick(first))).resolves.toBe("counted");
    const second = failing(1000, refused, "x");
    await expect(post.run(tick(second))).rejects.toMatchObject({ code: "ECONNREFUSED" });
    // The hold began at the first failure (300 ms) and ends at 1,300 ms: the second call has what is
    // left of it (tries at 1,200 and 1,500 ms), not a whole hold of its own (five tries, to 2,400 ms).
    expect(first.calls).toBe(3);
    expect(second.calls).toBe(2);
  });

  it("refuses at once the post after the most it may hold, and takes another once one is answered", async () => {
    const holds = createFailoverHold({ holdMs: 5000, maxHeld: 2, firstPauseMs: 10, longestPauseMs: 10 });
    let away = true;
    const database = async () => {
      if (away) throw refused();
      return "stored";
    };
    const first = holds.forPost();
    const second = holds.forPost();
    const waiting = [first.run(database), second.run(database)];
    await expect.poll(() => holds.held()).toBe(2);
    const third = holds.forPost();
    await expect(third.run(database)).rejects.toBeInstanceOf(HoldsFull);
    third.release();
    expect(holds.held()).toBe(2);
    away = false;
    await expect(Promise.all(waiting)).resolves.toEqual(["stored", "stored"]);
    first.release();
    second.release();
    expect(holds.held()).toBe(0);
    await expect(holds.forPost().run(database)).resolves.toBe("stored");
  });

  it("with a hold of 0, refuses at the first failure", async () => {
    const post = createFailoverHold({ holdMs: 0 }).forPost();
    const work = failing(1, refused, "x");
    await expect(post.run(() => work.work())).rejects.toMatchObject({ code: "ECONNREFUSED" });
    expect(work.calls).toBe(1);
    post.release();
  });
});
