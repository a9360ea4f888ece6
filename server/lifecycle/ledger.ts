import { createHmac } from "node:crypto";
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, writeSync } from "node:fs";
import { normaliseEmail } from "../../core/email.ts";
import type { DeletionReason } from "../../core/leads/model.ts";

/**
 * One line of the erasure ledger: a deletion as a restored backup must repeat it. Never personal data:
 * a lead's reference, or an e-mail address as a keyed hash (HMAC-SHA256 under IP_HASH_SALT), which
 * nobody without the key can turn back into the address.
 */
export type LedgerEntry = {
  /** When the deletion was made (ms since the epoch). */
  at: number;
  reason: DeletionReason;
} & ({ reference: string } | { email: string });

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
  /** Every entry written so far, oldest first. */
  read(): LedgerEntry[];
};

export function createLedger(file: string, key: string): ErasureLedger {
  return {
    file,
    record(entries) {
      if (entries.length === 0) return;
      const fd = openSync(file, "a", 0o600);
      try {
        writeSync(fd, entries.map((entry) => `${JSON.stringify(entry)}\n`).join(""));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    },
    emailHash: (email) =>
      createHmac("sha256", key)
        .update(`erasure-ledger:${normaliseEmail(email)}`)
        .digest("hex"),
    read() {
      if (!existsSync(file)) return [];
      return readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as LedgerEntry);
    },
  };
}
