import { type DestinationStream, pino } from "pino";
import { remember } from "../app/lib/remember.ts";

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

/**
 * The server's logger. Its level starts at info; the server sets it from LOG_LEVEL at start. The server
 * and the server build share this one instance (see remember()).
 */
export const logger: Logger = remember("logger", () => createLogger());
