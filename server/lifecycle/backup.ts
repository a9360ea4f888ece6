import { execFile } from "node:child_process";
import { chmodSync, constants, copyFileSync, existsSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { isPostgres, sqliteFileOf } from "../db/url.ts";

const run = promisify(execFile);

/** Refuses a file that is not a SQLite database of this site (one with the migrations' table). */
function checkSqliteBackup(file: string): void {
  const url = pathToFileURL(path.resolve(file));
  // Read as it is: otherwise SQLite leaves -wal and -shm files beside a backup taken in WAL mode.
  url.searchParams.set("immutable", "1");
  let db: DatabaseSync | undefined;
  let site = false;
  try {
    db = new DatabaseSync(url, { readOnly: true });
    site =
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get() !==
      undefined;
  } catch {
    // Not a SQLite file at all ("file is not a database"): refused below like any other.
  } finally {
    db?.close();
  }
  if (!site) throw new Error(`${file} is not a backup of the site's SQLite database.`);
}

/**
 * Writes a consistent copy of the whole database, uploaded files included (they are stored in it),
 * while the site runs: SQLite's online backup, or pg_dump's custom format for PostgreSQL (one
 * snapshot). Keys are not in it: they are kept apart (README, "Backups"). Never overwrites a file.
 */
export async function backupDatabase(databaseUrl: string, file: string): Promise<{ bytes: number }> {
  if (existsSync(file)) throw new Error(`${file} already exists; give a new file name.`);
  if (isPostgres(databaseUrl)) {
    await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`, databaseUrl]);
  } else {
    const source = new DatabaseSync(sqliteFileOf(databaseUrl), { readOnly: true });
    try {
      await backup(source, file);
    } finally {
      source.close();
    }
  }
  chmodSync(file, 0o600);
  return { bytes: statSync(file).size };
}

/**
 * Restores a backup into an empty database: a SQLite file that does not exist yet (or is empty), or a
 * PostgreSQL database with no tables. Refuses anything else, so nothing is overwritten by mistake. On
 * SQLite the file must be a backup of the site, checked before anything is written.
 */
export async function restoreDatabase(databaseUrl: string, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`There is no backup at ${file}.`);
  if (isPostgres(databaseUrl)) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(
        "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = current_schema()",
      );
      if (Number(rows[0]?.n) > 0)
        throw new Error("The database is not empty: restore into a new, empty database (see the README).");
    } finally {
      await client.end();
    }
    await run("pg_restore", [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      `--dbname=${databaseUrl}`,
      file,
    ]);
    return;
  }
  const target = sqliteFileOf(databaseUrl);
  if (existsSync(target) && statSync(target).size > 0)
    throw new Error(`${target} already exists: restore into a new file, or move that one away first.`);
  checkSqliteBackup(file);
  // Copied under another name and renamed once whole, so a failed copy leaves nothing in the way.
  const partial = path.join(path.dirname(target), `.${path.basename(target)}.restoring-${process.pid}`);
  try {
    copyFileSync(file, partial, constants.COPYFILE_EXCL);
    chmodSync(partial, 0o600);
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}
