/**
 * A backup's seal: the dump encrypted with age to the operator's public key (BACKUP_RECIPIENT), so the
 * server that writes it cannot read it back and a stolen copy reveals nothing, and signed with
 * HMAC-SHA256 under the installation's seal key (BACKUP_SEAL_KEY; see loadBackupSealKeys in secrets.ts),
 * so a restore can tell a backup this installation wrote from one somebody else made (anyone holding
 * the public key can encrypt). A restore tries the current key and the previous ones, so the key can change.
 *
 * The file is one header line, then the body (age's binary format, or the dump itself when written
 * unencrypted on purpose):
 *
 *   site-backup 1 <sqlite|postgres> <age|none> <HMAC of the line's first four fields and the body, hex>
 *
 * Everything after the line is what `age --decrypt` reads, should the operator ever need to by hand.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createReadStream, createWriteStream, type ReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { Readable, Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { Decrypter, Encrypter, generateX25519Identity, identityToRecipient } from "age-encryption";

export type BackupDialect = "sqlite" | "postgres";
type Body = "age" | "none";

/** The header's first fields; the HMAC follows them. */
const magic = "site-backup 1";
/** A header is short; anything longer before its newline is not one. */
const longestHeader = 256;

/** A new age key pair: the identity (the private key, for restores) and its public recipient. */
export async function newBackupKey(): Promise<{ identity: string; recipient: string }> {
  const identity = await generateX25519Identity();
  return { identity, recipient: await identityToRecipient(identity) };
}

/** True for an age X25519 public key as `newBackupKey` prints it. */
export function isBackupRecipient(value: string): boolean {
  return /^age1[02-9ac-hj-np-z]{58}$/.test(value);
}

function headerFields(dialect: BackupDialect, body: Body): string {
  return `${magic} ${dialect} ${body}`;
}

/** Passes bytes through while hashing them. */
function hashing(hmac: ReturnType<typeof createHmac>): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hmac.update(chunk);
      done(null, chunk);
    },
  });
}

/**
 * Writes `dump` (a stream of the database's backup) sealed into `file`, which must not exist: encrypted
 * to `recipient`, or as it is when `recipient` is null. The header is written first with a blank HMAC
 * and filled in once the body is on disk, so the dump is read only once.
 */
export async function writeSealed(
  dump: Readable,
  file: string,
  options: { dialect: BackupDialect; recipient: string | null; key: Buffer },
): Promise<void> {
  const fields = headerFields(options.dialect, options.recipient ? "age" : "none");
  const hmac = createHmac("sha256", options.key).update(`${fields}\n`);
  const blank = `${fields} ${"0".repeat(64)}\n`;
  const out = createWriteStream(file, { flags: "wx", mode: 0o600 });
  await new Promise<void>((resolve, reject) => {
    out.once("open", () => resolve());
    out.once("error", reject);
  });
  out.write(blank);
  let body: Readable = dump;
  if (options.recipient) {
    const encrypter = new Encrypter();
    encrypter.addRecipient(options.recipient);
    const encrypted = await encrypter.encrypt(Readable.toWeb(dump) as ReadableStream<Uint8Array>);
    body = Readable.fromWeb(encrypted as WebReadableStream<Uint8Array>);
  }
  await pipeline(body, hashing(hmac), out as Writable);
  const handle = await open(file, "r+");
  try {
    await handle.write(`${fields} ${hmac.digest("hex")}\n`, 0);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** What a sealed file's header says, once its HMAC has been checked against the whole file. */
export type Sealed = {
  dialect: BackupDialect;
  encrypted: boolean;
  bodyStart: number;
  /** The header's fields and HMAC, to check again what unseal() reads. */
  fields: string;
  mac: Buffer;
  key: Buffer;
};

async function readHeader(file: string): Promise<{ line: string; bodyStart: number } | null> {
  const handle = await open(file, "r").catch(() => null);
  if (!handle) return null;
  try {
    const buffer = Buffer.alloc(longestHeader);
    const { bytesRead } = await handle.read(buffer, 0, longestHeader, 0).catch(() => ({ bytesRead: 0 }));
    const end = buffer.subarray(0, bytesRead).indexOf(0x0a);
    if (end < 0) return null;
    return { line: buffer.subarray(0, end).toString("latin1"), bodyStart: end + 1 };
  } finally {
    await handle.close();
  }
}

/**
 * Checks that `file` is a backup this installation wrote and that not a byte has changed since: its
 * header is a seal's and its HMAC, under one of `keys` (the current seal key, then earlier ones),
 * matches. The file is read once, whatever the number of keys. Throws one sentence otherwise.
 */
export async function verifySeal(file: string, keys: readonly Buffer[]): Promise<Sealed> {
  const header = await readHeader(file);
  const match = header && /^(site-backup 1 (sqlite|postgres) (age|none)) ([0-9a-f]{64})$/.exec(header.line);
  if (!header || !match) throw new Error(`${file} is not a backup made by this site's backup command.`);
  const [, fields, dialect, body, mac] = match as unknown as [string, string, BackupDialect, Body, string];
  const hmacs = keys.map((key) => createHmac("sha256", key).update(`${fields}\n`));
  const stream: ReadStream = createReadStream(file, { start: header.bodyStart });
  for await (const chunk of stream) for (const hmac of hmacs) hmac.update(chunk as Buffer);
  const expected = Buffer.from(mac, "hex");
  const opened = hmacs.findIndex((hmac) => timingSafeEqual(hmac.digest(), expected));
  const key = keys[opened];
  if (!key) throw untrusted(file);
  return { dialect, encrypted: body === "age", bodyStart: header.bodyStart, fields, mac: expected, key };
}

function untrusted(file: string): Error {
  return new Error(
    `${file} was not written by this installation, or was changed after it was written, so it cannot be trusted.`,
  );
}

/**
 * Writes the dump inside a verified sealed file to `out` (a new, private file), decrypting it with the
 * age identity when it is encrypted. Throws one sentence when the identity cannot open it.
 */
export async function unseal(
  file: string,
  sealed: Sealed,
  identity: string | null,
  out: string,
): Promise<void> {
  // What is read now is hashed again: a file swapped since verifySeal() is caught before it is used.
  const hmac = createHmac("sha256", sealed.key).update(`${sealed.fields}\n`);
  const body = createReadStream(file, { start: sealed.bodyStart }).pipe(hashing(hmac));
  const target = createWriteStream(out, { flags: "wx", mode: 0o600 });
  const checkAgain = () => {
    if (!timingSafeEqual(hmac.digest(), sealed.mac)) throw untrusted(file);
  };
  if (!sealed.encrypted) {
    await pipeline(body, target);
    checkAgain();
    return;
  }
  if (!identity) {
    body.destroy();
    target.destroy();
    throw new Error(`${file} is encrypted: give the identity file made with backup-key (--identity <file>).`);
  }
  const decrypter = new Decrypter();
  let plain: ReadableStream<Uint8Array>;
  try {
    decrypter.addIdentity(identity);
    plain = await decrypter.decrypt(Readable.toWeb(body) as ReadableStream<Uint8Array>);
  } catch {
    body.destroy();
    target.destroy();
    throw new Error(`the identity given cannot open ${file}: it was encrypted to another key.`);
  }
  await pipeline(Readable.fromWeb(plain as WebReadableStream<Uint8Array>), target);
  checkAgain();
}
