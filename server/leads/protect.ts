import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * The keys National Insurance numbers are read with: the current one, which encrypts, and any previous
 * ones, kept for reading while `npm run data -- rotate-key` moves the stored numbers to the current key.
 */
export type NiKeyring = { current: Buffer; previous: readonly Buffer[] };

/** One key (the current one), or a keyring with previous keys too. */
export type NiKeys = Buffer | NiKeyring;

function ring(keys: NiKeys): NiKeyring {
  return Buffer.isBuffer(keys) ? { current: keys, previous: [] } : keys;
}

/** A key's id: 8 characters of a hash of it, naming the key in each value without revealing it. */
export function niKeyId(key: Buffer): string {
  return createHash("sha256").update("ni-key-id\0").update(key).digest().subarray(0, 6).toString("base64url");
}

/**
 * Encrypts a National Insurance number with AES-256-GCM under the current key:
 * "v2.<key id>.<iv>.<tag>.<ciphertext>", base64url parts; the version and key id are authenticated too.
 */
export function encryptNiNumber(plain: string, keys: NiKeys): string {
  const key = ring(keys).current;
  const header = `v2.${niKeyId(key)}`;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(header));
  const encrypted = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [header, ...[iv, tag, encrypted].map((part) => part.toString("base64url"))].join(".");
}

function open(key: Buffer, iv: string, tag: string, encrypted: string, header?: string): string {
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  if (header) decipher.setAAD(Buffer.from(header));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(encrypted, "base64url")), decipher.final()]).toString(
    "utf8",
  );
}

/**
 * Reverses encryptNiNumber with the key its value names; reads the older "v1.<iv>.<tag>.<ciphertext>",
 * which names none, with whichever key authenticates it. Throws when no key fits or the value was
 * tampered with.
 */
export function decryptNiNumber(stored: string, keys: NiKeys): string {
  const { current, previous } = ring(keys);
  const parts = stored.split(".");
  if (parts[0] === "v2" && parts.length === 5) {
    const [version, id, iv, tag, encrypted] = parts as [string, string, string, string, string];
    const key = [current, ...previous].find((candidate) => niKeyId(candidate) === id);
    if (!key) throw new Error(`NI number encrypted under key ${id}, which this server does not have`);
    return open(key, iv, tag, encrypted, `${version}.${id}`);
  }
  if (parts[0] === "v1" && parts.length === 4) {
    const [, iv, tag, encrypted] = parts as [string, string, string, string];
    let failure: unknown;
    for (const key of [current, ...previous]) {
      try {
        return open(key, iv, tag, encrypted);
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  }
  throw new Error("Unknown NI number format");
}

/** True when a stored value is already encrypted under this key: a rotation leaves it as it is. */
export function isUnderKey(stored: string, key: Buffer): boolean {
  return stored.startsWith(`v2.${niKeyId(key)}.`);
}

/** A fingerprint of a submission's content, to spot the same form sent twice. */
export function contentHash(parts: (string | Uint8Array)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) {
    hash.update(part);
    hash.update("\0");
  }
  return hash.digest("base64url");
}
