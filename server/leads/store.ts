import type { CareersFileField, CareersInput } from "#core/forms/careers-schema.ts";
import type { ContactInput } from "#core/forms/contact-schema.ts";
import { serviceOptions } from "#core/forms/contact-schema.ts";
import type { SpamSignal } from "#core/forms/form-token.ts";
import { kindOfReference, type LeadKind } from "#core/leads/model.ts";
import { type Database, isUniqueViolation, type Queryable, type Transaction } from "../db/database.ts";
import { applicationMails, enquiryMails, type MailRouting } from "../delivery/emails.ts";
import { type EmailOutcome, enqueueEmails, enqueueWebhooks } from "../delivery/outbox.ts";
import { type LeadEvent, leadEvent } from "../delivery/webhooks.ts";
import { newLinkNonce } from "../protection/applicant-link.ts";
import { addDocument } from "../tables/documents.ts";
import { findRepeat, insertApplication, insertEnquiry, type RepeatOf } from "../tables/leads/intake.ts";
import { advanceActivity } from "../tables/leads/records.ts";
import { recordEvent, sendEvent } from "../tables/timeline.ts";
import { capAcknowledgement, takeMailbox } from "./acknowledgements.ts";
import { newReference } from "./model.ts";
import { recipientsOfLead, routeNewLead } from "./routing.ts";

/** Where a lead's messages go: the company's inboxes, and the webhooks told of every new lead. */
export type LeadRouting = MailRouting & {
  /** Each configured webhook, as the queue stores it (see webhookTarget): never the address itself. */
  webhooks: { key: string; display: string }[];
  /** The site's public address, for the link to the lead in the staff workspace. */
  publicUrl: string;
  /**
   * True when a virus scanner is configured: documents are stored waiting for it ('pending'), and are
   * neither attached nor downloadable until it has found them clean. Otherwise they are 'not-scanned'.
   */
  scanUploads?: boolean;
};

/** What we keep about who sent a submission: never the address itself. */
export type SenderMeta = {
  ipHash: string;
  userAgent: string;
  idempotencyKey: string | null;
  contentHash: string;
  /** Caught by the honeypot: stored as spam, never sent on. */
  spam: boolean;
  /** The spam layer that caught it, if any: the honeypot, or the page's time token (suspected only). */
  spamSignal: SpamSignal | null;
  /** How long after its page was served the form was sent, when its token was good. */
  formAgeMs: number | null;
  now: number;
};

/** A checked upload, held in memory until it is stored with its application. */
export type Upload = {
  field: CareersFileField;
  fileName: string;
  contentType: string;
  content: Buffer;
};

/** How far back identical content from the same sender counts as the same submission. */
export const duplicateWindowMs = 10 * 60 * 1000;

/** What a new lead of either kind stores about who sent it and how. */
function sentBy(reference: string, meta: SenderMeta) {
  return {
    reference,
    status: meta.spam ? ("spam" as const) : ("new" as const),
    idempotencyKey: meta.idempotencyKey,
    contentHash: meta.contentHash,
    ipHash: meta.ipHash,
    userAgent: meta.userAgent,
    receivedAt: meta.now,
    spamSignal: meta.spamSignal,
    formAgeMs: meta.formAgeMs,
  };
}

/** What makes a submission a repeat of an earlier one: its key, or its content from its sender lately. */
function repeatOf(meta: SenderMeta): RepeatOf {
  return {
    idempotencyKey: meta.idempotencyKey,
    contentHash: meta.contentHash,
    ipHash: meta.ipHash,
    since: meta.now - duplicateWindowMs,
  };
}

function serviceOf(value: string): LeadEvent["data"]["service"] {
  const option = serviceOptions.find((o) => o.value === value);
  return option ? { id: option.value, name: option.label } : null;
}

/**
 * Runs one save, retrying with a fresh reference on the rare clash. `insert` stores the lead unless it
 * repeats an earlier one (then it resolves to false and stores nothing), and answers with that earlier
 * reference. When a concurrent request with the same idempotency key wins the race, answers with its
 * reference.
 */
async function saveOnce(
  db: Database,
  kind: LeadKind,
  meta: SenderMeta,
  insert: (tx: Transaction, reference: string) => Promise<boolean>,
): Promise<{ reference: string; repeated: boolean }> {
  const prefix = kind === "enquiry" ? "ENQ" : "APP";
  for (let attempt = 0; ; attempt++) {
    const reference = newReference(prefix);
    try {
      // Safe to run twice (see TransactionOptions): a second run, after a failover broke the first,
      // stores nothing if the first was committed after all, its answer lost, and finds that lead by
      // the same idempotency key or content under this very reference: this post's own lead, answered
      // as stored, with the reference the first run gave it.
      const saved = await db.transaction(
        async (tx) => {
          if (await insert(tx, reference)) return { reference, repeated: false };
          const earlier = await findRepeat(tx, kind, repeatOf(meta));
          if (earlier === reference) return { reference, repeated: false };
          return earlier ? { reference: earlier, repeated: true } : null;
        },
        { idempotent: true },
      );
      // The earlier one was deleted between the two statements: this one is stored afresh.
      if (saved) return saved;
      if (attempt >= 3) throw new Error("A repeated submission's earlier lead could not be found");
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
      const earlier = await findRepeat(db, kind, repeatOf(meta));
      if (earlier) return { reference: earlier, repeated: true };
    }
  }
}

/**
 * Stores an enquiry and queues its two e-mails (the acknowledgement within its mailbox's daily share)
 * and its webhooks in one transaction; spam is stored but never sent on, nor acknowledged. On
 * PostgreSQL it takes two round trips: the lead's INSERT (with the duplicate check), with the reads
 * routing and the acknowledgement cap need; then every other row, with the COMMIT.
 */
export async function saveEnquiry(db: Database, input: ContactInput, meta: SenderMeta, routing: LeadRouting) {
  return saveOnce(db, "enquiry", meta, async (tx, reference) => {
    const stored = insertEnquiry(
      tx,
      {
        ...sentBy(reference, meta),
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        company: input.company,
        service: input.service,
        message: input.message,
        siteDetails: input.details ?? null,
      },
      repeatOf(meta).since,
    );
    const mails = meta.spam ? [] : enquiryMails(input, reference, routing);
    // Sent with the INSERT, so answered in the same round trip; of no use if it was a repeat.
    const people = meta.spam ? [] : recipientsOfLead(tx, "enquiry", input.service);
    const mailbox = takeMailbox(tx, mails, meta.now);
    const [row, recipients, taken] = await Promise.all([stored, people, mailbox]);
    if (!row) return false;
    sendEvent(tx, { reference, action: "received", now: meta.now });
    if (meta.spam) return true;
    const routed = routeNewLead(tx, { reference, kind: "enquiry" }, recipients, mails, meta.now);
    enqueueEmails(tx, reference, capAcknowledgement(tx, routed, taken, meta.now), [], meta.now);
    const event = leadEvent(
      { reference, kind: "enquiry", service: serviceOf(input.service), details: input.details ?? null },
      routing.publicUrl,
      meta.now,
    );
    enqueueWebhooks(tx, event, routing.webhooks, meta.now);
    return true;
  });
}

/** Stores an application with its documents and queues its two e-mails and its webhooks, all in one transaction. */
export async function saveApplication(
  db: Database,
  input: CareersInput,
  niNumberEncrypted: string,
  uploads: Upload[],
  meta: SenderMeta,
  routing: LeadRouting,
  /** The vacancy the application was made for, and whether it had closed as the application arrived. */
  vacancy: { reference: string; title: string; closed: boolean } | null = null,
): Promise<{ reference: string; repeated: boolean; page: string | null }> {
  // The application whose row this post stored, to sign the link the confirmation shows: a repeat
  // stores nothing and shows none (the first post's e-mail has it).
  const kept: { row: { reference: string; linkNonce: string } | null } = { row: null };
  const saved = await saveOnce(db, "application", meta, async (tx, reference) => {
    // Stored with the application and signed into the applicant's links, so no link can open another
    // application that draws the same reference later (server/protection/applicant-link.ts).
    const linkNonce = newLinkNonce();
    const stored = insertApplication(
      tx,
      {
        ...sentBy(reference, meta),
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        address: input.address,
        hasCar: input.hasCarQuestion,
        hasUkLicence: input.hasUKLicense,
        rightToWork: input.rightToWork,
        niNumberEncrypted,
        vacancyReference: vacancy?.reference ?? null,
        vacancyClosed: vacancy?.closed ?? false,
        linkNonce,
      },
      repeatOf(meta).since,
    );
    const application = { reference, linkNonce };
    const mails = meta.spam ? [] : applicationMails(input, application, uploads, routing, vacancy, meta.now);
    // Sent with the INSERT, so answered in the same round trip; of no use if it was a repeat.
    const people = meta.spam ? [] : recipientsOfLead(tx, "application", "");
    const mailbox = takeMailbox(tx, mails, meta.now);
    const [row, recipients, taken] = await Promise.all([stored, people, mailbox]);
    if (!row) return false;
    kept.row = application;
    // Their ids go into the notification, which attaches them: each INSERT is waited for.
    const documentIds: number[] = [];
    for (const upload of uploads) {
      const scanStatus = routing.scanUploads ? "pending" : "not-scanned";
      const id = await addDocument(tx, Number(row.id), upload, scanStatus);
      if (id !== null) documentIds.push(id);
    }
    sendEvent(tx, { reference, action: "received", now: meta.now });
    if (meta.spam) return true;
    const routed = routeNewLead(tx, { reference, kind: "application" }, recipients, mails, meta.now);
    enqueueEmails(tx, reference, capAcknowledgement(tx, routed, taken, meta.now), documentIds, meta.now);
    const event = leadEvent({ reference, kind: "application", service: null }, routing.publicUrl, meta.now);
    enqueueWebhooks(tx, event, routing.webhooks, meta.now);
    return true;
  });
  const own = !saved.repeated && kept.row?.reference === saved.reference ? kept.row : null;
  const link = own && routing.applicantLinks ? routing.applicantLinks(own, meta.now) : null;
  return { ...saved, page: link ? pathOf(link.url) : null };
}

/** A link's path and query: the confirmation links to the page on the site it is shown on. */
function pathOf(url: string): string {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}

/**
 * Puts an e-mail's outcome on its lead's timeline; a sent e-mail also counts as activity on the lead,
 * which the retention rules count from. The delivery queue calls it in the transaction that records
 * the outcome.
 */
export async function recordEmailOutcome(tx: Queryable, outcome: EmailOutcome): Promise<void> {
  const { reference, purpose, sent, now } = outcome;
  // A morning summary is about no single lead.
  if (!kindOfReference(reference)) return;
  await recordEvent(tx, { reference, action: sent ? "mail-sent" : "mail-failed", detail: purpose, now });
  // The talent pool's question is no activity on the lead: were it one, a member who never answers would
  // be kept for another period instead of being deleted when their agreement runs out.
  if (!sent || purpose === "pool-renewal") return;
  await advanceActivity(tx, reference, now);
}
