/**
 * What a database's errors mean, on either database: a duplicate the caller may try again with another
 * value, or a database that cannot take the work just now. The one place that reads their codes.
 */

/** True when an error is a unique-constraint violation, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, errcode, message } = error as { code?: unknown; errcode?: unknown; message?: unknown };
  if (code === "23505") return true;
  if (errcode === 2067 || errcode === 1555) return true;
  return typeof message === "string" && message.includes("UNIQUE constraint failed");
}

// PostgreSQL error classes that mean "not now" rather than "not this": connection exceptions (08),
// insufficient resources (53), operator intervention such as a shutdown or a timeout (57), and
// serialization failures and deadlocks (40001, 40P01).
const unavailableSqlState = /^(08|53|57)|^40001$|^40P01$/;
const unavailableNodeCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// SQLite primary result codes: BUSY, LOCKED, NOMEM, READONLY, IOERR, FULL, CANTOPEN, PROTOCOL.
const unavailableSqliteCodes = new Set([5, 6, 7, 8, 10, 13, 14, 15]);

/**
 * True when an error means the database cannot be reached or cannot take the write just now
 * (unreachable, stalled, timed out, busy, disk full), so the request may succeed if tried again.
 */
export function isUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, errcode, message, cause } = error as {
    code?: unknown;
    errcode?: unknown;
    message?: unknown;
    cause?: unknown;
  };
  if (typeof code === "string" && (unavailableSqlState.test(code) || unavailableNodeCodes.has(code))) {
    return true;
  }
  if (typeof errcode === "number" && unavailableSqliteCodes.has(errcode & 0xff)) return true;
  if (
    typeof message === "string" &&
    /timeout expired|timeout exceeded when trying to connect|Query read timeout|Connection terminated|connection timeout|Client has encountered a connection error/i.test(
      message,
    )
  ) {
    return true;
  }
  return cause !== undefined && cause !== error && isUnavailable(cause);
}

/** True when SQLite answered SQLITE_BUSY: another connection holds the lock it needs. */
export function isSqliteBusy(error: unknown): boolean {
  const errcode = (error as { errcode?: unknown }).errcode;
  return typeof errcode === "number" && (errcode & 0xff) === 5;
}
