import { describe, expect, it } from "vitest";
import { createLogger } from "../observability/logger.ts";
import { createPoller } from "./poller.ts";

describe("createPoller", () => {
  it("never runs twice at once, runs once more when asked during a run, and stops polling", async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    let finish: () => void = () => {};
    const poller = createPoller({
      run: async () => {
        runs++;
        active++;
        most = Math.max(most, active);
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        active--;
        return 1;
      },
      pollMs: 60_000,
      logger: createLogger("silent"),
      failure: "run failed",
    });
    poller.start();
    expect(runs).toBe(1);
    // Three asks while the first run is in hand: one more run after it, not three, and none at once.
    poller.wake();
    poller.wake();
    void poller.runOnce();
    finish();
    await expect.poll(() => runs).toBe(2);
    finish();
    const inHand = poller.stop();
    await inHand;
    expect(most).toBe(1);
    expect(runs).toBe(2);
    // Stopped: a wake does nothing.
    poller.wake();
    expect(runs).toBe(2);
  });

  it("logs a failed run and keeps going", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) });
    let calls = 0;
    const poller = createPoller({
      run: async () => {
        calls++;
        if (calls === 1) throw new Error("database away");
        return 3;
      },
      pollMs: 60_000,
      logger,
      failure: "run failed",
    });
    expect(await poller.runOnce()).toBe(0);
    expect(lines).toContainEqual(expect.objectContaining({ level: "error", msg: "run failed" }));
    expect(await poller.runOnce()).toBe(3);
  });
});
