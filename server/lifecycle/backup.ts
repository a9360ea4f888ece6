import { spawn } from "node:child_process";
import { chmodSync, createReadStream, existsSync, mkdtempSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import type { Readable } from "node:stream";
import pg from "pg";
import { openDatabase } from "../db/database.ts";
import { isPostgres, sqliteFileOf } from "../db/url.ts";
import { recordJobRun } from "../tables/job-runs.ts";
import { checkPostgresSchema, checkSqliteSchema } from "./backup-schema.ts";
import { type BackupDialect, unseal, verifySeal, writeSealed } from "./backup-seal.ts";
import { postgresEnv } from "./postgres-env.ts";

/** Runs pg_dump or pg_restore with the connection in its environment; rejects with its error output. */
function runPostgresTool(
  tool: "pg_dump" | "pg_restore",
  args: string[],
  databaseUrl: string,
  onStdout?: (stdout: Readable) => Promise<void>,
): Promise<void> {
  const child = spawn(tool, args, {
    env: { ...process.env, ...postgresEnv(databaseUrl) },
    stdio: ["ignore", onStdout ? "pipe" : "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (text: string) => {
    stderr = (stderr + text).slice(-4000);
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed: ${stderr.trim() || `exit code ${code}`}`)),
    );
  });
  if (!onStdout || !child.stdout) return exited;
  const stdout = child.stdout;
  // A reader that gives up must not leave the tool blocked on a full pipe.
  const reading = onStdout(stdout).catch((error: unknown) => {
    child.kill();
    throw error;
  });
  // Both must finish; the tool's own failure is the better message when both fail.
  return Promise.allSettled([reading, exited]).then(([read, ran]) => {
    if (ran.status === "rejected") throw ran.reason;
    if (read.status === "rejected") throw read.reason;
  });
}

/** What a backup needs beyond the database: the seal's key and, to encrypt, the operator's public key. */
export type BackupSeal = {
  /** The HMAC key (the current seal key, BACKUP_SEAL_KEY) that lets a restore know this installation wrote the file. */
  key: Buffer;
  /** The age public key (BACKUP_RECIPIENT) to encrypt to; null writes the dump unencrypted. */
  recipient: string | null;
};

/**
 * Writes a consistent copy of the whole database, uploaded files included (they are stored in it),
 * while the site runs: SQLite's online backup, or pg_dump's custom format for PostgreSQL (one
 * snapshot), sealed (backup-seal.ts): encrypted to the operator's public key, signed with the server's.
 * Keys are not in it: they are kept apart (docs/keys.md). Never overwrites a file.
 */
export async function backupDatabase(
  databaseUrl: string,
  file: string,
  seal: BackupSeal,
): Promise<{ bytes: number }> {
  if (existsSync(file)) throw new Error(`${file} already exists; give a new file name.`);
  if (!existsSync(path.dirname(path.resolve(file))))
    throw new Error(`There is no folder ${path.dirname(path.resolve(file))} to write the backup into.`);
  const dialect: BackupDialect = isPostgres(databaseUrl) ? "postgres" : "sqlite";
  const options = { dialect, recipient: seal.recipient, key: seal.key };
  // The unencrypted copy SQLite's backup makes lives only in a private folder beside the file, until sealed.
  const scratch =
    dialect === "sqlite" ? mkdtempSync(path.join(path.dirname(path.resolve(file)), ".site-backup-")) : null;
  try {
    if (scratch) {
      const copy = path.join(scratch, "site.sqlite");
      const source = new DatabaseSync(sqliteFileOf(databaseUrl), { readOnly: true });
      try {
        await backup(source, copy);
      } finally {
        source.close();
      }
      await writeSealed(createReadStream(copy), file, options);
    } else {
      // pg_dump's output goes straight into the seal: it is never on disk unencrypted.
      await runPostgresTool(
        "pg_dump",
        ["--format=custom", "--no-owner", "--no-privileges"],
        databaseUrl,
        (stdout) => writeSealed(stdout, file, options),
      );
    }
  } catch (error) {
    // A file begun here and left unfinished is no backup (one another process made meanwhile is left alone).
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") rmSync(file, { force: true });
    throw error;
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
  chmodSync(file, 0o600);
  return { bytes: statSync(file).size };
}

/**
 * What a restore needs to open a backup: the seal keys it may have been sealed with (the current one
 * first, then earlier ones) and the age identity (null if there is none).
 */
/**
 * Records in the site's database that a backup finished at `at` (ms), once its file is sealed and in
 * place. In the database rather than in a file beside the backups: every process on every app machine
 * then reports the same time to /metrics and to the workspace's Health page, whichever machine ran the
 * backup, and the backup needs to write nowhere but its own folder and the database it already reaches.
 */
export async function recordBackup(databaseUrl: string, at: number): Promise<void> {
  const db = openDatabase(databaseUrl);
  try {
    await recordJobRun(db, "backup", at);
  } finally {
    await db.close();
  }
}

export type RestoreKeys = { keys: readonly Buffer[]; identity: string | null };

/**
 * Restores a backup into an empty database: a SQLite file that does not exist yet (or is empty), or a
 * PostgreSQL database with no tables. Refuses anything else, so nothing is overwritten by mistake.
 * Before anything is loaded the backup must prove itself: its seal must show this installation wrote
 * it, unchanged, and its schema must be exactly what the site's migrations make (backup-schema.ts).
 */
export async function restoreDatabase(databaseUrl: string, file: string, keys: RestoreKeys): Promise<void> {
  if (!existsSync(file)) throw new Error(`There is no backup at ${file}.`);
  const sealed = await verifySeal(file, keys.keys);
  const postgres = isPostgres(databaseUrl);
  if (sealed.dialect !== (postgres ? "postgres" : "sqlite"))
    throw new Error(
      `${file} is a backup of a ${sealed.dialect === "postgres" ? "PostgreSQL" : "SQLite"} database, and DATABASE_URL names ${postgres ? "PostgreSQL" : "SQLite"}.`,
    );
  if (postgres) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(
        "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = current_schema()",
      );
      if (Number(rows[0]?.n) > 0)
        throw new Error(
          "The database is not empty: restore into a new, empty database (see docs/backups.md).",
        );
    } finally {
      await client.end();
    }
    const scratch = mkdtempSync(path.join(tmpdir(), "site-restore-"));
    try {
      const dump = path.join(scratch, "site.dump");
      await unseal(file, sealed, keys.identity, dump);
      await checkPostgresSchema(databaseUrl, dump, file);
      const env = postgresEnv(databaseUrl);
      await runPostgresTool(
        "pg_restore",
        [
          "--no-owner",
          "--no-privileges",
          "--exit-on-error",
          `--dbname=${env.PGDATABASE ?? env.PGUSER ?? process.env.PGDATABASE ?? userInfo().username}`,
          dump,
        ],
        databaseUrl,
      );
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    return;
  }
  const target = sqliteFileOf(databaseUrl);
  if (existsSync(target) && statSync(target).size > 0)
    throw new Error(`${target} already exists: restore into a new file, or move that one away first.`);
  // Opened and checked in a private folder beside the target, then renamed into place once whole, so a
  // refused or failed restore leaves nothing in the way.
  const scratch = mkdtempSync(
    path.join(path.dirname(path.resolve(target)), `.${path.basename(target)}.restoring-`),
  );
  try {
    const dump = path.join(scratch, "site.sqlite");
    await unseal(file, sealed, keys.identity, dump);
    await checkSqliteSchema(dump, file);
    renameSync(dump, target);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
