import type { Database } from "../db/database.ts";
import { niNumbersAfter, replaceNiNumber } from "../tables/leads/applications.ts";
import { decryptNiNumber, encryptNiNumber, isUnderKey, type NiKeyring } from "./protect.ts";

/** What a rotation did: numbers moved to the current key, found there already, and those no key reads. */
export type RotationReport = { reencrypted: number; current: number; unreadable: string[] };

/**
 * Re-encrypts every stored National Insurance number under the current key, a batch of applications at a
 * time, each batch in a short transaction of its own, so the site keeps taking applications throughout.
 * A value is replaced only if it is still the one read (an erasure or another rotation may have come
 * between); servers holding both keys read old and new values alike all the while. Running it again
 * finds nothing left to do. A number no key can read is left as it is and its lead named.
 */
export async function rotateNiKey(
  db: Database,
  keys: NiKeyring,
  {
    batchSize = 200,
    onBatch,
  }: { batchSize?: number; onBatch?: (report: RotationReport) => void | Promise<void> } = {},
): Promise<RotationReport> {
  const report: RotationReport = { reencrypted: 0, current: 0, unreadable: [] };
  let after = 0;
  for (;;) {
    const rows = await niNumbersAfter(db, after, batchSize);
    const last = rows.at(-1);
    if (!last) return report;
    after = Number(last.id);
    const changes: { id: number; from: string; to: string }[] = [];
    for (const row of rows) {
      if (isUnderKey(row.ni_number_encrypted, keys.current)) {
        report.current++;
        continue;
      }
      try {
        const plain = decryptNiNumber(row.ni_number_encrypted, keys);
        changes.push({ id: Number(row.id), from: row.ni_number_encrypted, to: encryptNiNumber(plain, keys) });
      } catch {
        report.unreadable.push(row.reference);
      }
    }
    if (changes.length > 0) {
      report.reencrypted += await db.transaction(async (tx) => {
        let changed = 0;
        for (const change of changes) {
          changed += await replaceNiNumber(tx, change);
        }
        return changed;
      });
    }
    await onBatch?.(report);
  }
}
