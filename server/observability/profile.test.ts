import { afterEach, describe, expect, it } from "vitest";
import {
  profiling,
  startProfiling,
  stopProfiling,
  takeProfile,
  timed,
  timedStatement,
  timedSync,
} from "./profile.ts";

describe("the per-phase profile", () => {
  afterEach(() => {
    stopProfiling();
  });

  it("is off unless turned on, and then times nothing", async () => {
    expect(profiling()).toBe(false);
    expect(await timed("parsing", async () => 1)).toBe(1);
    expect(timedSync("checks", () => 2)).toBe(2);
    expect(await timedStatement("SELECT 1", async () => 3)).toBe(3);
    expect(takeProfile()).toEqual([]);
  });

  it("adds up each phase once on, statements under their first words, and starts afresh when read", async () => {
    startProfiling();
    await timed("parsing", async () => {});
    await timed("parsing", async () => {});
    await expect(
      timedStatement("INSERT  INTO t\n  (v) VALUES (?)", async () => {
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    const phases = takeProfile();
    expect(phases.map(({ phase, count }) => ({ phase, count }))).toEqual([
      { phase: "parsing", count: 2 },
      { phase: "sql: INSERT INTO t (v) VALUES (?)", count: 1 },
    ]);
    expect(phases.every((p) => p.ms >= 0)).toBe(true);
    expect(takeProfile()).toEqual([]);
  });
});
