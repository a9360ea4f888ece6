import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import ipaddr from "ipaddr.js";

// References are made with the rest of the lead model; the form handlers still take them from here.
export { newReference } from "./model.ts";

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

/**
 * The part of a client address that rate limits and repeat checks count by: an IPv4 address whole,
 * an IPv6 address by its /64, the block one household or one server is given (counting each of its
 * addresses apart would let one client try again from billions of them).
 */
export function clientNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return address.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${address.toNormalizedString()}/64`);
  return `${network.toRFC5952String()}/64`;
}

/** A client address reduced to a salted hash: enough to count requests, not to identify anyone. */
export function hashIp(ip: string, salt: string): string {
  return createHash("sha256").update(salt).update("\0").update(ip).digest("base64url").slice(0, 32);
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
