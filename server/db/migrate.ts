import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Database } from "./database.ts";

const migrationsDir = fileURLToPath(new URL("./migrations/", import.meta.url));

/**
 * Applies the migration files not yet applied, in name order, each whole (never split into
 * statements, so a `$$` function body is safe) and each in its own transaction. Every transaction
 * holds the database's migration lock, so any number of processes may start at once: one applies
 * a file, the others wait, then find it done. Runs on every start and from `npm run db:migrate`.
 */
export async function migrate(
  db: Database,
  { dir = `${migrationsDir}${db.sql.name}` }: { dir?: string } = {},
): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort();
  const applied: string[] = [];
  for (const name of files) {
    const sql = readFileSync(`${dir}/${name}`, "utf8");
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
