import type { ScanStatus } from "#core/leads/model.ts";
import type { Database } from "../db/database.ts";
import { withholdAttachment } from "../delivery/outbox.ts";
import { createPoller } from "../jobs/poller.ts";
import type { Logger } from "../observability/logger.ts";
import {
  type DocumentToScan,
  markClean,
  markInfected,
  markWaitingNotScanned,
  releaseForScan,
  retryScanAt,
  takeForScan,
} from "../tables/documents.ts";
import { applicationReference } from "../tables/leads/applications.ts";
import { recordEvent } from "../tables/timeline.ts";
import { type Scan, ScannerUnreachable } from "./clamd.ts";

/**
 * The virus scan of every uploaded document, after its application is stored (an application is never
 * delayed or lost for it). A document waits as 'pending', neither attached to e-mail nor downloadable,
 * until the scanner has read it: then it is 'clean', or 'infected' and removed (its bytes deleted, its
 * row kept with its name and what was found, the lead's timeline told, its notification sent without
 * it). While the scanner cannot be reached, documents wait and are tried again. With no scanner
 * configured, documents are stored as 'not-scanned' and handled as before. Several server processes
 * may scan at once: each document is taken by one of them at a time, under a lease.
 * See docs/decisions/014-upload-scanning.md.
 */

export type { ScanStatus };

export type ScanningOptions = {
  db: Database;
  /** Absent when no scanner is configured. */
  scan: Scan | null;
  logger: Logger;
  /** How often waiting documents are looked for, and so how soon an unreachable scanner is tried again. */
  pollMs: number;
  /** How long a document whose scan ended in an error waits before it is tried again. */
  retryMs?: number;
  /** How long a document being scanned is reserved for this process. */
  leaseMs?: number;
  /** Told after documents were settled, so the notifications waiting for them can go. */
  onScanned?: () => void;
};

export type Scanning = {
  /** True when a scanner is configured: new documents then wait for it. */
  readonly enabled: boolean;
  start(): void;
  /** Stops looking for documents and waits for the scan in hand. */
  stop(): Promise<void>;
  /**
   * Scans every waiting document now; resolves with how many were settled (clean or removed). With no
   * scanner configured, marks any waiting document not scanned instead.
   */
  runOnce(): Promise<number>;
  /** Asks for a run soon, e.g. right after an application was stored. */
  wake(): void;
};

/** The words added to a notification for a document the scanner removed. */
export function removedNote(document: { fileName: string; found: string }): string {
  return `The virus scanner removed one of the files sent with this application, so it is not attached: ${document.fileName} (found: ${document.found}). The application itself is kept; the lead's page in the workspace shows what happened.`;
}

export function createScanning(options: ScanningOptions): Scanning {
  const { db, scan, logger, pollMs, retryMs = 5 * 60_000, leaseMs = 5 * 60_000, onScanned } = options;
  // Set by stop(): the scan in hand finishes and no other document is taken.
  let halted = false;
  // Logged once when the scanner goes away and once when it is back, not on every try.
  let unreachable = false;

  /** Takes the next waiting document for this process, with its bytes. */
  function claim(now: number): Promise<DocumentToScan | null> {
    return takeForScan(db, db.sql, now, now + leaseMs);
  }

  async function remove(doc: DocumentToScan, found: string, now: number): Promise<boolean> {
    return db.transaction(async (tx) => {
      if (!(await markInfected(tx, doc.id, found, now))) return false;
      const reference = await applicationReference(tx, doc.applicationId);
      if (reference) {
        await recordEvent(tx, {
          reference,
          action: "document-infected",
          detail: `${doc.field}: ${found}`,
          now,
        });
        await withholdAttachment(tx, {
          reference,
          documentId: doc.id,
          note: removedNote({ fileName: doc.fileName, found }),
        });
      }
      return true;
    });
  }

  /** With no scanner configured: documents left waiting by one since removed go on, marked not scanned. */
  async function release(): Promise<number> {
    const released = await markWaitingNotScanned(db);
    if (released > 0) {
      logger.warn(
        { documents: released },
        "no virus scanner configured: waiting documents marked not scanned",
      );
      onScanned?.();
    }
    return released;
  }

  async function run(): Promise<number> {
    if (!scan) return release();
    let settled = 0;
    for (;;) {
      if (halted) break;
      const doc = await claim(Date.now());
      if (!doc) break;
      const context = { documentId: doc.id };
      try {
        const verdict = await scan(doc.content);
        if (unreachable) logger.info("virus scanner reachable again");
        unreachable = false;
        const now = Date.now();
        if (verdict.infected) {
          if (await remove(doc, verdict.found, now)) {
            logger.warn({ ...context, found: verdict.found }, "uploaded document infected: removed");
            settled++;
          }
        } else if (await markClean(db, doc.id, now)) {
          settled++;
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (error instanceof ScannerUnreachable) {
          // Nothing was learnt: the document is free for the next try, which the next poll makes.
          await releaseForScan(db, doc.id);
          if (!unreachable) {
            logger.warn({ error: message }, "virus scanner unreachable; uploaded documents wait for it");
          }
          unreachable = true;
          break;
        }
        // The scanner answered, but not with a verdict: this document waits and is tried again later.
        await retryScanAt(db, doc.id, Date.now() + retryMs, message);
        logger.warn(
          { ...context, error: message },
          "virus scan failed; the document waits and is tried again",
        );
      }
    }
    if (settled > 0) onScanned?.();
    return settled;
  }

  const poller = createPoller({ run, pollMs, logger, failure: "virus scan run failed" });

  return {
    enabled: scan !== null,
    start() {
      if (!poller.stopped) return;
      halted = false;
      // With no scanner, the first run (which releases files left waiting) is all there is to do.
      poller.start({ poll: scan !== null });
    },
    async stop() {
      halted = true;
      await poller.stop();
    },
    runOnce: poller.runOnce,
    wake() {
      if (scan) poller.wake();
    },
  };
}
