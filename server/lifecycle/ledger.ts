import { createHmac } from "node:crypto";
import {
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  openSync,
  readFileSync,
  readSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { normaliseEmail } from "#core/email.ts";
import type { DeletionReason } from "#core/leads/model.ts";

/**
 * One line of the erasure ledger: a deletion as a restored backup must repeat it. Never personal data:
 * a lead's reference, a job alert's random id (left, or lapsed), or an e-mail address as a keyed hash
 * (HMAC-SHA256 under IP_HASH_SALT), which nobody without the key can turn back into the address.
 */
export type LedgerEntry = {
  /** When the deletion was made (ms since the epoch). */
  at: number;
  reason: DeletionReason;
} & ({ reference: string } | { email: string } | { alert: string });

/**
 * The erasure ledger: a file kept apart from the database (ERASURE_LEDGER, by default
 * erasure-ledger.jsonl in DATA_DIR) where every erasure and retention deletion is also written, one
 * JSON line each, before its transaction commits. `npm run data -- restore` reads it and deletes
 * again whatever a backup brings back. See docs/decisions/018-running-it-for-real.md.
 */
export type ErasureLedger = {
  readonly file: string;
  /** Appends entries and waits for them to be on disk. */
  record(entries: LedgerEntry[]): void;
  /** The keyed hash an address is written as. */
  emailHash(email: string): string;
  /**
   * Every entry written so far, oldest first. A line that is not a whole entry (a write cut short by a
   * crash, normally the last) is skipped and handed to `onSkipped` by its number, to be reported.
   */
  read(onSkipped?: (line: number) => void): LedgerEntry[];
};

/** A line as the entry it holds, or null when it is not a whole one. */
function parseEntry(line: string): LedgerEntry | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const entry = value as Record<string, unknown>;
  const named = ["reference", "email", "alert"].some((key) => typeof entry[key] === "string");
  return typeof entry.at === "number" && typeof entry.reason === "string" && named
    ? (entry as LedgerEntry)
    : null;
}

/** The erasure ledger's file: ERASURE_LEDGER, or erasure-ledger.jsonl in DATA_DIR. */
export function ledgerFor(env: { ERASURE_LEDGER?: string; DATA_DIR: string }, key: string): ErasureLedger {
  return createLedger(env.ERASURE_LEDGER ?? path.join(env.DATA_DIR, "erasure-ledger.jsonl"), key);
}

export function createLedger(file: string, key: string): ErasureLedger {
  return {
    file,
    record(entries) {
      if (entries.length === 0) return;
      const fd = openSync(file, "a+", 0o600);
      try {
        // After a write cut short, the next entry starts on a line of its own, not glued to the torn one.
        const size = fstatSync(fd).size;
        const last = Buffer.alloc(1);
        const torn = size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
        writeSync(fd, `${torn ? "\n" : ""}${entries.map((entry) => `${JSON.stringify(entry)}\n`).join("")}`);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    },
    emailHash: (email) =>
      createHmac("sha256", key)
        .update(`erasure-ledger:${normaliseEmail(email)}`)
        .digest("hex"),
    read(onSkipped) {
      if (!existsSync(file)) return [];
      const entries: LedgerEntry[] = [];
      for (const [index, line] of readFileSync(file, "utf8").split("\n").entries()) {
        if (!line.trim()) continue;
        const entry = parseEntry(line);
        if (entry) entries.push(entry);
        else onSkipped?.(index + 1);
      }
      return entries;
    },
  };
}
