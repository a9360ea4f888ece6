import { createHash } from "node:crypto";
import type { Queryable, Transaction } from "../db/database.ts";
import type { QueuedMail } from "../delivery/emails.ts";
import { lockMailbox, setSendingTimes } from "../tables/acknowledged-mailboxes.ts";

/**
 * How often the company's mail server may write to one mailbox about leads typed into our forms: so
 * nobody can make it send acknowledgements to a stranger in bulk. Counted per mailbox, as a hash, in
 * the submission's own transaction.
 */

/** Acknowledgements one mailbox may be sent in any 24 hours; past it, the lead is kept and staff told as ever. */
export const acknowledgementsPerDay = 3;
/** How long a mailbox's acknowledgements count against it; its row is kept no longer (the hourly purge). */
export const acknowledgementWindowMs = 24 * 60 * 60 * 1000;

/**
 * The mailbox an address delivers to, as a hash, for the budget of e-mails the public forms may make
 * the mail server send it (acknowledgements and job alerts' sign-up e-mails alike): the case, a "+tag"
 * and dots in the local part do not make another mailbox, so they do not buy more e-mails.
 *
 * Dots are folded at every domain, not only at Gmail's: many providers (Google Workspace domains among
 * them, which no list of names can tell apart) ignore them too, and a mailbox may take another spelling
 * through an alias. Folding too much only makes two real mailboxes (`a.1@` and `a1@`) share one small
 * budget, which costs nobody an enquiry (the lead is kept either way) and at worst delays a
 * confirmation by a day; folding too little lets each spelling buy a budget of its own.
 */
export function mailboxKey(email: string): string {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at).toLowerCase().replace(/\+.*$/, "").replaceAll(".", "");
  let domain = email.slice(at + 1).toLowerCase();
  if (domain === "googlemail.com") domain = "gmail.com";
  return createHash("sha256").update(`${local}@${domain}`).digest("base64url");
}

/** A mailbox as the submission took it: when it was sent acknowledgements lately. */
export type TakenMailbox = { mailbox: string; sentAt: number[] };

/**
 * Takes the row of the mailbox an acknowledgement would go to (on PostgreSQL, locked until the
 * submission commits), so submissions at once count one after another. Sent along with the lead's own
 * INSERT; null when the mails hold no acknowledgement.
 */
export async function takeMailbox(
  tx: Queryable,
  mails: QueuedMail[],
  now: number,
): Promise<TakenMailbox | null> {
  const acknowledgement = mails.find((mail) => mail.purpose === "acknowledgement");
  if (!acknowledgement) return null;
  const mailbox = mailboxKey(acknowledgement.to);
  return { mailbox, sentAt: await lockMailbox(tx, mailbox, now) };
}

/**
 * The mails to queue, without the acknowledgement when its mailbox (taken by takeMailbox) has had its
 * day's share; the mailbox's new count is sent with the submission's last statements. Rows of mailboxes
 * acknowledged over a day ago are deleted by the hourly purge (server/lifecycle/purge.ts).
 */
export function capAcknowledgement(
  tx: Transaction,
  mails: QueuedMail[],
  taken: TakenMailbox | null,
  now: number,
): QueuedMail[] {
  const acknowledgement = mails.find((mail) => mail.purpose === "acknowledgement");
  if (!acknowledgement || !taken) return mails;
  const recent = taken.sentAt.filter((at) => at > now - acknowledgementWindowMs);
  const allowed = recent.length < acknowledgementsPerDay;
  if (allowed) recent.push(now);
  setSendingTimes(tx, taken.mailbox, recent, Math.max(0, ...recent));
  return allowed ? mails : mails.filter((mail) => mail !== acknowledgement);
}
