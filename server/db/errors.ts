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
// serialization failures and deadlocks (40001, 40P01). A read-only transaction (25006) is among them:
// the connection reached a standby, or a primary being demoted, so there is no primary here right now.
const unavailableSqlState = /^(08|53|57)|^40001$|^40P01$|^25006$/;
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

/** The fields of a driver's error that say what it was. */
function fieldsOf(error: object) {
  return error as { code?: unknown; errcode?: unknown; message?: unknown; cause?: unknown };
}

/**
 * True when an error means the database cannot be reached or cannot take the write just now
 * (unreachable, stalled, timed out, busy, disk full, read-only while a primary is being chosen), so the
 * request may succeed if tried again.
 */
export function isUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, errcode, message, cause } = fieldsOf(error);
  if (typeof code === "string" && (unavailableSqlState.test(code) || unavailableNodeCodes.has(code))) {
    return true;
  }
  if (typeof errcode === "number" && unavailableSqliteCodes.has(errcode & 0xff)) return true;
  if (
    typeof message === "string" &&
    /timeout expired|timeout exceeded when trying to connect|Query read timeout|Connection terminated|connection timeout|Client has encountered a connection error|in a read-only transaction/i.test(
      message,
    )
  ) {
    return true;
  }
  return cause !== undefined && cause !== error && isUnavailable(cause);
}

// What a failover looks like from a connection: the server ended it (an administrator's or a crash's
// shutdown, 57P01 and 57P02), will not take it yet (starting up, in recovery: 57P03), it broke on the
// way (class 08), or it reached a server that cannot write (25006). Timeouts are left out on purpose:
// a server that is merely slow would only be made to wait twice as long by a second try.
const switchingOverSqlState = /^08|^57P0[123]$|^25006$/;
const switchingOverNodeCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/**
 * True when an error means the connection's server is not, or no longer, a primary that can write: its
 * connection was ended or refused, or it is read-only. The pool's connections opened before it are
 * suspect, and work that is safe to repeat may be tried once more on a fresh connection, which may
 * reach the new primary.
 */
export function isSwitchingOver(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message, cause } = fieldsOf(error);
  if (typeof code === "string" && (switchingOverSqlState.test(code) || switchingOverNodeCodes.has(code))) {
    return true;
  }
  if (
    typeof message === "string" &&
    !/timeout/i.test(message) &&
    /Connection terminated|Client has encountered a connection error|in a read-only transaction/i.test(
      message,
    )
  ) {
    return true;
  }
  return cause !== undefined && cause !== error && isSwitchingOver(cause);
}

/** True when SQLite answered SQLITE_BUSY: another connection holds the lock it needs. */
export function isSqliteBusy(error: unknown): boolean {
  const errcode = (error as { errcode?: unknown }).errcode;
  return typeof errcode === "number" && (errcode & 0xff) === 5;
}
