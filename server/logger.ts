import { type DestinationStream, pino } from "pino";

/**
 * Structured JSON logs, on stdout unless a destination is given (the tests keep them to read).
 * Form contents never go through here: log what happened and to which record, not what a visitor wrote.
 */
export function createLogger(level = process.env.LOG_LEVEL ?? "info", destination?: DestinationStream) {
  const options = {
    level,
    base: { service: "site" },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** The server's logger. */
export const logger = createLogger();

export type Logger = ReturnType<typeof createLogger>;
