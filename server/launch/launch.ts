/**
 * Ready to launch: the absolute claims a person confirmed with evidence (who, when, their note), each
 * kept and written to the audit log. What still needs the company is found by the pure checks in
 * core/launch/; this keeps only what people decided about them.
 */
import { type ConfirmationProblems, checkConfirmation } from "#core/launch/confirmation.ts";
import type { Database } from "../db/database.ts";
import { allConfirmations, type ClaimConfirmation, keepConfirmation } from "../tables/claim-confirmations.ts";
import { isCurrentAdmin } from "../tables/staff.ts";
import { recordEvent } from "../tables/timeline.ts";

export type { ClaimConfirmation };

/** What a confirmation came to: kept, or refused with a status and the problems by field. */
export type ConfirmOutcome =
  | { ok: true; claim: string }
  | { ok: false; status: number; problems: ConfirmationProblems };

export function createLaunch({ db, now = Date.now }: { db: Database; now?: () => number }) {
  return {
    /** Every confirmation, the latest first. */
    confirmations: (): Promise<ClaimConfirmation[]> => allConfirmations(db),

    /** The keys of the claims confirmed. */
    async confirmedKeys(): Promise<Set<string>> {
      return new Set((await allConfirmations(db)).map((entry) => entry.claim));
    },

    /**
     * Records that an administrator confirmed an absolute claim with evidence, and says so on the audit
     * log, in one transaction. Only an administrator may.
     */
    async confirm(actor: { id: number }, input: { claim: string; note: string }): Promise<ConfirmOutcome> {
      if (!(await isCurrentAdmin(db, actor.id)))
        return { ok: false, status: 403, problems: { claim: "Only an administrator can confirm a claim." } };
      const checked = checkConfirmation(input);
      if (!checked.ok) return { ok: false, status: 400, problems: checked.problems };
      await db.transaction(async (tx) => {
        await keepConfirmation(tx, { claim: checked.claim, by: actor.id, note: checked.note, now: now() });
        await recordEvent(tx, {
          action: "claim-confirmed",
          staffId: actor.id,
          detail: checked.claim,
          now: now(),
        });
      });
      return { ok: true, claim: checked.claim };
    },
  };
}

export type Launch = ReturnType<typeof createLaunch>;
