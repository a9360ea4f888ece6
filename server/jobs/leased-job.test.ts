// The leased job against a real SQLite file: a run resolves with what its work queued, a second job
// under the same lease name skips its turn while the first holds it, and onQueued is called only when
// something was queued.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
import { createLogger } from "../observability/logger.ts";
import { createLeasedJob } from "./leased-job.ts";

describe("createLeasedJob", () => {
  let db: Database;
  let dir = "";

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "leased-job-test-"));
    db = openDatabase(path.join(dir, "site.sqlite"));
    await migrate(db);
  });

  afterEach(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A job under the "test" lease whose work is `work`, logging into `lines`. */
  function job(
    work: (now: number) => Promise<number>,
    extra: { onQueued?: () => void; lines?: unknown[] } = {},
  ) {
    const { lines = [] } = extra;
    return createLeasedJob({
      db,
      logger: createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) }),
      name: "test",
      pollMs: 60_000,
      clock: () => Date.parse("2026-03-02T09:00:00Z"),
      work,
      failure: "test run failed",
      logMessage: "test e-mails queued",
      onQueued: extra.onQueued,
    });
  }

  it("resolves with what the work queued, at the clock's time, and logs it", async () => {
    const lines: unknown[] = [];
    let seen = 0;
    const first = job(
      async (now) => {
        seen = now;
        return 3;
      },
      { lines },
    );
    expect(await first.runOnce()).toBe(3);
    expect(seen).toBe(Date.parse("2026-03-02T09:00:00Z"));
    expect(lines).toContainEqual(expect.objectContaining({ msg: "test e-mails queued", queued: 3 }));
  });

  it("skips its turn (0, no work) while another job holds the same lease, and runs once it is given back", async () => {
    let finish: (queued: number) => void = () => {};
    const first = job(
      () =>
        new Promise<number>((resolve) => {
          finish = resolve;
        }),
    );
    let secondRuns = 0;
    const second = job(async () => {
      secondRuns++;
      return 2;
    });

    const firstRun = first.runOnce();
    // The first run takes the lease before its work starts; wait until its work is in hand.
    await expect.poll(async () => (await db.all("SELECT name FROM leases")).length).toBe(1);
    expect(await second.runOnce()).toBe(0);
    expect(secondRuns).toBe(0);

    finish(1);
    expect(await firstRun).toBe(1);
    expect(await db.all("SELECT name FROM leases")).toEqual([]);
    expect(await second.runOnce()).toBe(2);
    expect(secondRuns).toBe(1);
  });

  it("calls onQueued only when something was queued", async () => {
    let queued = 0;
    let calls = 0;
    const only = job(async () => queued, { onQueued: () => calls++ });
    expect(await only.runOnce()).toBe(0);
    expect(calls).toBe(0);
    queued = 2;
    expect(await only.runOnce()).toBe(2);
    expect(calls).toBe(1);
  });
});
