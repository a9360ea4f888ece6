/**
 * The one way the server reaches its database: SQLite (node:sqlite) by default, PostgreSQL when
 * DATABASE_URL is a postgres:// URL. Queries are written once, with `?` placeholders, and run unchanged
 * on both; the few pieces of SQL that differ are the database's `sql` (./dialect.ts). Each database's
 * driver is a file of its own (./sqlite.ts, ./postgres.ts); what their errors mean is ./errors.ts.
 */
import { openPostgres } from "./postgres.ts";
import { openSqlite } from "./sqlite.ts";
import type { Database, DatabaseOptions } from "./types.ts";
import { isPostgres, sqliteFileOf } from "./url.ts";

// The rest of the server imports all it needs of the database from here, whichever file holds it.
export { isUnavailable, isUniqueViolation } from "./errors.ts";
export { postgresPoolSize } from "./postgres.ts";
export type {
  Database,
  DatabaseOptions,
  Queryable,
  Row,
  ScriptTransaction,
  Transaction,
  TransactionOptions,
  Value,
} from "./types.ts";

/** Opens the database named by a DATABASE_URL value: postgres://, file:, or a plain path. */
export function openDatabase(url: string, options: DatabaseOptions = {}): Database {
  return isPostgres(url) ? openPostgres(url, options) : openSqlite(sqliteFileOf(url), options);
}
