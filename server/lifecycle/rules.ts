import type { Period, RetentionConfig } from "#core/config/retention.ts";
import type { LeadKind } from "#core/leads/model.ts";
import { addPeriod, describePeriod } from "#core/retention-periods.ts";

/** What the retention rules look at: a lead's status and dates (ms since the epoch), nothing about the person. */
export type LeadFacts = {
  kind: LeadKind;
  status: string;
  receivedAt: number;
  /** When the current status was set; null while it is the one the lead arrived with. */
  statusChangedAt: number | null;
  /** The latest of: received, status change, note, e-mail sent. */
  lastActivityAt: number;
  /** Applications: when the applicant agreed to be kept on file for future roles. */
  keepConsentAt?: number | null;
};

/** Which rule decided a lead's date. */
export type RuleName =
  | "spam"
  | "client"
  | "enquiry"
  | "unsuccessful"
  | "withdrawn"
  | "hired"
  | "inactive-application"
  | "future-roles";

export type RetentionDecision = {
  /** The moment the lead is due for deletion: the purge deletes it at its first run from then on. */
  deleteAt: number;
  rule: RuleName;
  /** The rule in words, for the dry run and the people page: "unsuccessful; kept six months after that". */
  because: string;
};

const date = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "Europe/London" });

function decide(rule: RuleName, from: number, period: Period, event: string): RetentionDecision {
  return {
    deleteAt: addPeriod(from, period),
    rule,
    because: `${event} ${date.format(from)}; kept ${describePeriod(period)} after that`,
  };
}

/**
 * When a lead is due for deletion under the retention rules, and why. Pure: the same facts and
 * config always give the same answer, so the purge, its dry run and the people page agree.
 */
export function retentionOf(lead: LeadFacts, config: RetentionConfig): RetentionDecision {
  const lastActivity = Math.max(lead.receivedAt, lead.lastActivityAt, lead.statusChangedAt ?? 0);
  // Counted from when it arrived, or from when staff marked it spam if that was later, so a
  // mistaken mark on an older lead leaves the same 30 days to undo it.
  if (lead.status === "spam") {
    const from = Math.max(lead.receivedAt, lead.statusChangedAt ?? 0);
    return decide("spam", from, config.spam, from === lead.receivedAt ? "Spam, received" : "Marked as spam");
  }
  if (lead.kind === "enquiry") {
    if (lead.status === "won")
      return decide("client", lastActivity, config.enquiries.won, "Won; last activity");
    return decide("enquiry", lastActivity, config.enquiries.other, "Last activity");
  }
  const setAt = lead.statusChangedAt ?? lastActivity;
  const byStatus =
    lead.status === "unsuccessful"
      ? decide("unsuccessful", setAt, config.applications.unsuccessful, "Unsuccessful")
      : lead.status === "withdrawn"
        ? decide("withdrawn", setAt, config.applications.unsuccessful, "Withdrawn")
        : lead.status === "hired"
          ? decide("hired", setAt, config.applications.hired, "Hired")
          : decide("inactive-application", lastActivity, config.applications.inactive, "Last activity");
  if (lead.keepConsentAt != null) {
    const kept = decide(
      "future-roles",
      lead.keepConsentAt,
      config.applications.futureRoles,
      "Agreed to be kept for future roles",
    );
    if (kept.deleteAt > byStatus.deleteAt) return kept;
  }
  return byStatus;
}
