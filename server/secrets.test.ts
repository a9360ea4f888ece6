import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadBackupSealKeys, loadSecrets, sealKeyFromLinkSecret } from "./secrets.ts";

describe("loadSecrets", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("creates keys.json once, readable by its owner only, and reads the same keys back", () => {
    dir = mkdtempSync(path.join(tmpdir(), "secrets-test-"));
    const first = loadSecrets(dir, {});
    const file = path.join(dir, "keys.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadSecrets(dir, {});
    expect(second.niKey.equals(first.niKey)).toBe(true);
    expect(second.ipSalt).toBe(first.ipSalt);
    expect(second.resultSecret).toBe(first.resultSecret);
  });

  it("never replaces an existing key file, and makes a loosely readable one private", () => {
    dir = mkdtempSync(path.join(tmpdir(), "secrets-test-"));
    const file = path.join(dir, "keys.json");
    const keys = { niKey: "cd".repeat(32), ipSalt: "salt-from-backup-0001", resultSecret: "r".repeat(43) };
    writeFileSync(file, JSON.stringify(keys));
    chmodSync(file, 0o644);
    const secrets = loadSecrets(dir, {});
    expect(secrets.niKey.toString("hex")).toBe(keys.niKey);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(keys);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("says what to do when the key file is damaged or incomplete, instead of making new keys", () => {
    dir = mkdtempSync(path.join(tmpdir(), "secrets-test-"));
    const file = path.join(dir, "keys.json");
    writeFileSync(file, "{ not json", { mode: 0o600 });
    expect(() => loadSecrets(dir, {})).toThrow(/not valid JSON\. Restore it from a backup/);
    writeFileSync(file, JSON.stringify({ ipSalt: "salt-from-backup-0001" }));
    expect(() => loadSecrets(dir, {})).toThrow(/lacks a key.*NI_ENCRYPTION_KEY/);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ ipSalt: "salt-from-backup-0001" });
  });

  it("writes no file when the environment gives all three keys", () => {
    dir = mkdtempSync(path.join(tmpdir(), "secrets-test-"));
    const secrets = loadSecrets(dir, {
      NI_ENCRYPTION_KEY: "ab".repeat(32),
      IP_HASH_SALT: "salt-from-the-environment",
      FORM_RESULT_SECRET: "s".repeat(40),
    });
    expect(secrets.ipSalt).toBe("salt-from-the-environment");
    expect(() => statSync(path.join(dir, "keys.json"))).toThrow(/ENOENT/);
  });

  it("keeps previous NI keys for reading, from the key file or the environment, and refuses a malformed one", () => {
    dir = mkdtempSync(path.join(tmpdir(), "secrets-test-"));
    const file = path.join(dir, "keys.json");
    const keys = {
      niKey: "cd".repeat(32),
      previousNiKeys: ["ab".repeat(32), "cd".repeat(32)],
      ipSalt: "salt-from-backup-0001",
      resultSecret: "r".repeat(43),
    };
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
    const fromFile = loadSecrets(dir, {});
    expect(fromFile.niKeys.current.toString("hex")).toBe(keys.niKey);
    // The current key is never its own previous key.
    expect(fromFile.niKeys.previous.map((key) => key.toString("hex"))).toEqual(["ab".repeat(32)]);

    const fromEnv = loadSecrets(dir, {
      NI_ENCRYPTION_KEY_PREVIOUS: ` ${"ef".repeat(32)}, ${"01".repeat(32)}`,
    });
    expect(fromEnv.niKeys.previous.map((key) => key.toString("hex"))).toEqual([
      "ef".repeat(32),
      "01".repeat(32),
    ]);

    writeFileSync(file, JSON.stringify({ ...keys, previousNiKeys: ["not-a-key"] }));
    expect(() => loadSecrets(dir, {})).toThrow(/previousNiKeys .* 64 hexadecimal characters/);
  });
});

describe("loadBackupSealKeys", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const hex = (key: Buffer) => key.toString("hex");

  it("takes the backups' own key and earlier ones from the environment, without the link secret or keys.json", () => {
    dir = mkdtempSync(path.join(tmpdir(), "secrets-test-"));
    const keys = loadBackupSealKeys(dir, {
      BACKUP_SEAL_KEY: "a1".repeat(32),
      BACKUP_SEAL_KEY_PREVIOUS: ` ${"b2".repeat(32)}, ${"a1".repeat(32)},${"c3".repeat(32)}`,
    });
    expect(hex(keys.current)).toBe("a1".repeat(32));
    // Newest first, as given; the current key is never its own previous one.
    expect(keys.previous.map(hex)).toEqual(["b2".repeat(32), "c3".repeat(32)]);
    expect(keys.fromLinkSecret).toBe(false);
    // The backup unit has no key file and no other secret: none was made or needed.
    expect(() => statSync(path.join(dir, "keys.json"))).toThrow(/ENOENT/);
  });

  it("is the same whatever the link secret is, once the backups have a key of their own", () => {
    dir = mkdtempSync(path.join(tmpdir(), "secrets-test-"));
    const own = { BACKUP_SEAL_KEY: "d4".repeat(32) };
    const before = loadBackupSealKeys(dir, { ...own, FORM_RESULT_SECRET: "s".repeat(40) });
    const after = loadBackupSealKeys(dir, { ...own, FORM_RESULT_SECRET: "t".repeat(40) });
    expect(hex(after.current)).toBe(hex(before.current));
  });

  it("seals as before, with the key derived from the link secret, until the backups have their own", () => {
    dir = mkdtempSync(path.join(tmpdir(), "secrets-test-"));
    const legacy = loadBackupSealKeys(dir, { FORM_RESULT_SECRET: "s".repeat(40) });
    expect(hex(legacy.current)).toBe(hex(sealKeyFromLinkSecret("s".repeat(40))));
    expect(legacy.fromLinkSecret).toBe(true);

    // A keys.json from before the seal key had its own entry: derived from its resultSecret.
    const file = path.join(dir, "keys.json");
    const old = { niKey: "cd".repeat(32), ipSalt: "salt-from-backup-0001", resultSecret: "r".repeat(43) };
    writeFileSync(file, JSON.stringify(old), { mode: 0o600 });
    expect(hex(loadBackupSealKeys(dir, {}).current)).toBe(hex(sealKeyFromLinkSecret(old.resultSecret)));
    expect(JSON.parse(readFileSync(file, "utf8")), "the key file is never rewritten").toEqual(old);

    // Given its own key and the earlier ones there, it uses those.
    writeFileSync(
      file,
      JSON.stringify({ ...old, backupSealKey: "e5".repeat(32), previousBackupSealKeys: ["f6".repeat(32)] }),
    );
    const own = loadBackupSealKeys(dir, {});
    expect(hex(own.current)).toBe("e5".repeat(32));
    expect(own.previous.map(hex)).toEqual(["f6".repeat(32)]);
    expect(own.fromLinkSecret).toBe(false);
  });

  it("makes a new keys.json with a seal key of its own, apart from the link secret", () => {
    dir = mkdtempSync(path.join(tmpdir(), "secrets-test-"));
    const keys = loadBackupSealKeys(dir, {});
    const stored = JSON.parse(readFileSync(path.join(dir, "keys.json"), "utf8"));
    expect(stored.backupSealKey).toMatch(/^[0-9a-f]{64}$/);
    expect(hex(keys.current)).toBe(stored.backupSealKey);
    expect(hex(keys.current)).not.toBe(hex(sealKeyFromLinkSecret(stored.resultSecret)));
    expect(hex(loadBackupSealKeys(dir, {}).current)).toBe(stored.backupSealKey);
  });

  it("refuses a malformed earlier key, naming where it came from", () => {
    dir = mkdtempSync(path.join(tmpdir(), "secrets-test-"));
    expect(() =>
      loadBackupSealKeys(dir, { BACKUP_SEAL_KEY: "a1".repeat(32), BACKUP_SEAL_KEY_PREVIOUS: "not-a-key" }),
    ).toThrow(/BACKUP_SEAL_KEY_PREVIOUS must hold keys of 64 hexadecimal characters/);
  });
});
