/**
 * The people service the workspace hands to routes (access and erasure requests by e-mail address):
 * finding a person (./person.ts), their archive (./person-archive.ts) and the erasure (./erase.ts),
 * with the passkey confirmation each asks for.
 */

import type { CompanyFacts } from "#core/content/company-facts.ts";
import type { Database } from "../db/database.ts";
import { maskedNiNumber } from "../leads/lead.ts";
import type { NiKeys } from "../leads/protect.ts";
import { type ErasureResult, eraseByEmail } from "./erase.ts";
import type { ErasureLedger } from "./ledger.ts";
import { findPerson, type PersonRecords } from "./person.ts";
import { type PersonArchive, personArchive } from "./person-archive.ts";
import { reclaimSpace } from "./storage.ts";

/** Erasing someone's data asks for a passkey confirmation at most this old (a download: the workspace's own window, passed in). */
export const erasureConfirmationWindowMs = 5 * 60 * 1000;

/** The people service the workspace hands to routes: find, download and erase by e-mail address. */
export function createDataRequests(options: {
  db: Database;
  niKey: NiKeys;
  now: () => number;
  /** How long a passkey confirmation lasts for a download (the workspace's setting). */
  confirmationWindowMs: number;
  /** Each erasure is also written here, for restored backups (ledger.ts). */
  ledger?: ErasureLedger;
  /** The company's facts published now (Site content), for the download's README. */
  company?: () => CompanyFacts;
}) {
  const { db, niKey, now, ledger, confirmationWindowMs } = options;
  return {
    /** Minutes a passkey confirmation lasts for an erasure, as the page tells staff. */
    erasureWindowMinutes: erasureConfirmationWindowMs / 60_000,
    /**
     * True when this member of staff must confirm with their passkey before the action: a download
     * within the export window, an erasure within the last few minutes.
     */
    needsConfirmation: (me: { confirmedAt: number }, action: "download" | "erase"): boolean =>
      now() - me.confirmedAt > (action === "erase" ? erasureConfirmationWindowMs : confirmationWindowMs),
    /** Everything held about an address, NI numbers masked. */
    // An unreadable number is named as such, so the page still shows everything else; the download
    // refuses until the key is right.
    find: (email: string): Promise<PersonRecords> => findPerson(db, email, maskedNiNumber(niKey)),
    /** The access-request ZIP for an address, or null when nothing is held. */
    download: (email: string, staffId: number): Promise<PersonArchive | null> =>
      personArchive(db, email, { niKey, now: now(), staffId, company: options.company?.() }),
    /**
     * Erases every record for an address, then reclaims the space so nothing is left in the file.
     * `staffId` is null when the person did it themselves, from their application's link.
     */
    async erase(email: string, staffId: number | null): Promise<ErasureResult> {
      const result = await eraseByEmail(db, email, { now: now(), staffId, ledger });
      if (result.records > 0 || result.emails > 0) await reclaimSpace(db);
      return result;
    },
  };
}

export type People = ReturnType<typeof createDataRequests>;
