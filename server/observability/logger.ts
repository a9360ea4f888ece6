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

/**
 * The server's logger. Its level starts at info; the server sets it from LOG_LEVEL at start, and hands it
 * to the pages it renders through their router context (server/contract.ts).
 */
export const logger: Logger = createLogger();
