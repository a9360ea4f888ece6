/**
 * The lead tables (`enquiries`, `applications`; see records.ts) as the analytics report reads them:
 * when each enquiry was first answered (from its timeline in `audit_log`), and what became of the leads
 * each source brought (from `lead_sources`), each in one statement.
 */
import type { AuditAction } from "#core/leads/model.ts";
import type { Queryable } from "../../db/database.ts";

/** An enquiry received in the span, with when it was first answered (null: not yet). */
export type AnsweredEnquiry = { service: string; received: number; answered: number | null };

/**
 * The enquiries received from `since` until before `until` (not spam), each with its first answer: the
 * first `replySent` on its timeline, or the first status change away from New other than to Spam.
 */
export async function enquiriesAnswered(
  db: Queryable,
  { since, until }: { since: number; until: number },
  replySent: AuditAction,
): Promise<AnsweredEnquiry[]> {
  const rows = await db.all<{ service: string; created_at: unknown; answered_at: unknown }>(
    `SELECT e.service, e.created_at,
       (SELECT MIN(a.created_at) FROM audit_log a
        WHERE a.reference = e.reference
          AND (a.action = ? OR (a.action = 'status-changed' AND a.detail LIKE 'new → %'
               AND a.detail <> 'new → spam'))) AS answered_at
     FROM enquiries e
     WHERE e.created_at >= ? AND e.created_at < ? AND e.status <> 'spam'`,
    [replySent, since, until],
  );
  return rows.map((row) => ({
    service: row.service,
    received: Number(row.created_at),
    answered: row.answered_at === null || row.answered_at === undefined ? null : Number(row.answered_at),
  }));
}

/** A lead received in the span, with its status and the source of the visit it was sent in (all null: none kept). */
export type LeadWithSource = {
  kind: string;
  status: string;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  landing_page: string | null;
};

/** The leads of both kinds received from `since` until before `until` (not spam), with their sources. */
export function leadsWithSource(
  db: Queryable,
  { since, until }: { since: number; until: number },
): Promise<LeadWithSource[]> {
  const columns = `l.status, s.referrer_host, s.utm_source, s.utm_medium, s.utm_campaign, s.landing_page`;
  return db.all<LeadWithSource>(
    `SELECT 'enquiry' AS kind, ${columns}
     FROM enquiries l LEFT JOIN lead_sources s ON s.reference = l.reference
     WHERE l.created_at >= ? AND l.created_at < ? AND l.status <> 'spam'
     UNION ALL
     SELECT 'application' AS kind, ${columns}
     FROM applications l LEFT JOIN lead_sources s ON s.reference = l.reference
     WHERE l.created_at >= ? AND l.created_at < ? AND l.status <> 'spam'`,
    [since, until, since, until],
  );
}
