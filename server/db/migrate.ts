import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Database } from "./database.ts";

const migrationsDir = fileURLToPath(new URL("./migrations/", import.meta.url));

/**
 * Applies the migration files not yet applied, in name order, each in its own
 * transaction. Runs on every start and from `npm run db:migrate`.
 */
export async function migrate(db: Database): Promise<string[]> {
  await db.exec(
    "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)",
  );
  const done = new Set(
    (await db.all<{ name: string }>("SELECT name FROM schema_migrations")).map((r) => r.name),
  );
  const dir = `${migrationsDir}${db.dialect}`;
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort();
  const applied: string[] = [];
  for (const name of files) {
    if (done.has(name)) continue;
    const sql = readFileSync(`${dir}/${name}`, "utf8");
    await db.transaction(async (tx) => {
      for (const statement of splitStatements(sql)) await tx.run(statement);
      await tx.run("INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)", [name, Date.now()]);
    });
    applied.push(name);
  }
  return applied;
}

/** Splits a migration file on the semicolons that end its statements, dropping comments. */
function splitStatements(sql: string): string[] {
  return sql
    .replace(/--.*$/gm, "")
    .split(";")
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}
