/**
 * What a DATABASE_URL value names: PostgreSQL for a postgres:// (or postgresql://) URL, otherwise an
 * SQLite file, given as a plain path or a file: URL. The one place that reads it, for opening the
 * database, checking the environment and backing it up.
 */

/** True when a DATABASE_URL names PostgreSQL. */
export function isPostgres(databaseUrl: string): boolean {
  return /^postgres(ql)?:\/\//.test(databaseUrl);
}

/** The SQLite file a DATABASE_URL names (a plain path or a file: URL). */
export function sqliteFileOf(databaseUrl: string): string {
  return databaseUrl.startsWith("file:") ? databaseUrl.slice("file:".length) : databaseUrl;
}
