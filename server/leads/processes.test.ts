// Several real server processes on one database: starting together, and sharing the delivery queue.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { decryptNiNumber } from "./protect.ts";
import {
  applicationFields,
  applicationForm,
  freshPostgresDatabase,
  postApplication,
  type ServerProcess,
  startServerProcess,
} from "./test-harness.ts";

type Dialect = "sqlite" | "postgres";

/** A fresh database of either kind, and a way to read it from outside the servers. */
async function freshDatabase(dialect: Dialect) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "leads-processes-"));
  if (dialect === "sqlite") {
    const file = path.join(dataDir, "site.sqlite");
    return {
      url: file,
      dataDir,
      async rows<T>(sql: string): Promise<T[]> {
        const db = new DatabaseSync(file, { readOnly: true });
        try {
          return db.prepare(sql).all() as T[];
        } finally {
          db.close();
        }
      },
      async drop() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const database = await freshPostgresDatabase();
  return {
    url: database.url,
    dataDir,
    async rows<T>(sql: string): Promise<T[]> {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        return (await client.query(sql)).rows as T[];
      } finally {
        await client.end();
      }
    },
    async drop() {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const migrationFiles = (dialect: Dialect) =>
  readdirSync(new URL(`../db/migrations/${dialect}/`, import.meta.url))
    .filter((name) => name.endsWith(".sql"))
    .sort();

describe.each<Dialect>(["postgres", "sqlite"])("server processes on one %s database", (dialect) => {
  let processes: ServerProcess[] = [];
  let cleanup: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    processes = [];
    await cleanup?.();
    cleanup = null;
  });

  it("four started at the same moment on a fresh database all come up, sharing one set of keys", async () => {
    const db = await freshDatabase(dialect);
    cleanup = db.drop;
    // Node takes a moment to start; all four open the database at one agreed instant.
    const env = { DATABASE_URL: db.url, DATA_DIR: db.dataDir, TEST_START_AT: String(Date.now() + 3000) };
    const started = await Promise.allSettled(Array.from({ length: 4 }, () => startServerProcess(env)));
    processes = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    const failures = started.flatMap((result) => (result.status === "rejected" ? [String(result.reason)] : []));
    expect(failures).toEqual([]);
    expect(processes).toHaveLength(4);

    for (const server of processes) {
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(200);
    }
    // Each migration applied exactly once, whichever process got there first.
    const applied = await db.rows<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name");
    expect(applied.map((row) => row.name)).toEqual(migrationFiles(dialect));
    const migratedBy = processes.filter((server) => server.logs.some((l) => l.msg === "server listening"));
    expect(migratedBy).toHaveLength(4);

    // One keys.json, private to its owner, and every process encrypts with its key.
    const keysFile = path.join(db.dataDir, "keys.json");
    expect(statSync(keysFile).mode & 0o777).toBe(0o600);
    expect(readdirSync(db.dataDir).filter((name) => name.startsWith("keys.json"))).toEqual(["keys.json"]);
    const niKey = Buffer.from((JSON.parse(readFileSync(keysFile, "utf8")) as { niKey: string }).niKey, "hex");
    for (const server of processes) {
      const response = await postApplication(server.url, applicationForm(applicationFields()));
      expect(response.status).toBe(200);
    }
    const stored = await db.rows<{ ni_number_encrypted: string }>(
      "SELECT ni_number_encrypted FROM applications",
    );
    expect(stored).toHaveLength(4);
    for (const row of stored) expect(decryptNiNumber(row.ni_number_encrypted, niKey)).toBe("AB123456C");
  }, 60_000);
});
