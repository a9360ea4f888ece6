import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { postgresUrl } from "../../tests/support/harness.ts";
import { type Database, openDatabase } from "./database.ts";
import { migrate, migrationDirs, migrationFiles } from "./migrate.ts";

type Dialect = "sqlite" | "postgres";

/** A fresh, empty database of the given kind, as several processes would open it, and its removal. */
async function fresh(dialect: Dialect) {
  const dir = mkdtempSync(path.join(tmpdir(), "migrate-test-"));
  if (dialect === "sqlite") {
    const file = path.join(dir, "t.sqlite");
    return {
      open: () => openDatabase(file),
      dir,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const schema = `migrate_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return {
    open: () => openDatabase(postgresUrl, { schema }),
    dir,
    async drop() {
      const again = new pg.Client({ connectionString: postgresUrl });
      await again.connect();
      await again.query(`DROP SCHEMA ${schema} CASCADE`);
      await again.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.each<Dialect>(["sqlite", "postgres"])("migrations on %s", (dialect) => {
  const opened: Database[] = [];
  let drop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.close()));
    await drop?.();
    drop = null;
  });

  it("run a file whole: a $$ function body and semicolons inside strings are not split", async () => {
    const target = await fresh(dialect);
    drop = target.drop;
    const dir = path.join(target.dir, "migrations");
    mkdirSync(dir);
    writeFileSync(
      path.join(dir, "001_notes.sql"),
      "-- A note; with a semicolon in a comment.\nCREATE TABLE notes (body TEXT NOT NULL);\nINSERT INTO notes (body) VALUES ('one; two');\n",
    );
    writeFileSync(
      path.join(dir, "002_function.sql"),
      dialect === "postgres"
        ? `CREATE FUNCTION shout(text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  RETURN upper($1) || '!';
END;
$$;
INSERT INTO notes (body) VALUES (shout('done; really'));`
        : `CREATE TRIGGER notes_shout AFTER INSERT ON notes WHEN NEW.body = 'x' BEGIN
  UPDATE notes SET body = 'X; shouted' WHERE rowid = NEW.rowid;
END;
INSERT INTO notes (body) VALUES ('x');`,
    );
    const db = target.open();
    opened.push(db);
    expect(await migrate(db, { dirs: [dir] })).toEqual(["001_notes.sql", "002_function.sql"]);
    const notes = await db.all<{ body: string }>("SELECT body FROM notes ORDER BY body");
    expect(notes.map((n) => n.body).sort()).toEqual(
      dialect === "postgres" ? ["DONE; REALLY!", "one; two"] : ["X; shouted", "one; two"],
    );
  });

  it("roll a failing file back whole and leave it to apply later", async () => {
    const target = await fresh(dialect);
    drop = target.drop;
    const dir = path.join(target.dir, "migrations");
    mkdirSync(dir);
    writeFileSync(
      path.join(dir, "001_half.sql"),
      "CREATE TABLE half (a TEXT);\nINSERT INTO nowhere VALUES (1);\n",
    );
    const db = target.open();
    opened.push(db);
    await expect(migrate(db, { dirs: [dir] })).rejects.toThrow(/nowhere/);
    // The table the file created before failing was rolled back with it.
    await expect(db.all("SELECT a FROM half")).rejects.toThrow(/half/);
    writeFileSync(path.join(dir, "001_half.sql"), "CREATE TABLE half (a TEXT);\n");
    expect(await migrate(db, { dirs: [dir] })).toEqual(["001_half.sql"]);
  });

  it("apply the files written once for both databases with the database's own, in name order", async () => {
    const target = await fresh(dialect);
    drop = target.drop;
    const shared = path.join(target.dir, "both");
    const own = path.join(target.dir, dialect);
    mkdirSync(shared);
    mkdirSync(own);
    writeFileSync(path.join(own, "001_notes.sql"), "CREATE TABLE notes (body TEXT NOT NULL);\n");
    writeFileSync(path.join(shared, "002_shared.sql"), "INSERT INTO notes (body) VALUES ('shared');\n");
    writeFileSync(path.join(own, "003_own.sql"), "INSERT INTO notes (body) VALUES ('own');\n");
    const db = target.open();
    opened.push(db);
    expect(await migrate(db, { dirs: [shared, own] })).toEqual([
      "001_notes.sql",
      "002_shared.sql",
      "003_own.sql",
    ]);
    const notes = await db.all<{ body: string }>("SELECT body FROM notes ORDER BY body");
    expect(notes.map((n) => n.body)).toEqual(["own", "shared"]);
  });

  it("refuse to start when a name is in the shared folder and the database's own, applying nothing", async () => {
    const target = await fresh(dialect);
    drop = target.drop;
    const shared = path.join(target.dir, "both");
    const own = path.join(target.dir, dialect);
    mkdirSync(shared);
    mkdirSync(own);
    writeFileSync(path.join(own, "001_notes.sql"), "CREATE TABLE notes (body TEXT NOT NULL);\n");
    writeFileSync(path.join(shared, "002_twice.sql"), "CREATE TABLE shared (a TEXT);\n");
    writeFileSync(path.join(own, "002_twice.sql"), "CREATE TABLE own (a TEXT);\n");
    const db = target.open();
    opened.push(db);
    await expect(migrate(db, { dirs: [shared, own] })).rejects.toThrow(/002_twice\.sql is in two folders/);
    await expect(db.all("SELECT body FROM notes")).rejects.toThrow(/notes/);
  });

  it("apply the project's migrations, the shared ones under their own names", async () => {
    const target = await fresh(dialect);
    drop = target.drop;
    const db = target.open();
    opened.push(db);
    const files = migrationFiles(migrationDirs(dialect)).map((file) => file.name);
    expect(files).toContain("005_analytics.sql");
    expect(await migrate(db)).toEqual(files);
    const rows = await db.all<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name");
    expect(rows.map((row) => row.name)).toEqual(files);
    expect(await db.all("SELECT * FROM analytics_daily")).toEqual([]);
  });

  it("leave no index that another on the same table makes redundant", async () => {
    const target = await fresh(dialect);
    drop = target.drop;
    const db = target.open();
    opened.push(db);
    await migrate(db);
    const indexes = await indexColumns(db, dialect);
    // Kept on purpose: the counts per status with no filter read the smallest index there can be for them.
    const deliberate = new Set(["enquiries_status", "applications_status"]);
    const redundant = indexes.filter(
      (index) =>
        !index.unique &&
        !index.partial &&
        !deliberate.has(index.name) &&
        indexes.some(
          (other) =>
            other !== index &&
            other.table === index.table &&
            !other.partial &&
            other.columns.length > index.columns.length &&
            index.columns.every((column, i) => other.columns[i] === column),
        ),
    );
    expect(redundant.map((index) => index.name)).toEqual([]);
  });
});

type IndexColumns = { table: string; name: string; columns: string[]; unique: boolean; partial: boolean };

/** Every index of the schema with its key columns in order (an expression counts as one column). */
async function indexColumns(db: Database, dialect: Dialect): Promise<IndexColumns[]> {
  if (dialect === "postgres") {
    const rows = await db.all<{ tablename: string; indexname: string; indexdef: string }>(
      "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()",
    );
    return rows.map((row) => {
      const key = /USING \w+ \((.*)\)(?: WHERE .*)?$/.exec(row.indexdef)?.[1] ?? "";
      return {
        table: row.tablename,
        name: row.indexname,
        columns: key.split(/,\s*(?![^(]*\))/).map((column) => column.trim()),
        unique: /^CREATE UNIQUE/.test(row.indexdef),
        partial: / WHERE /.test(row.indexdef),
      };
    });
  }
  const tables = await db.all<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
  );
  const result: IndexColumns[] = [];
  for (const { name: table } of tables) {
    const list = await db.all<{ name: string; unique: number; partial: number }>(
      `SELECT name, "unique", partial FROM pragma_index_list(?)`,
      [table],
    );
    for (const index of list) {
      const columns = await db.all<{ name: string | null }>(
        "SELECT name FROM pragma_index_info(?) ORDER BY seqno",
        [index.name],
      );
      result.push({
        table,
        name: index.name,
        columns: columns.map((column) => column.name ?? "(expression)"),
        unique: index.unique === 1,
        partial: index.partial === 1,
      });
    }
  }
  return result;
}

describe("the migration folders", () => {
  const folder = (name: string) => fileURLToPath(new URL(`./migrations/${name}/`, import.meta.url));
  const sqlFiles = (name: string) => readdirSync(folder(name)).filter((file) => file.endsWith(".sql"));

  it("hold each name once for each database", () => {
    for (const database of ["sqlite", "postgres"] as const) {
      expect(() => migrationFiles(migrationDirs(database))).not.toThrow();
    }
  });

  it("write a migration that is the same for both databases once, in the shared folder", () => {
    const same = sqlFiles("sqlite").filter(
      (name) =>
        sqlFiles("postgres").includes(name) &&
        readFileSync(path.join(folder("sqlite"), name), "utf8") ===
          readFileSync(path.join(folder("postgres"), name), "utf8"),
    );
    expect(same).toEqual([]);
  });
});

// SQLite's connections are synchronous: several in one process would block each other's event loop,
// so for SQLite the same race is run with real processes (leads/processes.test.ts).
describe("migrations on postgres from many connections", () => {
  const opened: Database[] = [];
  let drop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.close()));
    await drop?.();
    drop = null;
  });

  it("apply once each when eight connections run them at the same moment", async () => {
    const target = await fresh("postgres");
    drop = target.drop;
    const dbs = Array.from({ length: 8 }, () => target.open());
    opened.push(...dbs);
    const results = await Promise.all(dbs.map((db) => migrate(db)));
    const applied = results.flat();
    const files = migrationFiles(migrationDirs("postgres")).map((file) => file.name);
    expect(files.length).toBeGreaterThan(1);
    expect(applied.sort()).toEqual(files);
    const rows = await dbs[0]?.all<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name");
    expect(rows?.map((row) => row.name)).toEqual(files);
    expect(await migrate(dbs[0] as Database)).toEqual([]);
    // Every migration applied one after another, each committed to disk: seconds on a busy machine, and
    // the test is of what is applied, not of how fast.
  }, 60_000);
});

describe("SQLite durability", () => {
  it("syncs every commit (synchronous = FULL) unless told otherwise", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "durable-test-"));
    const durable = openDatabase(path.join(dir, "a.sqlite"));
    const relaxed = openDatabase(path.join(dir, "b.sqlite"), { synchronous: "NORMAL" });
    try {
      expect(await durable.all("PRAGMA synchronous")).toEqual([{ synchronous: 2 }]);
      expect(await durable.all("PRAGMA journal_mode")).toEqual([{ journal_mode: "wal" }]);
      expect(await relaxed.all("PRAGMA synchronous")).toEqual([{ synchronous: 1 }]);
    } finally {
      await durable.close();
      await relaxed.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
