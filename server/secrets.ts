import { hkdfSync, randomBytes } from "node:crypto";
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
type Stored = {
  niKey?: string;
  previousNiKeys?: string[];
  ipSalt?: string;
  resultSecret?: string;
  /** The backups' own seal key; a file written before it existed has none (see loadBackupSealKeys). */
  backupSealKey?: string;
  previousBackupSealKeys?: string[];
};

/** A 256-bit key from 64 hexadecimal characters; `from` names where it came from when it is not one. */
function hexKey(hex: string, from: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) {
    throw new Error(`${from} must hold keys of 64 hexadecimal characters each (256-bit keys).`);
  }
  return Buffer.from(hex, "hex");
}

/** Keys of 64 hexadecimal characters each (previous NI keys, seal keys); blank entries are left out. */
function previousKeys(hexKeys: readonly string[], from: string): Buffer[] {
  return hexKeys
    .map((hex) => hex.trim())
    .filter(Boolean)
    .map((hex) => hexKey(hex, from));
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
        backupSealKey: randomBytes(32).toString("hex"),
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

/**
 * The seal key derived from the link secret (FORM_RESULT_SECRET), which sealed every backup before
 * backups had a key of their own: still what opens those, and what seals them until BACKUP_SEAL_KEY is set.
 */
export function sealKeyFromLinkSecret(resultSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", resultSecret, "", "backup-seal", 32));
}

/** The keys that seal backups: the current one, which seals, and earlier ones that still open. */
export type BackupSealKeys = {
  current: Buffer;
  previous: Buffer[];
  /** True when the current key is the one derived from the link secret (no seal key of its own yet). */
  fromLinkSecret: boolean;
};

type SealOverrides = Overrides & { BACKUP_SEAL_KEY?: string; BACKUP_SEAL_KEY_PREVIOUS?: string };

/**
 * The backups' seal keys: BACKUP_SEAL_KEY and BACKUP_SEAL_KEY_PREVIOUS from the environment, which is
 * all the backup unit holds. Without BACKUP_SEAL_KEY: with FORM_RESULT_SECRET in the environment (an
 * installation set up before backups had a key of their own), the key derived from it, as before;
 * otherwise keys.json's `backupSealKey` (made with the file), or, for a file written before it had one,
 * the key derived from its `resultSecret`. So every backup made so far still opens, and a new seal key
 * is one setting away (docs/keys.md).
 */
export function loadBackupSealKeys(dataDir: string, env: SealOverrides): BackupSealKeys {
  const file = path.join(dataDir, "keys.json");
  const fromEnv = Boolean(env.BACKUP_SEAL_KEY || env.FORM_RESULT_SECRET);
  // The key file is read only when the environment does not say, so the backup unit never touches it.
  let stored: Stored = {};
  if (!fromEnv) {
    // Made, with a seal key of its own, when there is none yet, as the server would make it.
    loadSecrets(dataDir, env);
    stored = readKeys(file) ?? {};
  }
  const previous = env.BACKUP_SEAL_KEY_PREVIOUS
    ? previousKeys(env.BACKUP_SEAL_KEY_PREVIOUS.split(","), "BACKUP_SEAL_KEY_PREVIOUS")
    : previousKeys(
        Array.isArray(stored.previousBackupSealKeys) ? stored.previousBackupSealKeys : [],
        `previousBackupSealKeys in ${file}`,
      );
  const own = env.BACKUP_SEAL_KEY ?? stored.backupSealKey;
  let current: Buffer;
  if (own) {
    current = hexKey(own.trim(), env.BACKUP_SEAL_KEY ? "BACKUP_SEAL_KEY" : `backupSealKey in ${file}`);
  } else {
    const linkSecret = env.FORM_RESULT_SECRET ?? stored.resultSecret;
    if (!linkSecret) throw new Error(`${file} lacks a key this server needs. Restore it from a backup.`);
    current = sealKeyFromLinkSecret(linkSecret);
  }
  return {
    current,
    previous: previous.filter((key) => !key.equals(current)),
    fromLinkSecret: !own,
  };
}
