import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Dialect, type Harness, startHarness } from "../../tests/support/harness.ts";
import { startProfiling, stopProfiling, takeProfile } from "../observability/profile.ts";
import { groupedRateLimit, takeRateLimit } from "./rate-limit.ts";

const dialects: Dialect[] = ["sqlite", "postgres"];

describe.each(dialects)("rate limits kept in the database (%s)", (dialect) => {
  let h: Harness;
  const hour = 60 * 60 * 1000;
  const start = Date.UTC(2026, 10, 25, 9);

  beforeAll(async () => {
    h = await startHarness(dialect);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("allows the limit in each window, says when the window turns, and starts again after it", async () => {
    const db = h.services.db;
    const rate = { key: "contact:abc", limit: 2, windowMs: hour };
    expect(await takeRateLimit(db, rate, start)).toEqual({ allowed: true, retryAfterSeconds: 3600 });
    expect((await takeRateLimit(db, rate, start + 1000)).allowed).toBe(true);
    expect(await takeRateLimit(db, rate, start + 60_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 3540,
    });
    // Another key has its own allowance.
    expect((await takeRateLimit(db, { ...rate, key: "contact:def" }, start)).allowed).toBe(true);
    // The next window.
    expect((await takeRateLimit(db, rate, start + hour)).allowed).toBe(true);
  });

  it("lets exactly the allowance through when many requests take it at the same moment", async () => {
    const rate = { key: "staff-sign-in:burst", limit: 20, windowMs: hour };
    const verdicts = await Promise.all(
      Array.from({ length: 60 }, () => takeRateLimit(h.services.db, rate, start)),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(20);
  });

  it("counts a burst from one network in a few statements, letting exactly the allowance through", async () => {
    const take = groupedRateLimit(h.services.db.relaxed);
    const rate = { key: "contact:grouped-burst", limit: 20, windowMs: hour };
    expect(await take(rate, start)).toEqual({ allowed: true, retryAfterSeconds: 3600 });
    startProfiling();
    try {
      const verdicts = await Promise.all(Array.from({ length: 59 }, () => take(rate, start + 1000)));
      expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(19);
      // The places go in order of arrival: the first 19 of the burst, then none.
      expect(verdicts.findIndex((verdict) => !verdict.allowed)).toBe(19);
      expect(verdicts.at(-1)).toEqual({ allowed: false, retryAfterSeconds: 3599 });
      const statements = takeProfile()
        .filter((phase) => phase.phase.startsWith("sql: INSERT INTO rate_limits"))
        .reduce((sum, phase) => sum + phase.count, 0);
      expect(statements).toBeGreaterThan(0);
      expect(statements).toBeLessThanOrEqual(2);
    } finally {
      stopProfiling();
    }
    // Shared with every other process: the ungrouped count sees the same total.
    expect((await takeRateLimit(h.services.db, rate, start + 2000)).allowed).toBe(false);
    // The next window starts again.
    expect(await take(rate, start + hour)).toEqual({ allowed: true, retryAfterSeconds: 3600 });
  });
});
