// The backups' seal key with the real command, on SQLite: a backup sealed with one key still opens once
// the key has changed and the old one is listed as previous, the link secret (FORM_RESULT_SECRET) no longer
// has any say in opening one, and a backup sealed before the key had its own setting opens with the key
// `npm run data -- seal-key` gives for it.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);

/** `npm run data -- ...` with exactly this environment (and the test's own basics). */
async function data(env: Record<string, string>, ...args: string[]) {
  const { PATH, HOME } = process.env;
  try {
    const { stdout, stderr } = await run(process.execPath, ["scripts/data.ts", ...args], {
      env: { PATH: PATH ?? "", HOME: HOME ?? "", NODE_ENV: "test", LOG_LEVEL: "silent", ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const key = () => randomBytes(32).toString("hex");
const secret = () => randomBytes(32).toString("base64url");

describe("the backups' seal key", { timeout: 240_000 }, () => {
  let dir = "";
  let source = "";
  let targets = 0;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "site-seal-keys-"));
    source = path.join(dir, "source.sqlite");
    // A migrated database with an erasure ledger, as an installation has.
    expect((await data({ DATABASE_URL: source, DATA_DIR: dir }, "purge")).code).toBe(0);
    writeFileSync(path.join(dir, "erasure-ledger.jsonl"), "");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Writes a backup (unencrypted: the seal is what is tested) with these settings; resolves to its file. */
  async function backup(env: Record<string, string>) {
    const file = path.join(dir, `${randomBytes(4).toString("hex")}.backup`);
    const made = await data({ DATABASE_URL: source, DATA_DIR: dir, ...env }, "backup", file, "--plaintext");
    expect(made.code, made.stderr).toBe(0);
    return { file, stderr: made.stderr };
  }

  /** Restores a backup into a new, empty database with these settings. */
  async function restore(file: string, env: Record<string, string>) {
    targets += 1;
    const target = path.join(dir, `restored-${targets}.sqlite`);
    const result = await data({ DATABASE_URL: target, DATA_DIR: dir, ...env }, "restore", file);
    return { ...result, tables: result.code === 0 ? tableCount(target) : 0 };
  }

  function tableCount(file: string): number {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      return Number(
        (db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number }).n,
      );
    } finally {
      db.close();
    }
  }

  const untrusted = (file: string) =>
    `Nothing was restored: ${file} was not written by this installation, or was changed after it was written, so it cannot be trusted.\n`;

  it("opens a backup sealed with K1 after the key changes to K2, while K1 is listed as previous", async () => {
    const [k1, k2] = [key(), key()];
    const sealedWithK1 = await backup({ BACKUP_SEAL_KEY: k1 });
    expect(sealedWithK1.stderr).toBe("");
    const sealedWithK2 = await backup({ BACKUP_SEAL_KEY: k2, BACKUP_SEAL_KEY_PREVIOUS: k1 });

    const rotated = { BACKUP_SEAL_KEY: k2, BACKUP_SEAL_KEY_PREVIOUS: k1 };
    for (const { file } of [sealedWithK1, sealedWithK2]) {
      const restored = await restore(file, rotated);
      expect(restored.stderr, file).toBe("");
      expect(restored.code, file).toBe(0);
      expect(restored.tables, file).toBeGreaterThan(10);
    }
    // K1 taken off the list: what it sealed no longer opens; what K2 sealed does not need it.
    const dropped = await restore(sealedWithK1.file, { BACKUP_SEAL_KEY: k2 });
    expect(dropped.code).toBe(1);
    expect(dropped.stderr).toBe(untrusted(sealedWithK1.file));
    expect((await restore(sealedWithK2.file, { BACKUP_SEAL_KEY: k2 })).code).toBe(0);
    // Nor does the new key open anything on its own that K1 alone sealed.
    expect((await restore(sealedWithK1.file, { BACKUP_SEAL_KEY: key() })).code).toBe(1);
  });

  it("opens a backup whatever FORM_RESULT_SECRET has become since", async () => {
    const own = { BACKUP_SEAL_KEY: key() };
    const { file } = await backup({ ...own, FORM_RESULT_SECRET: secret() });
    const restored = await restore(file, { ...own, FORM_RESULT_SECRET: secret() });
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
  });

  it("opens a backup sealed before the key had its own setting, with the key seal-key gives for it", async () => {
    const oldLinkSecret = secret();
    const legacy = await backup({ FORM_RESULT_SECRET: oldLinkSecret });
    // The nightly unit's journal says how to stop depending on the link secret.
    expect(legacy.stderr).toContain("sealed with a key derived from FORM_RESULT_SECRET");

    // Moving on: the key that sealed it, as seal-key prints it while the old secret is still set...
    const printed = await data({ FORM_RESULT_SECRET: oldLinkSecret }, "seal-key");
    expect(printed.code).toBe(0);
    const legacyKey = printed.stdout.trim();
    expect(legacyKey).toMatch(/^[0-9a-f]{64}$/);
    expect(printed.stderr).toContain("Set it as BACKUP_SEAL_KEY");

    // ...then a new link secret and a new seal key: the old backup opens with the printed key listed.
    const now = { FORM_RESULT_SECRET: secret(), BACKUP_SEAL_KEY: key() };
    const refused = await restore(legacy.file, now);
    expect(refused.stderr).toBe(untrusted(legacy.file));
    const restored = await restore(legacy.file, { ...now, BACKUP_SEAL_KEY_PREVIOUS: legacyKey });
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);

    // Or kept as the current key, as the one-off move does: old and new backups open alike.
    const kept = { FORM_RESULT_SECRET: secret(), BACKUP_SEAL_KEY: legacyKey };
    const after = await backup(kept);
    expect(after.stderr).toBe("");
    for (const file of [legacy.file, after.file]) expect((await restore(file, kept)).code, file).toBe(0);
  });

  it("refuses a malformed seal key, naming it, before anything is written", async () => {
    const refused = await data(
      { DATABASE_URL: source, DATA_DIR: dir, BACKUP_SEAL_KEY: "not-a-key" },
      "backup",
      path.join(dir, "never.backup"),
      "--plaintext",
    );
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("BACKUP_SEAL_KEY");
  });
});
