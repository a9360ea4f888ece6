import { randomBytes } from "node:crypto";
import {
  chmodSync,
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import type { NiKeyring } from "./leads/protect.ts";

/**
 * The server's secrets: the NI number key (`niKey`, the current one, which encrypts; `niKeys`, it and any
 * previous keys, which read), the salt for client addresses, the result-token key.
 */
export type Secrets = { niKey: Buffer; niKeys: NiKeyring; ipSalt: string; resultSecret: string };

type Overrides = {
  NI_ENCRYPTION_KEY?: string;
  NI_ENCRYPTION_KEY_PREVIOUS?: string;
  IP_HASH_SALT?: string;
  FORM_RESULT_SECRET?: string;
};
type Stored = { niKey?: string; previousNiKeys?: string[]; ipSalt?: string; resultSecret?: string };

/** Previous NI keys, from a comma-separated list of 64 hexadecimal characters each; "" for none. */
function previousKeys(hexKeys: readonly string[], from: string): Buffer[] {
  return hexKeys
    .map((hex) => hex.trim())
    .filter(Boolean)
    .map((hex) => {
      if (!/^[0-9a-fA-F]{64}$/.test(hex)) {
        throw new Error(`${from} must hold keys of 64 hexadecimal characters each (256-bit keys).`);
      }
      return Buffer.from(hex, "hex");
    });
}

function readKeys(file: string): Stored | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  // Only its owner may read the keys: tighten a file that was copied in with looser permissions.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  try {
    return JSON.parse(text) as Stored;
  } catch {
    throw new Error(
      `${file} is not valid JSON. Restore it from a backup, or set the keys in the environment.`,
    );
  }
}

/**
 * Writes a new key file only if none exists, atomically: the keys go to a private temporary file,
 * which is then linked in under the real name. Linking fails if the name is taken, so when two
 * processes start together exactly one file wins, complete, and the other reads it.
 */
function createKeysExclusively(file: string, keys: Stored): boolean {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  const fd = openSync(temporary, "wx", 0o600);
  try {
    writeSync(fd, `${JSON.stringify(keys, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temporary, file);
    // The new name, too, must survive a power cut before any NI number is encrypted with the key.
    const dir = openSync(path.dirname(file), "r");
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/**
 * Takes each secret from the environment, or else from `keys.json` in the data folder, creating
 * that file (readable by its owner only) on first start. Losing the file makes stored NI numbers
 * unreadable: back it up with the database. Several processes on one database must share their
 * keys through the environment instead (see env.ts).
 */
export function loadSecrets(dataDir: string, env: Overrides): Secrets {
  const file = path.join(dataDir, "keys.json");
  const fromEnv = Boolean(env.NI_ENCRYPTION_KEY && env.IP_HASH_SALT && env.FORM_RESULT_SECRET);
  let stored: Stored = {};
  if (!fromEnv) {
    let existing = readKeys(file);
    if (!existing) {
      mkdirSync(dataDir, { recursive: true });
      const fresh: Stored = {
        niKey: randomBytes(32).toString("hex"),
        ipSalt: randomBytes(24).toString("base64url"),
        resultSecret: randomBytes(32).toString("base64url"),
      };
      // Another process may have created it first: then its keys are the ones everybody uses.
      existing = createKeysExclusively(file, fresh) ? fresh : readKeys(file);
    }
    stored = existing ?? {};
  }
  const niKeyHex = env.NI_ENCRYPTION_KEY ?? stored.niKey;
  const ipSalt = env.IP_HASH_SALT ?? stored.ipSalt;
  const resultSecret = env.FORM_RESULT_SECRET ?? stored.resultSecret;
  if (!niKeyHex || !ipSalt || !resultSecret) {
    throw new Error(
      `${file} lacks a key this server needs. Restore it from a backup, or set NI_ENCRYPTION_KEY, IP_HASH_SALT and FORM_RESULT_SECRET in the environment.`,
    );
  }
  const niKey = Buffer.from(niKeyHex, "hex");
  // Kept for reading during a rotation of the NI key (see docs/keys.md): the environment's list, or the file's.
  const previous = env.NI_ENCRYPTION_KEY_PREVIOUS
    ? previousKeys(env.NI_ENCRYPTION_KEY_PREVIOUS.split(","), "NI_ENCRYPTION_KEY_PREVIOUS")
    : previousKeys(
        Array.isArray(stored.previousNiKeys) ? stored.previousNiKeys : [],
        `previousNiKeys in ${file}`,
      );
  return {
    niKey,
    niKeys: { current: niKey, previous: previous.filter((key) => !key.equals(niKey)) },
    ipSalt,
    resultSecret,
  };
}
