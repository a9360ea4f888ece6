/**
 * Mail that did not arrive. Every 30 seconds, under a lease so one process at a time reads, the bounce
 * mailbox (BOUNCE_IMAP_URL) is read: each bounce is tied to its message by the signed return address it
 * was sent to (server/protection/return-path.ts), and applied in one transaction with a receipt that
 * makes a second reading change nothing: the message is marked (for good, for now, or a complaint), the
 * lead's timeline says so, a hard bounce or a complaint blocks the address, an interview whose invitation
 * bounced is marked "invitation not delivered", the lead's owner (or the team) is e-mailed, and a job
 * alert counts it (a complaint ends the person's alerts at once). Only once that is committed is the
 * bounce removed from the mailbox. Staff then correct the lead's address, which sends the interview
 * invitations again (the old address stays blocked), or unblock the address.
 */
import { z } from "zod";
import { characterProblem } from "#core/characters.ts";
import { jobAlerts } from "#core/config/job-alerts.ts";
import { normaliseEmail } from "#core/email.ts";
import { kindOfReference, type LeadKind, mailNameOf } from "#core/leads/model.ts";
import { leadPath } from "#core/staff/paths.ts";
import type { Database, Queryable } from "../db/database.ts";
import { enqueueEmail } from "../delivery/outbox.ts";
import { withoutAddresses } from "../delivery/smtp.ts";
import { createLeasedJob, type LeasedJob } from "../jobs/leased-job.ts";
import type { Logger } from "../observability/logger.ts";
import type { ReturnPaths } from "../protection/return-path.ts";
import { deleteReceiptsBefore, hasReceipt, recordReceipt } from "../tables/bounce-receipts.ts";
import { markNotDelivered } from "../tables/interviews.ts";
import { alertIdOfReference, alertsByEmail, countAlertBounce, deleteAlert } from "../tables/job-alerts.ts";
import { emailOfLead, ownerIdOf, setEmail } from "../tables/leads/records.ts";
import {
  type BouncedMessage,
  markBounced,
  markBouncesHandled,
  messageByMessageId,
} from "../tables/outbox.ts";
import { currentEmailOf } from "../tables/staff.ts";
import { liftSuppression, type Suppression, suppress, suppressionOfAddress } from "../tables/suppressions.ts";
import { recordEvent } from "../tables/timeline.ts";
import { checkMailRecords, type MailRecordFinding } from "./mail-check.ts";
import { type MailboxAddress, MailboxError, type MailboxTimeouts, withMailbox } from "./mailbox.ts";
import { type BounceReport, readBounce } from "./report.ts";

/** The e-mails that go to the lead's own person (the others go to staff, who hear of their bounces in the log). */
const toThePerson = new Set([
  "acknowledgement",
  "reply",
  "stage",
  "interview",
  "interview-reminder",
  "applicant-link",
  "pool-renewal",
  "job-alert",
  "alert-confirm",
  "alert-renewal",
]);

/** How long a bounce's receipt is kept: long past its removal from the mailbox. */
const receiptDays = 30;

/** What became of one message in the mailbox. */
export type BounceOutcome =
  | "applied"
  | "already-applied"
  | "not-a-bounce"
  | "not-ours"
  | "forged"
  | "message-gone";

export type BouncesOptions = {
  db: Database;
  logger: Logger;
  /** Our signed return addresses (BOUNCE_ADDRESS); null when none is set, and nothing can be tied. */
  returnPaths: ReturnPaths | null;
  /** The bounce mailbox (BOUNCE_IMAP_URL); null when none is set, and nothing is read. */
  mailbox: MailboxAddress | null;
  timeouts: MailboxTimeouts;
  pollMs: number;
  /** Messages larger than this are not downloaded. */
  maxBytes: number;
  /** Where a lead's bounce notice goes when it has no owner. */
  teamTo: Record<LeadKind, string>;
  /** The site's address, for the lead's link in the notice. */
  publicUrl: string;
  clock?: () => number;
  /** Called once e-mails were queued (the owner's notice, a resent invitation), so the queue sends them. */
  onQueued?: () => void;
  /** Told of each bounce applied, by kind, once it is committed (/metrics counts them). */
  onApplied?: (kind: BounceReport["kind"]) => void;
  /**
   * Sends again, inside the caller's transaction, what can be sent again once a lead's address is
   * corrected (its interview invitations); resolves with how many e-mails it queued.
   */
  resend?: (tx: Queryable, change: { reference: string; staffId: number; now: number }) => Promise<number>;
  /** What the administrators' check of the mail records looks up: the domain, DKIM selector and key, the provider. */
  mailRecords?: Parameters<typeof checkMailRecords>[0];
};

/** The answer to a correction or an unblocking, in words for the person when refused. */
export type AddressOutcome =
  | { ok: true; value: { resent: number } }
  | { ok: false; problem: string; missing?: true };

const emailSchema = z.email().max(254);

/** The mail, the job that reads the mailbox, and what staff do about an address that bounced. */
export function createBounces(options: BouncesOptions) {
  const { db, logger, returnPaths, mailbox, pollMs, maxBytes } = options;
  const clock = options.clock ?? Date.now;
  // Messages too large to read, by UID: each is logged once by this process, not at every run.
  const tooLarge = new Set<number>();
  // Set while the mailbox cannot be reached, so that is logged once, and its return once, not every run.
  let unreachable = false;

  /** The owner's notice of a lead's bounce, to its owner or else the team's address. */
  async function noticeOwner(tx: Queryable, message: BouncedMessage, reason: string, now: number) {
    const kind = kindOfReference(message.reference);
    if (!kind) return;
    const owner = await ownerIdOf(tx, kind, message.reference);
    const to =
      (owner?.ownerId != null ? await currentEmailOf(tx, owner.ownerId) : null) ?? options.teamTo[kind];
    const what = mailNameOf(message.purpose);
    const person = kind === "application" ? "the applicant" : "the person who sent the enquiry";
    await enqueueEmail(
      tx,
      message.reference,
      {
        purpose: "bounce-notice",
        to,
        replyTo: null,
        subject: `Not delivered: ${what.charAt(0).toLowerCase()}${what.slice(1)} (${message.reference})`,
        body: [
          `${what} to ${person} of ${message.reference} could not be delivered.`,
          "",
          `What their mail server said: ${reason}`,
          "",
          "Nothing more is sent to that address. Open the lead to correct the address and send it again:",
          `${options.publicUrl}${leadPath(message.reference)}`,
        ].join("\n"),
      },
      now,
    );
  }

  /** A job alert's bounce: counted, and past the allowance (or at once for a complaint) the alerts end. */
  async function alertBounced(tx: Queryable, message: BouncedMessage, kind: BounceReport["kind"]) {
    const alertId = alertIdOfReference(message.reference);
    if (!alertId) return;
    if (kind === "complaint") {
      for (const alert of await alertsByEmail(tx, normaliseEmail(message.to)))
        await deleteAlert(tx, alert.id);
      return;
    }
    const bounces = await countAlertBounce(tx, alertId);
    if (bounces !== null && bounces >= jobAlerts.bouncesBeforeEnding) await deleteAlert(tx, alertId);
  }

  /**
   * Applies one bounce read from the mailbox, once. Never throws for what the bounce holds; a database
   * failure throws, and the bounce stays in the mailbox for the next run.
   */
  async function apply(report: BounceReport): Promise<BounceOutcome> {
    if (!returnPaths) return "not-ours";
    const ids = returnPaths.messageIdsIn(report.searchable);
    if (ids.length === 0) return returnPaths.hasForgery(report.searchable) ? "forged" : "not-ours";
    if (await hasReceipt(db, report.key)) return "already-applied";
    let message: BouncedMessage | null = null;
    for (const id of ids) {
      message = await messageByMessageId(db, id);
      if (message) break;
    }
    if (message?.channel !== "email") return "message-gone";
    const found = message;
    const now = clock();
    const reason = withoutAddresses(report.reason) || "the receiving server refused it";
    const applied = await db.transaction(async (tx) => {
      if (!(await recordReceipt(tx, { key: report.key, reference: found.reference, now }))) return false;
      if ((await markBounced(tx, found.id, { kind: report.kind, reason, now })) === 0) return true;
      const lead = kindOfReference(found.reference);
      if (report.kind === "soft") {
        await alertBounced(tx, found, report.kind);
        return true;
      }
      await suppress(tx, {
        address: normaliseEmail(found.to),
        kind: report.kind === "complaint" ? "complaint" : "bounce",
        reason,
        now,
      });
      if (lead) {
        await recordEvent(tx, {
          reference: found.reference,
          action: "mail-bounced",
          detail: `${found.purpose}: ${reason}`,
          now,
        });
      }
      if (found.purpose === "interview" || found.purpose === "interview-reminder") {
        await markNotDelivered(tx, { reference: found.reference, reason, now });
      }
      if (lead && toThePerson.has(found.purpose)) await noticeOwner(tx, found, reason, now);
      await alertBounced(tx, found, report.kind);
      return true;
    });
    if (!applied) return "already-applied";
    options.onApplied?.(report.kind);
    logger.info(
      { outboxId: found.id, reference: found.reference, purpose: found.purpose, bounce: report.kind },
      report.kind === "hard"
        ? "mail bounced: not delivered"
        : report.kind === "soft"
          ? "mail bounced for now: the receiving server will try again"
          : "mail reported as spam by its recipient",
    );
    return "applied";
  }

  /** Reads the mailbox once: applies each bounce, then removes what was read. Resolves with how many were applied. */
  async function readMailbox(now: number): Promise<number> {
    if (!mailbox) return 0;
    await deleteReceiptsBefore(db, now - receiptDays * 24 * 60 * 60 * 1000);
    let applied = 0;
    try {
      await readEach(mailbox, (outcome) => {
        if (outcome === "applied") applied++;
      });
      if (unreachable) {
        unreachable = false;
        logger.info("bounce mailbox: reached again; bounces are read");
      }
    } catch (error) {
      // A database failure is the poller's to report; a mail server that is down or slow is ours.
      if (!(error instanceof MailboxError)) throw error;
      if (!unreachable) {
        unreachable = true;
        logger.warn(
          { error: error.message },
          "bounce mailbox could not be read; bounces wait there, and the next run tries again",
        );
      }
    }
    if (applied > 0) options.onQueued?.();
    return applied;
  }

  /** One pass over the mailbox: each message read, applied and then removed. */
  async function readEach(address: MailboxAddress, counted: (outcome: BounceOutcome) => void): Promise<void> {
    await withMailbox(address, options.timeouts, async (session) => {
      const removable: number[] = [];
      for (const { uid, size } of await session.waiting(100)) {
        if (size > maxBytes) {
          if (!tooLarge.has(uid)) {
            tooLarge.add(uid);
            logger.warn(
              { uid, bytes: size, limit: maxBytes },
              "bounce mailbox: a message too large to be a bounce was left unread; remove it by hand",
            );
          }
          continue;
        }
        const raw = await session.read(uid);
        if (!raw) continue;
        let report: BounceReport | null = null;
        try {
          report = await readBounce(raw);
        } catch (error) {
          logger.warn(
            { uid, error: error instanceof Error ? error.message : String(error) },
            "bounce mailbox: a message could not be read; it is removed",
          );
        }
        const outcome = report ? await apply(report) : "not-a-bounce";
        counted(outcome);
        if (outcome === "forged") {
          logger.warn(
            { uid },
            "bounce mailbox: a bounce with a return address whose signature is wrong was ignored",
          );
        } else if (outcome === "message-gone") {
          logger.info({ uid }, "bounce mailbox: a bounce for a message that no longer exists was ignored");
        } else if (outcome === "not-ours" || outcome === "not-a-bounce") {
          logger.info({ uid, outcome }, "bounce mailbox: a message that is no bounce of ours was removed");
        }
        removable.push(uid);
      }
      // Only now, with each effect committed: a bounce whose transaction failed is still there next run.
      await session.remove(removable);
    });
  }

  const job: LeasedJob = createLeasedJob({
    db,
    logger,
    name: "bounce-mailbox",
    pollMs,
    clock,
    work: readMailbox,
    failure: "bounce mailbox could not be read; the next run tries again",
    logMessage: "bounces read from the bounce mailbox",
  });

  /** The lead's kind, or the refusal. */
  function leadKind(reference: string): LeadKind | null {
    return kindOfReference(reference);
  }

  return {
    /** Reads the bounce mailbox every `pollMs` while started (nothing when BOUNCE_IMAP_URL is unset). */
    job,
    /** The domain's SPF, DKIM and DMARC records, checked now in the DNS, for the administrators. */
    async checkMailRecords(): Promise<{ domain: string; findings: MailRecordFinding[] } | null> {
      if (!options.mailRecords) return null;
      return { domain: options.mailRecords.domain, findings: await checkMailRecords(options.mailRecords) };
    },
    /** Applies one bounce as if read from the mailbox (a test, or a bounce handed over another way). */
    apply,
    /** Why mail is not sent to a lead's address now (a hard bounce or a complaint), or null. */
    async blockedAddressOf(reference: string): Promise<Suppression | null> {
      const kind = leadKind(reference);
      if (!kind) return null;
      const email = await emailOfLead(db, kind, reference);
      return email ? suppressionOfAddress(db, normaliseEmail(email)) : null;
    },
    /** Why mail may not go to an address (for the delivery queue), or null when it may. */
    async blocked(to: string): Promise<string | null> {
      const found = await suppressionOfAddress(db, normaliseEmail(to));
      if (!found) return null;
      return found.kind === "complaint"
        ? "Not sent: the recipient reported our mail as spam. Unblock the address on the lead's page only if they ask for mail again."
        : `Not sent: this address bounced (${found.reason}). Correct it, or unblock it, on the lead's page.`;
    },
    /** A job alert not sent because its address is blocked counts as one of its bounces. */
    async alertBlocked(mail: { reference: string; purpose: string }): Promise<void> {
      const alertId = alertIdOfReference(mail.reference);
      if (!alertId) return;
      await db.transaction(async (tx) => {
        const bounces = await countAlertBounce(tx, alertId);
        if (bounces !== null && bounces >= jobAlerts.bouncesBeforeEnding) await deleteAlert(tx, alertId);
      });
    },
    /**
     * Corrects a lead's address after a bounce, in one step: the address is replaced (the old one stays
     * blocked), the timeline told, and the interview invitations still to come sent again to the new one.
     */
    async correctAddress(reference: string, email: string, me: { id: number }): Promise<AddressOutcome> {
      const kind = leadKind(reference);
      if (!kind) return { ok: false, problem: "There is no lead with that reference.", missing: true };
      const given = email.trim();
      const problem = characterProblem(given, "The e-mail address", "one line");
      if (problem || !emailSchema.safeParse(given).success) {
        return { ok: false, problem: "Enter the corrected e-mail address, such as name@example.co.uk." };
      }
      const now = clock();
      const outcome = await db.transaction(async (tx): Promise<AddressOutcome> => {
        const old = await emailOfLead(tx, kind, reference);
        if (old === null)
          return { ok: false, problem: "There is no lead with that reference.", missing: true };
        if (normaliseEmail(old) === normaliseEmail(given)) {
          return { ok: false, problem: "That is the address already on file. Enter the corrected one." };
        }
        if (await suppressionOfAddress(tx, normaliseEmail(given))) {
          return { ok: false, problem: "That address has bounced too. Check it with the person first." };
        }
        await setEmail(tx, kind, reference, given);
        // The old address stays blocked: it bounced, and whatever else holds it (an alert) must not mail it.
        await markBouncesHandled(tx, { reference, address: normaliseEmail(old), now });
        const resent = options.resend ? await options.resend(tx, { reference, staffId: me.id, now }) : 0;
        await recordEvent(tx, {
          reference,
          action: "email-corrected",
          staffId: me.id,
          detail:
            resent > 0
              ? `${resent} ${resent === 1 ? "interview invitation" : "interview invitations"} sent again`
              : "",
          now,
        });
        return { ok: true, value: { resent } };
      });
      if (outcome.ok && outcome.value.resent > 0) options.onQueued?.();
      return outcome;
    },
    /** Unblocks a lead's address (the person asked for mail again, or the bounce was the server's fault). */
    async unblock(reference: string, me: { id: number }): Promise<AddressOutcome> {
      const kind = leadKind(reference);
      if (!kind) return { ok: false, problem: "There is no lead with that reference.", missing: true };
      const now = clock();
      return db.transaction(async (tx): Promise<AddressOutcome> => {
        const email = await emailOfLead(tx, kind, reference);
        if (email === null)
          return { ok: false, problem: "There is no lead with that reference.", missing: true };
        const address = normaliseEmail(email);
        if ((await liftSuppression(tx, address)) === 0) {
          return { ok: false, problem: "That address is not blocked." };
        }
        await markBouncesHandled(tx, { reference: null, address, now });
        await recordEvent(tx, { reference, action: "address-unblocked", staffId: me.id, now });
        return { ok: true, value: { resent: 0 } };
      });
    },
  };
}

export type Bounces = ReturnType<typeof createBounces>;
