// npm run data -- backup / restore on both databases, with real server processes and the real
// command: a person erased after the backup was taken stays erased when it is restored.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import {
  applicationFields,
  applicationForm,
  type Dialect,
  freshPostgresDatabase,
  postApplication,
  postEnquiry,
  type ServerProcess,
  startServerProcess,
  validEnquiry,
} from "../tests/support/harness.ts";

const run = promisify(execFile);

/** `npm run data -- ...` with this environment; resolves to its exit code and output. */
async function data(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["scripts/data.ts", ...args], {
      env: { ...process.env, LOG_LEVEL: "silent", ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("restore on sqlite", () => {
  let dir = "";
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a file that is not a backup of the site in one line, and leaves nothing behind", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "site-restore-"));
    const text = path.join(dir, "notes.txt");
    writeFileSync(text, "Not a database.\n");
    const empty = path.join(dir, "empty.backup");
    writeFileSync(empty, "");
    const other = path.join(dir, "other.sqlite");
    const foreign = new DatabaseSync(other);
    foreign.exec("CREATE TABLE things (id INTEGER PRIMARY KEY)");
    foreign.close();
    const site = path.join(dir, "site.sqlite");
    expect((await data({ DATABASE_URL: site, DATA_DIR: dir }, "purge")).code).toBe(0);
    const backup = path.join(dir, "site.backup");
    expect((await data({ DATABASE_URL: site, DATA_DIR: dir }, "backup", backup)).code).toBe(0);

    const restoreDir = path.join(dir, "restored");
    mkdirSync(restoreDir);
    const env = { DATABASE_URL: path.join(restoreDir, "site.sqlite"), DATA_DIR: dir };
    // Nothing beside the files either (SQLite's -wal and -shm).
    const before = readdirSync(dir).sort();
    for (const file of [text, empty, other]) {
      const refused = await data(env, "restore", file);
      expect(refused.code, file).toBe(1);
      expect(refused.stderr, file).toBe(
        `Nothing was restored: ${file} is not a backup of the site's SQLite database.\n`,
      );
      expect(refused.stdout, file).toBe("");
      expect(readdirSync(restoreDir), file).toEqual([]);
      expect(readdirSync(dir).sort(), file).toEqual(before);
    }

    // The real backup then goes where the bad files did not stay.
    const restored = await data(env, "restore", backup);
    expect(restored.stderr).toBe("");
    expect(restored.stdout).toContain(`Restored ${backup}.`);
    expect(readdirSync(dir).sort()).toEqual(before);
    expect(readdirSync(restoreDir)).toContain("site.sqlite");
  }, 60_000);
});

describe.each<Dialect>(["sqlite", "postgres"])("backup and restore on %s", (dialect) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  let server: ServerProcess | null = null;
  afterEach(async () => {
    await server?.stop();
    server = null;
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A new, empty database's URL. */
  async function emptyDatabase(dir: string, name: string): Promise<string> {
    if (dialect === "sqlite") return path.join(dir, `${name}.sqlite`);
    const database = await freshPostgresDatabase();
    cleanups.push(database.drop);
    return database.url;
  }

  async function rows<T>(url: string, sql: string): Promise<T[]> {
    if (dialect === "sqlite") {
      const db = new DatabaseSync(url, { readOnly: true });
      try {
        return db.prepare(sql).all() as T[];
      } finally {
        db.close();
      }
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  }

  it("a person erased after the backup is gone again once it is restored; everyone else is back", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-backup-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const source = await emptyDatabase(dir, "source");
    const env = { DATABASE_URL: source, DATA_DIR: dir };
    server = await startServerProcess(env);

    const erased = "erase.me@example.co.uk";
    expect((await postEnquiry(server.url, validEnquiry({ email: erased }))).status).toBe(200);
    expect((await postEnquiry(server.url, validEnquiry({ email: "kept@example.co.uk" }))).status).toBe(200);
    const application = applicationFields({ email: "kept.applicant@example.co.uk" });
    expect((await postApplication(server.url, applicationForm(application))).status).toBe(200);

    // Taken while the server runs.
    const file = path.join(dir, "site.backup");
    const backup = await data(env, "backup", file);
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toContain(`Backed up the database to ${file}`);
    expect((await data(env, "backup", file)).code).toBe(1);

    const erasure = await data(env, "erase", erased);
    expect(erasure.stdout).toMatch(/^Erased 1 record \(1 enquiry\)/);
    await server.stop();
    server = null;

    const restoredUrl = await emptyDatabase(dir, "restored");
    const restore = await data({ ...env, DATABASE_URL: restoredUrl }, "restore", file);
    expect(restore.stderr).toBe("");
    expect(restore.stdout).toContain("The erasure ledger deleted 1 record (1 enquiry)");
    const emails = (await rows<{ email: string }>(restoredUrl, "SELECT email FROM enquiries")).map(
      (r) => r.email,
    );
    expect(emails).toEqual(["kept@example.co.uk"]);
    const applications = await rows<{ email: string }>(restoredUrl, "SELECT email FROM applications");
    expect(applications.map((r) => r.email)).toEqual(["kept.applicant@example.co.uk"]);
    // The CV came back with the application.
    expect(await rows(restoredUrl, "SELECT id FROM documents")).toHaveLength(1);
    const mail = await rows<{ to_address: string; reply_to: string | null }>(
      restoredUrl,
      "SELECT to_address, reply_to FROM outbox",
    );
    expect(mail.filter((m) => m.to_address === erased || m.reply_to === erased)).toEqual([]);

    // A database that is not empty is never restored over.
    const again = await data({ ...env, DATABASE_URL: restoredUrl }, "restore", file);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("Nothing was restored");

    // The ledger is what keeps the person erased: without it, the backup brings them back.
    const empty = path.join(dir, "empty-ledger.jsonl");
    writeFileSync(empty, "");
    const unguardedUrl = await emptyDatabase(dir, "unguarded");
    await data({ ...env, DATABASE_URL: unguardedUrl, ERASURE_LEDGER: empty }, "restore", file);
    const back = await rows<{ email: string }>(unguardedUrl, "SELECT email FROM enquiries");
    expect(back.map((r) => r.email)).toContain(erased);
  }, 180_000);
});
