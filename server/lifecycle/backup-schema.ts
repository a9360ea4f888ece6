/**
 * Before a restore loads anything: the backup's schema must be exactly what the site's migrations make
 * (those the backup says were applied), with no table, index, trigger, view, function or rule of
 * anybody else's. The reference is built afresh by running those migrations on a scratch database (a
 * new SQLite file; a schema of its own in the empty PostgreSQL target, dropped afterwards) and compared
 * statement by statement.
 *
 * On PostgreSQL only the dump's schema is read: its data section is made of COPY statements that the
 * seal (backup-seal.ts) vouches for, since a dump can only differ there if it was forged.
 */
import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { openDatabase } from "../db/database.ts";
import { appliedMigrationsIn, migrate, migrationDirs, migrationFiles } from "../db/migrate.ts";
import { postgresEnv } from "./postgres-env.ts";

const run = promisify(execFile);
/** Dumps hold CVs: the schema text alone is small, but pg_restore's output buffer must not cut it. */
const maxBuffer = 256 * 1024 * 1024;

/** A folder with only the named migrations of this version, or an error if one is not of it. */
function migrationsFolder(dialect: "sqlite" | "postgres", names: string[], file: string): string {
  const known = new Map(migrationFiles(migrationDirs(dialect)).map((m) => [m.name, m.path]));
  const unknown = names.find((name) => !known.has(name));
  if (unknown)
    throw new Error(
      `${file} was made by a newer version of the site (it has migration ${unknown}): restore it with that version.`,
    );
  const dir = mkdtempSync(path.join(tmpdir(), "site-migrations-"));
  for (const name of names) copyFileSync(known.get(name) as string, path.join(dir, name));
  return dir;
}

/** What a definition is, for the one sentence a refusal says: "a trigger named x". */
function nameOf(statement: string): string {
  const match =
    /^CREATE (?:OR REPLACE )?(?:UNIQUE )?(TABLE|INDEX|TRIGGER|VIEW|MATERIALIZED VIEW|FUNCTION|PROCEDURE|RULE|SEQUENCE|TYPE|AGGREGATE|EXTENSION|POLICY|EVENT TRIGGER|SERVER|FOREIGN TABLE)\s+(?:IF NOT EXISTS\s+)?("[^"]+"|[\w.]+)/i.exec(
      statement,
    );
  if (match) return `a ${match[1]?.toLowerCase()} named ${match[2]?.replace(/^\w+\./, "")}`;
  return `a definition the migrations do not make ("${statement.slice(0, 60).replace(/\s+/g, " ")}")`;
}

/** Refuses unless the two lists hold the same statements; names the first that differs. */
function compare(file: string, backup: string[], reference: string[]): void {
  const left = [...reference];
  const extra: string[] = [];
  for (const statement of backup) {
    const at = left.indexOf(statement);
    if (at >= 0) left.splice(at, 1);
    else extra.push(statement);
  }
  const first = extra[0];
  if (first !== undefined)
    throw new Error(`${file} holds ${nameOf(first)} that the site's migrations do not make.`);
  const missing = left[0];
  if (missing !== undefined)
    throw new Error(`${file} lacks ${nameOf(missing)} that the site's migrations make.`);
}

/** Every schema object of a SQLite file (its own `sqlite_` tables aside), as comparable text. */
function sqliteSchema(db: DatabaseSync): string[] {
  return (
    db
      .prepare(
        "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
      )
      .all() as { type: string; name: string; tbl_name: string; sql: string | null }[]
  ).map((row) => row.sql ?? `CREATE ${row.type.toUpperCase()} ${row.name} ON ${row.tbl_name}`);
}

/**
 * Refuses a SQLite backup (already decrypted to `dump`) that is not a SQLite database of the site, or
 * whose schema is not exactly what its migrations make.
 */
export async function checkSqliteSchema(dump: string, file: string): Promise<void> {
  const url = pathToFileURL(path.resolve(dump));
  // Read as it is: otherwise SQLite leaves -wal and -shm files beside it.
  url.searchParams.set("immutable", "1");
  let schema: string[];
  let applied: string[];
  try {
    const db = new DatabaseSync(url, { readOnly: true });
    try {
      schema = sqliteSchema(db);
      applied = appliedMigrationsIn(db);
    } finally {
      db.close();
    }
  } catch {
    throw new Error(`${file} is not a backup of the site's SQLite database.`);
  }
  const migrations = migrationsFolder("sqlite", applied, file);
  const scratch = path.join(migrations, "reference.sqlite");
  try {
    const reference = openDatabase(scratch);
    try {
      await migrate(reference, { dirs: [migrations] });
    } finally {
      await reference.close();
    }
    const db = new DatabaseSync(scratch, { readOnly: true });
    try {
      compare(file, schema, sqliteSchema(db));
    } finally {
      db.close();
    }
  } finally {
    rmSync(migrations, { recursive: true, force: true });
  }
}

/**
 * pg_dump's schema text as a list of statements, without what differs between two dumps of the same
 * schema (comments, settings, the schema's own name and creation, the pg_trgm extension outside it).
 */
function postgresStatements(text: string, schema: string): string[] {
  const qualified = new RegExp(`(^|[\\s(,'])("${schema}"|${schema})\\.`, "g");
  const body = text
    .split("\n")
    .filter((line) => !/^(--|\\restrict|\\unrestrict|SET |SELECT pg_catalog\.set_config\()/.test(line))
    .join("\n");
  // pg_trgm (migration 030) lives in public, outside the site's schema: a dump of the whole database
  // creates it, a dump of the scratch schema does not, and only a site kept in public has its operator
  // class's schema taken off above. Both are made to read alike.
  return body
    .split(/;\n/)
    .map((statement) =>
      statement
        .replace(qualified, "$1")
        .replace(/\bpublic\.gin_trgm_ops\b/g, "gin_trgm_ops")
        .trim(),
    )
    .filter(
      (statement) =>
        statement &&
        !/^(CREATE|ALTER|COMMENT ON) SCHEMA /.test(statement) &&
        !/^(CREATE EXTENSION IF NOT EXISTS|COMMENT ON EXTENSION) pg_trgm /.test(statement),
    );
}

/** The names in a dump's schema_migrations table, read from its COPY block. */
function migrationsInDump(text: string): string[] {
  const lines = text.split("\n");
  const start = lines.findIndex((line) => /^COPY \S*schema_migrations \(/.test(line));
  if (start < 0) return [];
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === "\\.") break;
    names.push(line.split("\t")[0] ?? "");
  }
  return names.sort();
}

/**
 * Refuses a PostgreSQL backup (decrypted to `dump`, pg_dump's custom format) whose schema is not exactly
 * what its migrations make. The reference is made in a scratch schema of `databaseUrl` (the empty
 * database about to be restored into), dropped again whatever happens.
 */
export async function checkPostgresSchema(databaseUrl: string, dump: string, file: string): Promise<void> {
  const env = { ...process.env, ...postgresEnv(databaseUrl) };
  let schemaText: string;
  let migrationsText: string;
  try {
    schemaText = (
      await run("pg_restore", ["--schema-only", "--no-owner", "--no-privileges", "--file=-", dump], {
        env,
        maxBuffer,
      })
    ).stdout;
    migrationsText = (
      await run("pg_restore", ["--data-only", "--table=schema_migrations", "--file=-", dump], {
        env,
        maxBuffer,
      })
    ).stdout;
  } catch {
    throw new Error(`${file} is not a backup of the site's PostgreSQL database.`);
  }
  const own = /^CREATE TABLE ("[^"]+"|\w+)\.schema_migrations /m.exec(schemaText)?.[1]?.replace(/"/g, "");
  if (!own) throw new Error(`${file} is not a backup of the site's PostgreSQL database.`);
  const migrations = migrationsFolder("postgres", migrationsInDump(migrationsText), file);
  const scratch = `site_restore_check_${process.pid}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${scratch}`);
    const reference = openDatabase(databaseUrl, { schema: scratch });
    try {
      await migrate(reference, { dirs: [migrations] });
    } finally {
      await reference.close();
    }
    const { stdout } = await run(
      "pg_dump",
      ["--schema-only", "--no-owner", "--no-privileges", `--schema=${scratch}`],
      { env, maxBuffer },
    );
    compare(file, postgresStatements(schemaText, own), postgresStatements(stdout, scratch));
  } finally {
    await client.query(`DROP SCHEMA IF EXISTS ${scratch} CASCADE`);
    await client.end();
    if (existsSync(migrations)) rmSync(migrations, { recursive: true, force: true });
  }
}
