import { type DestinationStream, pino } from "pino";

/**
 * Structured JSON logs, on stdout unless a destination is given (the tests keep them to read).
 * Form contents never go through here: log what happened and to which record, not what a visitor wrote.
 */
export function createLogger(level = "info", destination?: DestinationStream) {
  const options = {
    level,
    base: { service: "site" },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type Logger = ReturnType<typeof createLogger>;

// The server (run by Node from source) and the server build (bundled by Vite) each load their own copy
// of this module; keeping the one logger on a global symbol lets both log through the same instance,
// whose level the server sets from its parsed environment (LOG_LEVEL).
const key = Symbol.for("cottonopolis.logger");
const store = globalThis as typeof globalThis & { [key]?: Logger };

/** The server's logger. Its level starts at info; the server sets it from LOG_LEVEL at start. */
export const logger: Logger = store[key] ?? createLogger();
store[key] = logger;
