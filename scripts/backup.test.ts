// npm run data -- backup / restore on both databases, with real server processes and the real
// command: a person erased after the backup was taken stays erased when it is restored; a backup is
// sealed (encrypted to the operator's key, signed by the installation) and proves itself before a restore
// loads anything.
import { execFile } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";
import { Decrypter, Encrypter } from "age-encryption";
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
      env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent", ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** A key pair made with `npm run data -- backup-key`: the identity file's path and the public key. */
async function backupKey(dir: string, name = "backup-identity.txt") {
  const identity = path.join(dir, name);
  const made = await data({}, "backup-key", identity);
  expect(made.code).toBe(0);
  const recipient = made.stdout.split("\n")[0] ?? "";
  expect(recipient).toMatch(/^age1/);
  return { identity, recipient };
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
    writeFileSync(path.join(dir, "erasure-ledger.jsonl"), "");
    const backup = path.join(dir, "site.backup");
    const backedUpFrom = Date.now();
    expect((await data({ DATABASE_URL: site, DATA_DIR: dir }, "backup", backup, "--plaintext")).code).toBe(0);
    // The backup recorded when it finished, for /metrics and the Health page.
    const recorded = new DatabaseSync(site, { readOnly: true });
    const finished = recorded.prepare("SELECT succeeded_at FROM job_runs WHERE job = 'backup'").get();
    recorded.close();
    expect(Number(finished?.succeeded_at)).toBeGreaterThanOrEqual(backedUpFrom);
    expect(Number(finished?.succeeded_at)).toBeLessThanOrEqual(Date.now());

    const restoreDir = path.join(dir, "restored");
    mkdirSync(restoreDir);
    const env = { DATABASE_URL: path.join(restoreDir, "site.sqlite"), DATA_DIR: dir };
    // Nothing beside the files either (SQLite's -wal and -shm).
    const before = readdirSync(dir).sort();
    for (const file of [text, empty, other]) {
      const refused = await data(env, "restore", file);
      expect(refused.code, file).toBe(1);
      expect(refused.stderr, file).toBe(
        `Nothing was restored: ${file} is not a backup made by this site's backup command.\n`,
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

  /** How many tables the database holds: none means nothing was loaded. */
  async function tableCount(url: string): Promise<number> {
    if (dialect === "sqlite") {
      if (!existsSync(url)) return 0;
      return (
        (await rows<{ n: number }>(url, "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'"))[0]
          ?.n ?? 0
      );
    }
    const [row] = await rows<{ n: string }>(
      url,
      "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')",
    );
    return Number(row?.n);
  }

  /** Runs SQL against the source database, as someone with access to it (not the site) would. */
  async function tamper(url: string, sql: string): Promise<void> {
    if (dialect === "sqlite") {
      const db = new DatabaseSync(url);
      try {
        db.exec(sql);
      } finally {
        db.close();
      }
      return;
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  /** A migrated database with a key pair and a ledger, as an installation has. */
  async function installation() {
    const dir = mkdtempSync(path.join(tmpdir(), "site-sealed-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const { identity, recipient } = await backupKey(dir);
    const env = {
      DATABASE_URL: await emptyDatabase(dir, "source"),
      DATA_DIR: dir,
      BACKUP_RECIPIENT: recipient,
    };
    expect((await data(env, "purge")).code).toBe(0);
    writeFileSync(path.join(dir, "erasure-ledger.jsonl"), "");
    return { dir, env, identity, recipient };
  }

  it("a backup cannot be read without its identity, and is never written unencrypted unless asked", async () => {
    const { dir, env, identity } = await installation();
    const other = await backupKey(dir, "another-identity.txt");
    const file = path.join(dir, "site.backup");
    const made = await data(env, "backup", file);
    expect(made.stdout).toContain("encrypted to BACKUP_RECIPIENT");
    // Nothing of the database shows through: neither file format's signature nor a migration's name.
    const bytes = readFileSync(file);
    for (const text of ["SQLite format 3", "PGDMP", "schema_migrations", "001_leads"])
      expect(bytes.includes(text), text).toBe(false);

    const target = { ...env, DATABASE_URL: await emptyDatabase(dir, "restored") };
    const without = await data(target, "restore", file);
    expect(without.code).toBe(1);
    expect(without.stderr).toBe(
      `Nothing was restored: ${file} is encrypted: give the identity file made with backup-key (--identity <file>).\n`,
    );
    const wrong = await data(target, "restore", file, "--identity", other.identity);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe(
      `Nothing was restored: the identity given cannot open ${file}: it was encrypted to another key.\n`,
    );
    expect(await tableCount(target.DATABASE_URL)).toBe(0);
    const right = await data(target, "restore", file, "--identity", identity);
    expect(right.stderr).toBe("");
    expect(right.code).toBe(0);
    expect(await tableCount(target.DATABASE_URL)).toBeGreaterThan(10);

    // No public key means no backup (a settings file with the key left blank), unless asked by name.
    const { BACKUP_RECIPIENT: _, ...unkeyed } = env;
    const plain = path.join(dir, "plain.backup");
    const refused = await data(unkeyed, "backup", plain);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("BACKUP_RECIPIENT is not set");
    expect(existsSync(plain)).toBe(false);
    const asked = await data(unkeyed, "backup", plain, "--plaintext");
    expect(asked.stdout).toContain("unencrypted, as --plaintext asked");
    expect(asked.code).toBe(0);
    expect(readFileSync(plain).includes("SQLite format 3") || readFileSync(plain).includes("PGDMP")).toBe(
      true,
    );
  }, 240_000);

  it("a backup holding a trigger or a table the migrations do not make is refused, and nothing is loaded", async () => {
    const { dir, env, identity } = await installation();
    const target = { ...env, DATABASE_URL: await emptyDatabase(dir, "restored") };
    // What a tampered database might carry: every new lead copied somewhere else.
    await tamper(
      env.DATABASE_URL,
      dialect === "sqlite"
        ? "CREATE TRIGGER copy_out AFTER INSERT ON enquiries BEGIN INSERT INTO outbox (channel, to_address, subject, body, status, created_at, next_attempt_at) SELECT 'email', 'thief@example.com', 'copy', NEW.email, 'queued', 0, 0; END"
        : "CREATE FUNCTION copy_out() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$; CREATE TRIGGER copy_out AFTER INSERT ON enquiries FOR EACH ROW EXECUTE FUNCTION copy_out()",
    );
    const triggered = path.join(dir, "trigger.backup");
    expect((await data(env, "backup", triggered)).code).toBe(0);
    const refused = await data(target, "restore", triggered, "--identity", identity);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^Nothing was restored: \S+trigger\.backup holds a (trigger|function) named copy_out that the site's migrations do not make\.\n$/,
    );
    expect(await tableCount(target.DATABASE_URL)).toBe(0);

    await tamper(
      env.DATABASE_URL,
      dialect === "sqlite"
        ? "DROP TRIGGER copy_out; CREATE TABLE shadow_admins (email TEXT)"
        : "DROP TRIGGER copy_out ON enquiries; DROP FUNCTION copy_out(); CREATE TABLE shadow_admins (email TEXT)",
    );
    const tabled = path.join(dir, "table.backup");
    expect((await data(env, "backup", tabled)).code).toBe(0);
    const again = await data(target, "restore", tabled, "--identity", identity);
    expect(again.stderr).toBe(
      `Nothing was restored: ${tabled} holds a table named shadow_admins that the site's migrations do not make.\n`,
    );
    expect(await tableCount(target.DATABASE_URL)).toBe(0);
    expect(readdirSync(dir).filter((name) => name.startsWith("."))).toEqual([]);
  }, 240_000);

  it("a backup re-encrypted by someone else, or made by another installation, is refused", async () => {
    const { dir, env, identity, recipient } = await installation();
    const file = path.join(dir, "site.backup");
    expect((await data(env, "backup", file)).code).toBe(0);
    // Whoever has the public key can encrypt a file of their choosing; without the installation's key
    // they cannot sign it. Here the very same dump, opened and encrypted again.
    const bytes = readFileSync(file);
    const newline = bytes.indexOf(0x0a);
    const decrypter = new Decrypter();
    decrypter.addIdentity((readFileSync(identity, "utf8").match(/^AGE-SECRET-KEY-1\S+$/m) ?? [""])[0]);
    const dump = await decrypter.decrypt(bytes.subarray(newline + 1));
    const encrypter = new Encrypter();
    encrypter.addRecipient(recipient);
    const forged = path.join(dir, "forged.backup");
    writeFileSync(forged, Buffer.concat([bytes.subarray(0, newline + 1), await encrypter.encrypt(dump)]));

    const elsewhere = mkdtempSync(path.join(tmpdir(), "site-elsewhere-"));
    cleanups.push(() => rmSync(elsewhere, { recursive: true, force: true }));
    const foreign = path.join(dir, "foreign.backup");
    expect((await data({ ...env, DATA_DIR: elsewhere }, "backup", foreign)).code).toBe(0);

    const target = { ...env, DATABASE_URL: await emptyDatabase(dir, "restored") };
    for (const refusedFile of [forged, foreign]) {
      const refused = await data(target, "restore", refusedFile, "--identity", identity);
      expect(refused.code, refusedFile).toBe(1);
      expect(refused.stderr, refusedFile).toBe(
        `Nothing was restored: ${refusedFile} was not written by this installation, or was changed after it was written, so it cannot be trusted.\n`,
      );
      expect(await tableCount(target.DATABASE_URL)).toBe(0);
    }
  }, 240_000);

  it("restore refuses without the erasure ledger; --without-ledger restores and says what that means", async () => {
    const { dir, env, identity } = await installation();
    const file = path.join(dir, "site.backup");
    expect((await data(env, "backup", file)).code).toBe(0);
    const lost = path.join(dir, "lost", "erasure-ledger.jsonl");
    const target = { ...env, DATABASE_URL: await emptyDatabase(dir, "restored"), ERASURE_LEDGER: lost };
    const refused = await data(target, "restore", file, "--identity", identity);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`there is no erasure ledger at ${lost}`);
    expect(refused.stderr).toContain("everyone erased since the backup was taken would come back");
    expect(await tableCount(target.DATABASE_URL)).toBe(0);

    const told = await data(target, "restore", file, "--identity", identity, "--without-ledger");
    expect(told.code).toBe(0);
    expect(told.stdout).toContain(
      "without the erasure ledger: anyone erased since the backup was taken is back in the database",
    );
    expect(await tableCount(target.DATABASE_URL)).toBeGreaterThan(10);
  }, 240_000);

  // pg_dump and pg_restore are PostgreSQL's own tools: the case exists only where they run.
  if (dialect === "postgres")
    it("pg_dump and pg_restore never see the database password on their command line", async () => {
      const { dir, env, identity } = await installation();
      // Each tool, wrapped: what it was started with is written down, then the real one runs.
      const bin = path.join(dir, "bin");
      mkdirSync(bin);
      const seen = path.join(dir, "command-lines.txt");
      for (const tool of ["pg_dump", "pg_restore"]) {
        const real = (await run("sh", ["-c", `command -v ${tool}`])).stdout.trim();
        writeFileSync(
          path.join(bin, tool),
          `#!/bin/sh\nprintf '%s\\n' "${tool} $*" >> '${seen}'\nexec '${real}' "$@"\n`,
        );
        chmodSync(path.join(bin, tool), 0o755);
      }
      const withPassword = (url: string) => {
        const parsed = new URL(url);
        parsed.password = "not-for-ps-4711";
        return parsed.toString();
      };
      const tools = { PATH: `${bin}:${process.env.PATH}` };
      const file = path.join(dir, "site.backup");
      const backup = await data(
        { ...env, ...tools, DATABASE_URL: withPassword(env.DATABASE_URL) },
        "backup",
        file,
      );
      expect(backup.code).toBe(0);
      const restoredUrl = withPassword(await emptyDatabase(dir, "restored"));
      const restore = await data(
        { ...env, ...tools, DATABASE_URL: restoredUrl },
        "restore",
        file,
        "--identity",
        identity,
      );
      expect(restore.stderr).toBe("");
      expect(restore.code).toBe(0);
      const lines = readFileSync(seen, "utf8");
      expect(lines).toMatch(/^pg_dump /m);
      expect(lines).toMatch(/^pg_restore .*--dbname=/m);
      expect(lines).not.toContain("not-for-ps-4711");
      expect(lines).not.toContain("postgres://");
    }, 240_000);

  it("a person erased after the backup is gone again once it is restored; everyone else is back", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "site-backup-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const source = await emptyDatabase(dir, "source");
    const { identity, recipient } = await backupKey(dir);
    const env = { DATABASE_URL: source, DATA_DIR: dir, BACKUP_RECIPIENT: recipient };
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
    // A write cut short by a crash leaves half a line at the end of the ledger: skipped, said, not fatal.
    const ledgerFile = path.join(dir, "erasure-ledger.jsonl");
    const whole = readFileSync(ledgerFile, "utf8").split("\n").filter(Boolean).length;
    writeFileSync(ledgerFile, '{"at":17', { flag: "a" });

    const restoredUrl = await emptyDatabase(dir, "restored");
    const restore = await data(
      { ...env, DATABASE_URL: restoredUrl },
      "restore",
      file,
      "--identity",
      identity,
    );
    expect(restore.stderr).toBe(
      `Warning: line ${whole + 1} of the erasure ledger is incomplete (a write cut short) and was skipped.\n`,
    );
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
    const again = await data({ ...env, DATABASE_URL: restoredUrl }, "restore", file, "--identity", identity);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("Nothing was restored");

    // The ledger is what keeps the person erased: without it, the backup brings them back.
    const empty = path.join(dir, "empty-ledger.jsonl");
    writeFileSync(empty, "");
    const unguardedUrl = await emptyDatabase(dir, "unguarded");
    await data(
      { ...env, DATABASE_URL: unguardedUrl, ERASURE_LEDGER: empty },
      "restore",
      file,
      "--identity",
      identity,
    );
    const back = await rows<{ email: string }>(unguardedUrl, "SELECT email FROM enquiries");
    expect(back.map((r) => r.email)).toContain(erased);
  }, 180_000);
});
