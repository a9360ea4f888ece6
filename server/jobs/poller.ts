import { isUnavailable } from "../db/database.ts";
import type { Logger } from "../observability/logger.ts";

/**
 * A background job that runs now and then every `pollMs` while started, never twice at once: asked to
 * run while a run is in hand, it runs once more right after it. The delivery queue and the virus
 * scanner each drive their work with one. A run that fails because the database is unavailable (a
 * failover, an outage) pauses the job: one warning, then nothing until a run succeeds again, which says
 * so; the job keeps trying every `pollMs` meanwhile, so it resumes without a restart.
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
  // Set while runs fail on an unavailable database, so the pause is logged once, not every turn.
  let paused = false;

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = run()
      .then((done) => {
        if (paused) {
          paused = false;
          logger.info({ job: failure }, "the database is available again; background work resumed");
        }
        return done;
      })
      .catch((error: unknown) => {
        if (!isUnavailable(error)) {
          logger.error({ err: error }, failure);
        } else if (!paused) {
          paused = true;
          logger.warn(
            { job: failure, error: error instanceof Error ? error.message : String(error) },
            `${failure}: the database is unavailable; paused until it answers again`,
          );
        }
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
