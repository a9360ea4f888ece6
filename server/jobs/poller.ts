import type { Logger } from "../observability/logger.ts";

/**
 * A background job that runs now and then every `pollMs` while started, never twice at once: asked to
 * run while a run is in hand, it runs once more right after it. The delivery queue and the virus
 * scanner each drive their work with one.
 */
export function createPoller(options: {
  /** One run: does what is due and resolves with how much it did. */
  run: () => Promise<number>;
  pollMs: number;
  logger: Logger;
  /** The log message when a run fails (the next one tries again). */
  failure: string;
}) {
  const { run, pollMs, logger, failure } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;
  let again = false;

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = run()
      .catch((error: unknown) => {
        logger.error({ err: error }, failure);
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      await runOnce();
      schedule();
    }, pollMs);
    timer.unref();
  }

  return {
    /** Runs now (or once more after the run in hand); resolves with what that run did. */
    runOnce,
    /** Starts: one run now, then one every `pollMs` unless `poll` is false. */
    start({ poll = true }: { poll?: boolean } = {}): void {
      stopped = false;
      again = false;
      void runOnce();
      if (poll) schedule();
    },
    /** Stops polling; resolves when the run in hand (if any) has finished. */
    stop(): Promise<number> | null {
      stopped = true;
      again = false;
      if (timer) clearTimeout(timer);
      timer = null;
      return running;
    },
    /** Asks for a run soon, when started. */
    wake(): void {
      if (!stopped) void runOnce();
    },
    get stopped(): boolean {
      return stopped;
    },
  };
}
