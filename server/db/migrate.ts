import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import type { Database } from "./database.ts";

const migrationsDir = fileURLToPath(new URL("./migrations/", import.meta.url));

/** The folders a database's migrations come from: those written once for both, and its own. */
export function migrationDirs(database: Database["sql"]["name"]): string[] {
  return [`${migrationsDir}both`, `${migrationsDir}${database}`];
}

/**
 * The migration files in `dirs`, merged and in name order, each with its path. A file is recorded by
 * its name alone, so the same name in two of the folders is refused rather than one being skipped.
 */
export function migrationFiles(dirs: string[]): { name: string; path: string }[] {
  const files = new Map<string, string>();
  for (const dir of dirs) {
    for (const name of readdirSync(dir).filter((file) => file.endsWith(".sql"))) {
      const other = files.get(name);
      if (other) throw new Error(`Migration ${name} is in two folders: ${other} and ${dir}`);
      files.set(name, dir);
    }
  }
  return [...files.keys()].sort().map((name) => ({ name, path: path.join(files.get(name) as string, name) }));
}

/**
 * Applies the migration files not yet applied, in name order, each whole (never split into
 * statements, so a `$$` function body is safe) and each in its own transaction. Every transaction
 * holds the database's migration lock, so any number of processes may start at once: one applies
 * a file, the others wait, then find it done. Runs on every start and from `npm run db:migrate`.
 * The files come from ./migrations/both/ (the same SQL for either database) and the database's own
 * folder, ./migrations/sqlite/ or ./migrations/postgres/.
 */
export async function migrate(
  db: Database,
  { dirs = migrationDirs(db.sql.name) }: { dirs?: string[] } = {},
): Promise<string[]> {
  const files = migrationFiles(dirs);
  const applied: string[] = [];
  for (const { name, path: file } of files) {
    const sql = readFileSync(file, "utf8");
    const ran = await db.exclusive("migrations", async (tx) => {
      await tx.exec(
        "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)",
      );
      const done = await tx.all("SELECT name FROM schema_migrations WHERE name = ?", [name]);
      if (done.length > 0) return false;
      await tx.exec(sql);
      await tx.run("INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)", [name, Date.now()]);
      return true;
    });
    if (ran) applied.push(name);
  }
  return applied;
}

/**
 * The names of the migrations a SQLite file records as applied, in name order, read from a handle of
 * node:sqlite's own (a backup being checked before a restore, opened read-only, not as a Database).
 */
export function appliedMigrationsIn(db: DatabaseSync): string[] {
  return (db.prepare("SELECT name FROM schema_migrations ORDER BY name").all() as { name: string }[]).map(
    (row) => row.name,
  );
}
