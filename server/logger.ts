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

/** What a secret or personal path segment becomes in the logs. */
const redacted = ":redacted";

/** A workspace path segment safe to log: one of its own words, a lead's reference, or a number. */
const plainSegment = /^(?:[A-Za-z][A-Za-z.-]{0,29}|(?:ENQ|APP)-[0-9A-Z]{6}|\d{1,12})$/;

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A path as the logs keep it (the query string is never part of it). Under the workspace, however its
 * path is spelled, a segment that is not one of its words, a reference or a number (an invitation's
 * token) is redacted, as is whatever follows "invitation"; anywhere, so is a segment holding an e-mail
 * address. Anyone who reads the logs must not be able to use a link from them.
 */
export function loggablePath(path: string): string {
  const segments = path.split("/");
  const decoded = segments.map(decodeSegment);
  const workspace = decoded.find((segment) => segment !== "")?.toLowerCase() === "staff";
  return segments
    .map((segment, i) => {
      const plain = decoded[i] ?? "";
      if (plain === "") return segment;
      if (plain.includes("@")) return redacted;
      if (!workspace) return segment;
      const afterInvitation = decoded[i - 1]?.toLowerCase() === "invitation";
      return afterInvitation || !plainSegment.test(plain) ? redacted : segment;
    })
    .join("/");
}
