import { createHmac } from "node:crypto";
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, writeSync } from "node:fs";
import type { Database } from "../db/database.ts";
import { normaliseEmail } from "../leads/model.ts";
import { addCounts, type DeletionCounts, type DeletionReason, deleteLead, noDeletions } from "./erase.ts";

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

/**
 * Repeats every deletion in the ledger on a database restored from a backup: each lead named by
 * reference, and each lead from an erased address that arrived before its erasure (matched by the
 * keyed hash of its address). Whatever is gone already is skipped, so it is safe to run again.
 */
export async function replayLedger(
  db: Database,
  ledger: ErasureLedger,
  now: number,
): Promise<DeletionCounts & { references: string[] }> {
  const entries = ledger.read();
  const erasedAt = new Map<string, number>();
  const references = new Map<string, DeletionReason>();
  for (const entry of entries) {
    if ("reference" in entry) references.set(entry.reference, entry.reason);
    else erasedAt.set(entry.email, Math.max(erasedAt.get(entry.email) ?? 0, entry.at));
  }
  const due: { kind: "enquiry" | "application"; reference: string; reason: DeletionReason }[] = [];
  for (const kind of ["enquiry", "application"] as const) {
    const table = kind === "enquiry" ? "enquiries" : "applications";
    for (const row of await db.all<{ reference: string; email: string; created_at: number }>(
      `SELECT reference, email, created_at FROM ${table}`,
    )) {
      const reason = references.get(row.reference);
      const erased = erasedAt.get(ledger.emailHash(row.email));
      if (reason) due.push({ kind, reference: row.reference, reason });
      else if (erased !== undefined && Number(row.created_at) <= erased)
        due.push({ kind, reference: row.reference, reason: "erasure request" });
    }
  }
  let counts = noDeletions;
  const deleted: string[] = [];
  for (const lead of due) {
    const result = await db.transaction((tx) => deleteLead(tx, lead, lead.reason, now));
    if (result) {
      counts = addCounts(counts, result);
      deleted.push(lead.reference);
    }
  }
  // Mail to or from an erased address that belongs to no lead (the erasure deletes those too).
  let strays = 0;
  if (erasedAt.size > 0) {
    for (const row of await db.all<{
      id: number;
      to_address: string;
      reply_to: string | null;
      created_at: number;
    }>("SELECT id, to_address, reply_to, created_at FROM outbox")) {
      const erased = [row.to_address, row.reply_to]
        .filter((address): address is string => Boolean(address))
        .map((address) => erasedAt.get(ledger.emailHash(address)))
        .find((at) => at !== undefined);
      if (erased !== undefined && Number(row.created_at) <= erased)
        strays += await db.run("DELETE FROM outbox WHERE id = ?", [row.id]);
    }
  }
  return { ...counts, emails: counts.emails + strays, references: deleted };
}
