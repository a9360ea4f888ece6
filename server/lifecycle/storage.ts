import type { Database } from "../db/database.ts";

/**
 * After a deletion, makes the deleted values unreadable on disk too (SQLite). The database is opened
 * with secure_delete, so deleted rows and freed pages are overwritten with zeros; this gives the freed
 * pages back to the file system and empties the write-ahead log, which still holds the pages as they
 * were written. On PostgreSQL it does nothing: see docs/decisions/010-personal-data-lifecycle.md.
 */
export async function reclaimSpace(db: Database): Promise<{ checkpointed: boolean }> {
  if (!db.sql.reclaimsSpaceByHand) return { checkpointed: false };
  const [mode] = await db.all<{ auto_vacuum: number }>("PRAGMA auto_vacuum");
  if (Number(mode?.auto_vacuum) === 2) {
    await db.exec("PRAGMA incremental_vacuum");
  } else {
    // A file made before auto_vacuum was set: one full rewrite switches it on (the connection asked
    // for INCREMENTAL when it opened), and later purges only give back what they freed.
    await db.exec("VACUUM");
  }
  // TRUNCATE waits for readers and then empties the log file; the server's checkpointer thread may
  // hold it briefly, so try a few times.
  for (let attempt = 0; attempt < 20; attempt++) {
    const [result] = await db.all<{ busy: number }>("PRAGMA wal_checkpoint(TRUNCATE)");
    if (Number(result?.busy) === 0) return { checkpointed: true };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { checkpointed: false };
}
