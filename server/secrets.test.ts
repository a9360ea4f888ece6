import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadSecrets } from "./secrets.ts";

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
