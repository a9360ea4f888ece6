import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
import { checkRateLimit, countRequest, memoryRateLimit, takeRateLimit } from "./rate-limit.ts";

describe("rate limits kept in the database (a real SQLite file)", () => {
  let dir = "";
  let db: Database;
  const hour = 60 * 60 * 1000;
  const start = Date.UTC(2026, 10, 25, 9);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "rate-limit-test-"));
    db = openDatabase(path.join(dir, "site.sqlite"));
    await migrate(db);
  });

  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("allows the limit in each window, says when the window turns, and starts again after it", async () => {
    const rate = { key: "contact:abc", limit: 2, windowMs: hour };
    expect(await checkRateLimit(db, rate, start)).toEqual({ allowed: true, retryAfterSeconds: 3600 });
    await countRequest(db, rate, start);
    await countRequest(db, rate, start + 1000);
    expect(await checkRateLimit(db, rate, start + 60_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 3540,
    });
    // Another key has its own allowance.
    expect((await checkRateLimit(db, { ...rate, key: "contact:def" }, start)).allowed).toBe(true);
    // The next window.
    expect((await checkRateLimit(db, rate, start + hour)).allowed).toBe(true);
  });

  it("takeRateLimit counts only what it lets through", async () => {
    const rate = { key: "staff-sign-in:abc", limit: 3, windowMs: hour };
    const verdicts = [];
    for (let i = 0; i < 5; i++) verdicts.push((await takeRateLimit(db, rate, start + i)).allowed);
    expect(verdicts).toEqual([true, true, true, false, false]);
    const [row] = await db.all<{ count: number }>("SELECT count FROM rate_limits WHERE key = ?", [rate.key]);
    expect(Number(row?.count)).toBe(3);
  });
});

describe("rate limits kept in memory", () => {
  it("allows the limit per key in each window", () => {
    const views = memoryRateLimit({ limit: 2, windowMs: 60_000 });
    expect([0, 1, 2].map((i) => views.take("203.0.113.9", 1000 + i).allowed)).toEqual([true, true, false]);
    expect(views.take("203.0.113.10", 1003).allowed).toBe(true);
    expect(views.take("203.0.113.9", 61_000).allowed).toBe(true);
  });

  it("empties its table rather than grow past its size", () => {
    const views = memoryRateLimit({ limit: 1, windowMs: 60_000, maxKeys: 2 });
    views.take("a", 0);
    views.take("b", 0);
    expect(views.take("a", 1).allowed).toBe(true);
  });
});
