/**
 * The talent pool's reads and claims on the `applications` table (see records.ts): the applicants who
 * agreed to be kept on file, searched with their vacancy (read from `vacancies`), and the renewal
 * question each is asked at most once per agreement.
 */
import type { Queryable, Value } from "../../db/database.ts";
import type { SqlDialect } from "../../db/dialect.ts";
import { containing } from "./search-index.ts";

/** A member of the pool with the vacancy they applied for (its columns null for a general application). */
export type PoolRow = {
  reference: string;
  first_name: string;
  last_name: string;
  created_at: number;
  address: string;
  keep_consent_at: number;
  vacancy_reference: string | null;
  title: string | null;
  location: string | null;
  service: string | null;
};

/** What the pool is searched by; each part left out matches everyone. */
export type PoolFilter = {
  /** Consents given after this moment (none older can still hold). */
  consentAfter: number;
  /** Only general applications (no vacancy named): true; or those for vacancies of this service. */
  noVacancy: boolean;
  service?: string | undefined;
  /** Words of the applicant's address or the vacancy's location, in lower case. */
  place?: string | undefined;
  /** Applied from and until these moments. */
  from?: number | undefined;
  to?: number | undefined;
};

/**
 * The applicants who gave their consent to be kept on file after `consentAfter` (spam and withdrawn left
 * out) that match the search, newest application first, with their vacancy. Whether each consent still
 * holds is the caller's to decide.
 */
export function poolMembers(db: Queryable, sql: SqlDialect, filter: PoolFilter): Promise<PoolRow[]> {
  const clauses = [
    "a.keep_consent_at IS NOT NULL",
    "a.status NOT IN ('spam', 'withdrawn')",
    // No consent given longer ago than the longest the period can run is still held.
    "a.keep_consent_at > ?",
  ];
  const params: Value[] = [filter.consentAfter];
  if (filter.noVacancy) {
    clauses.push("a.vacancy_reference IS NULL");
  } else if (filter.service) {
    clauses.push("v.service = ?");
    params.push(filter.service);
  }
  const place = filter.place;
  if (place) {
    clauses.push(
      `(${sql.likeIgnoringCase("a.address", place)} OR ${sql.likeIgnoringCase("v.location", place)})`,
    );
    params.push(containing(place), containing(place));
  }
  if (filter.from !== undefined) {
    clauses.push("a.created_at >= ?");
    params.push(filter.from);
  }
  if (filter.to !== undefined) {
    clauses.push("a.created_at <= ?");
    params.push(filter.to);
  }
  return db.all<PoolRow>(
    `SELECT a.reference, a.first_name, a.last_name, a.created_at, a.address, a.keep_consent_at,
       v.reference AS vacancy_reference, v.title, v.location, v.service
     FROM applications a LEFT JOIN vacancies v ON v.reference = a.vacancy_reference
     WHERE ${clauses.join(" AND ")}
     ORDER BY a.created_at DESC, a.reference DESC`,
    params,
  );
}

/** A member whose agreement may be in its asking window: when they agreed. */
export type PoolCandidate = { reference: string; keep_consent_at: number };

/**
 * The members who agreed after `agreedAfter` and at or before `agreedBy` and have not been asked about
 * that agreement, spam and withdrawn applications left out, oldest agreement first.
 */
export function poolToAsk(db: Queryable, agreedBy: number, agreedAfter: number): Promise<PoolCandidate[]> {
  return db.all<PoolCandidate>(
    `SELECT reference, keep_consent_at FROM applications
     WHERE keep_consent_at IS NOT NULL AND keep_consent_at <= ? AND keep_consent_at > ?
       AND (pool_asked_at IS NULL OR pool_asked_at < keep_consent_at)
       AND status NOT IN ('spam', 'withdrawn')
     ORDER BY keep_consent_at`,
    [agreedBy, agreedAfter],
  );
}

/**
 * Marks a member asked now about their agreement of `agreedAt`, unless they were (or it changed, or the
 * application is spam or withdrawn): resolves to whom to ask, or null when this call did not mark them.
 */
export async function markPoolAsked(
  tx: Queryable,
  reference: string,
  agreedAt: number,
  now: number,
): Promise<{ first_name: string; email: string; link_nonce: string } | null> {
  const [member] = await tx.all<{ first_name: string; email: string; link_nonce: string }>(
    `UPDATE applications SET pool_asked_at = ?
         WHERE reference = ? AND keep_consent_at = ? AND (pool_asked_at IS NULL OR pool_asked_at < keep_consent_at)
           AND status NOT IN ('spam', 'withdrawn')
         RETURNING first_name, email, link_nonce`,
    [now, reference, agreedAt],
  );
  return member ?? null;
}
