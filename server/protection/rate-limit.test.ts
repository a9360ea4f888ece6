import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Dialect, type Harness, startHarness } from "../../tests/support/harness.ts";
import { takeRateLimit } from "./rate-limit.ts";

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
});
