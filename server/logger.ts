import { pino } from "pino";

/**
 * Structured JSON logs on stdout. Form contents never go through here:
 * log what happened and to which record, not what a visitor wrote.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: { service: "site" },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});

export type Logger = typeof logger;
