import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/** Encrypts a National Insurance number with AES-256-GCM: "v1.<iv>.<tag>.<ciphertext>", base64url parts. */
export function encryptNiNumber(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const encrypted = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return ["v1", iv, tag, encrypted]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** Reverses encryptNiNumber; throws when the key is wrong or the value was tampered with. */
export function decryptNiNumber(stored: string, key: Buffer): string {
  const [version, iv, tag, encrypted] = stored.split(".");
  if (version !== "v1" || !iv || !tag || !encrypted) throw new Error("Unknown NI number format");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(encrypted, "base64url")), decipher.final()]).toString(
    "utf8",
  );
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
