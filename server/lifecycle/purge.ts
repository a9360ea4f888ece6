import { type RetentionConfig, retention } from "#core/config/retention.ts";
import { type DeletionReason, type LeadKind, leadKinds } from "#core/leads/model.ts";
import type { Database, Queryable } from "../db/database.ts";
import { acquireLease, newHolder, releaseLease } from "../jobs/lease.ts";
import { acknowledgementWindowMs } from "../leads/acknowledgements.ts";
import { staffMailWindowMs } from "../leads/staff-mail.ts";
import { countQuietMailboxes, deleteQuietMailboxes } from "../tables/acknowledged-mailboxes.ts";
import { countSpentInvitations, deleteSpentInvitations } from "../tables/invitations.ts";
import { recordJobRun } from "../tables/job-runs.ts";
import { type RetentionRow, retentionRowOf, retentionRows } from "../tables/leads/lifecycle.ts";
import { countExpiredChallenges, deleteExpiredChallenges } from "../tables/passkeys.ts";
import { countEndedWindows, deleteEndedWindows } from "../tables/rate-limits.ts";
import { countEndedSessions, deleteEndedSessions } from "../tables/sessions.ts";
import { countOldCapAlerts, deleteOldCapAlerts } from "../tables/staff-cap-alerts.ts";
import { countOldStaffMail, deleteOldStaffMail } from "../tables/staff-mail.ts";
import { recordEvent } from "../tables/timeline.ts";
import { addCounts, type DeletionCounts, deleteLead, describeCounts, noDeletions } from "./erase.ts";
import type { ErasureLedger } from "./ledger.ts";
import { type LeadFacts, type RetentionDecision, retentionOf } from "./rules.ts";
import { reclaimSpace } from "./storage.ts";

/** A lead the rules say is due, with the reason in words. */
export type DueLead = {
  kind: LeadKind;
  reference: string;
  status: string;
  receivedAt: number;
} & RetentionDecision;

/**
 * Rows that stop counting with time: sessions, invitations, passkey challenges, rate-limit windows, the
 * acknowledgement counts of mailboxes last written to over a day ago, and the record of e-mails staff
 * wrote (with the alerts of caps reached) once older than the longest cap's window.
 */
export type Housekeeping = {
  sessions: number;
  invitations: number;
  challenges: number;
  rateLimits: number;
  mailboxes: number;
  staffMail: number;
};

export type PurgeReport = {
  asOf: number;
  dryRun: boolean;
  /** False when another process held the purge lease, so this one did nothing. */
  ran: boolean;
  /**
   * Set when the purge stopped part-way: "lease-lost" when another process took the lease over (this
   * one's ran out while it was held up), so that one finishes the deletions and this one swept nothing.
   */
  stopped?: "lease-lost";
  /** The leads due (dry run) or deleted. */
  leads: DueLead[];
  deleted: DeletionCounts;
  housekeeping: Housekeeping;
};

export type PurgeOptions = {
  /** "Today" for the rules: a purge as of another date deletes what would be due then. */
  asOf: number;
  /** Reports what would go, and why, without deleting anything. */
  dryRun?: boolean;
  config?: RetentionConfig;
  /** The longest rate-limit window in use: a counter older than this no longer counts. */
  rateLimitWindowMs: number;
  /** How long a session may sit unused before it ends (the workspace's setting, passed in by the caller). */
  sessionIdleMs: number;
  /** The wall clock, for the lease (a purge "as of" another date still holds it for real minutes). */
  clock?: () => number;
  /** Who holds the lease while this purge runs (tests name two processes). */
  holder?: string;
  /** The erasure ledger: each lead deleted is written to it too (ledger.ts). */
  ledger?: ErasureLedger | undefined;
};

/**
 * Only one process purges at a time; a purge that outlives half of this (it should take seconds) renews
 * the lease before its next deletion.
 */
export const purgeLeaseMs = 10 * 60 * 1000;
const leaseName = "purge";

const optional = (value: number | null) => (value === null ? null : Number(value));

/** A row's facts for the rules: the last activity is the latest of its column, its notes and its sent mail. */
function toFacts(kind: LeadKind, row: RetentionRow): LeadFacts {
  return {
    kind,
    status: row.status,
    receivedAt: Number(row.created_at),
    statusChangedAt: optional(row.status_changed_at),
    lastActivityAt: Math.max(
      Number(row.last_activity_at),
      Number(row.last_note_at ?? 0),
      Number(row.last_mail_at ?? 0),
    ),
    keepConsentAt: optional(row.keep_consent_at),
  };
}

/** The retention facts of one lead, or null when it no longer exists. */
export async function leadFacts(db: Queryable, kind: LeadKind, reference: string): Promise<LeadFacts | null> {
  const row = await retentionRowOf(db, kind, reference);
  return row ? toFacts(kind, row) : null;
}

/** Every lead due for deletion at `asOf`, oldest due first. */
export async function duePlan(
  db: Queryable,
  asOf: number,
  config: RetentionConfig = retention,
): Promise<DueLead[]> {
  const due: DueLead[] = [];
  for (const { value: kind } of leadKinds) {
    for (const row of await retentionRows(db, kind)) {
      const facts = toFacts(kind, row);
      const decision = retentionOf(facts, config);
      if (decision.deleteAt <= asOf) {
        due.push({
          kind,
          reference: row.reference,
          status: row.status,
          receivedAt: facts.receivedAt,
          ...decision,
        });
      }
    }
  }
  return due.sort((a, b) => a.deleteAt - b.deleteAt || a.reference.localeCompare(b.reference));
}

/**
 * Deletes the planned leads, each in its own transaction, checking again inside it that the lead is
 * still due (a note added since the plan keeps it) and still there (another process may have got to it
 * first: then it is skipped, never deleted twice). `beforeEach`, when given, is asked before each lead,
 * and stops the deletions by resolving to false. Resolves to the leads it deleted and what went.
 */
export async function deleteDue(
  db: Database,
  plan: DueLead[],
  options: {
    asOf: number;
    config?: RetentionConfig;
    reason?: DeletionReason;
    beforeEach?: () => Promise<boolean>;
    /** Each deletion is written to it before it commits (ledger.ts). */
    ledger?: ErasureLedger | undefined;
  },
): Promise<{ leads: DueLead[]; deleted: DeletionCounts }> {
  const config = options.config ?? retention;
  const leads: DueLead[] = [];
  let deleted = noDeletions;
  for (const lead of plan) {
    if (options.beforeEach && !(await options.beforeEach())) break;
    const counts = await db.transaction(async (tx) => {
      const facts = await leadFacts(tx, lead.kind, lead.reference);
      if (!facts || retentionOf(facts, config).deleteAt > options.asOf) return null;
      const reason = options.reason ?? "retention";
      const counts = await deleteLead(tx, lead, reason, options.asOf);
      if (counts) options.ledger?.record([{ at: options.asOf, reason, reference: lead.reference }]);
      return counts;
    });
    if (counts) {
      leads.push(lead);
      deleted = addCounts(deleted, counts);
    }
  }
  return { leads, deleted };
}

const noHousekeeping: Housekeeping = {
  sessions: 0,
  invitations: 0,
  challenges: 0,
  rateLimits: 0,
  mailboxes: 0,
  staffMail: 0,
};

/** Rows that stop counting with time, as their table's owner counts them (a dry run) and deletes them. */
type Sweep = { count(db: Queryable): Promise<number>; remove(db: Queryable): Promise<number> };

function housekeepingRules(asOf: number, rateLimitWindowMs: number, sessionIdleMs: number) {
  return {
    // Ended by time: past their absolute expiry, or idle too long (readSession would refuse them).
    sessions: {
      count: (db) => countEndedSessions(db, asOf, asOf - sessionIdleMs),
      remove: (db) => deleteEndedSessions(db, asOf, asOf - sessionIdleMs),
    },
    // An invitation works once, until it expires.
    invitations: {
      count: (db) => countSpentInvitations(db, asOf),
      remove: (db) => deleteSpentInvitations(db, asOf),
    },
    challenges: {
      count: (db) => countExpiredChallenges(db, asOf),
      remove: (db) => deleteExpiredChallenges(db, asOf),
    },
    // A counter whose window has ended no longer limits anyone.
    rateLimits: {
      count: (db) => countEndedWindows(db, asOf - rateLimitWindowMs),
      remove: (db) => deleteEndedWindows(db, asOf - rateLimitWindowMs),
    },
    // A mailbox (kept as a hash) acknowledged over a day ago has its whole share again.
    mailboxes: {
      count: (db) => countQuietMailboxes(db, asOf - acknowledgementWindowMs),
      remove: (db) => deleteQuietMailboxes(db, asOf - acknowledgementWindowMs),
    },
    // No cap on staff's e-mails looks back further than a day, nor does an alert of one reached.
    staffMail: {
      count: async (db) =>
        (await countOldStaffMail(db, asOf - staffMailWindowMs.lead)) +
        (await countOldCapAlerts(db, asOf - staffMailWindowMs.lead)),
      remove: async (db) =>
        (await deleteOldStaffMail(db, asOf - staffMailWindowMs.lead)) +
        (await deleteOldCapAlerts(db, asOf - staffMailWindowMs.lead)),
    },
  } satisfies Record<keyof Housekeeping, Sweep>;
}

async function housekeeping(
  db: Database,
  asOf: number,
  windows: { rateLimitWindowMs: number; sessionIdleMs: number },
  dryRun: boolean,
) {
  const rules = housekeepingRules(asOf, windows.rateLimitWindowMs, windows.sessionIdleMs);
  const run = async (tx: Queryable): Promise<Housekeeping> => {
    const result: Housekeeping = { ...noHousekeeping };
    for (const [name, rule] of Object.entries(rules) as [keyof Housekeeping, Sweep][]) {
      result[name] = dryRun ? await rule.count(tx) : await rule.remove(tx);
    }
    return result;
  };
  return dryRun ? run(db) : db.transaction(run);
}

/**
 * Deletes everything the retention rules say has had its time (or, with dryRun, only says what), under
 * a lease so that of several processes only one purges at a time; the others return at once with
 * `ran: false`. Afterwards the freed space is reclaimed, so deleted values are gone from the file too.
 */
export async function purge(db: Database, options: PurgeOptions): Promise<PurgeReport> {
  const { asOf, dryRun = false } = options;
  const config = options.config ?? retention;
  const clock = options.clock ?? Date.now;
  const nothing = { asOf, dryRun, leads: [], deleted: noDeletions };
  // Sessions, invitations and counters end by the real clock: a purge "as of" a later date (an operator
  // checking a policy) must not sign everyone out.
  const sweepAt = Math.min(asOf, clock());
  if (dryRun) {
    return {
      ...nothing,
      ran: true,
      leads: await duePlan(db, asOf, config),
      housekeeping: await housekeeping(db, sweepAt, options, true),
    };
  }
  const holder = options.holder ?? newHolder();
  let renewedAt = clock();
  if (!(await acquireLease(db, leaseName, holder, renewedAt, purgeLeaseMs))) {
    return { ...nothing, ran: false, housekeeping: noHousekeeping };
  }
  let leaseLost = false;
  try {
    const { leads, deleted } = await deleteDue(db, await duePlan(db, asOf, config), {
      asOf,
      config,
      ledger: options.ledger,
      // Renewed once half of it has gone. Refused means it ran out and another process has it now: that
      // one purges, and this one deletes nothing more.
      beforeEach: async () => {
        const now = clock();
        if (now - renewedAt < purgeLeaseMs / 2) return true;
        if (!(await acquireLease(db, leaseName, holder, now, purgeLeaseMs))) {
          leaseLost = true;
          return false;
        }
        renewedAt = now;
        return true;
      },
    });
    if (deleted.records > 0) {
      await recordEvent(db, {
        action: "purged",
        detail: `${describeCounts(deleted)} deleted by the retention rules`,
        now: asOf,
      });
    }
    // With the lease lost, sessions and the like are left to the process that has it now.
    const swept = leaseLost ? noHousekeeping : await housekeeping(db, sweepAt, options, false);
    const anything = deleted.records + Object.values(swept).reduce((sum, n) => sum + n, 0);
    if (anything > 0) await reclaimSpace(db);
    // The time a whole run finished, by the real clock, for /metrics and the Health page: an alert
    // fires when no process has purged for two hours.
    if (!leaseLost) await recordJobRun(db, "purge", clock());
    const stopped = leaseLost ? { stopped: "lease-lost" as const } : {};
    return { asOf, dryRun, ran: true, ...stopped, leads, deleted, housekeeping: swept };
  } finally {
    // A lease lost is another process's now: only this one's own is given back.
    if (!leaseLost) await releaseLease(db, leaseName, holder);
  }
}
