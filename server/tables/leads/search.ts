/**
 * The inbox's list, part of the owner of the lead tables (records.ts): one page of leads for a search
 * and filters, with its counts per status, and what the spam layers caught. Both kinds of lead are read
 * as one list (search-source.ts); a search asks the index first (search-index.ts). A lead's owner's name
 * is read from `staff`, and an application's next interview from `interviews`, in the page's one
 * statement.
 */
import { type SpamSignal, spamSignals } from "#core/forms/form-token.ts";
import { type InboxQuery, inboxPageSize } from "#core/leads/inbox-query.ts";
import {
  allStatuses,
  type InterviewAnswer,
  type LeadKind,
  type LeadStatus,
  leadKinds,
} from "#core/leads/model.ts";
import { promiseMs } from "#core/leads/reply-promise.ts";
import type { Database, Queryable, Value } from "../../db/database.ts";
import {
  exactParts,
  fewLeads as fewFound,
  findsFew,
  indexedCondition,
  indexedWords,
} from "./search-index.ts";
import { awaitingAnswer, type SourceRow, searchWords, source, type Viewer, where } from "./search-source.ts";

/** Who is looking, and when: for the "Mine" and "Overdue" filters. */
export type { Viewer };

/** One lead as a row of the inbox. */
export type InboxRow = {
  kind: LeadKind;
  reference: string;
  name: string;
  email: string;
  /** The enquiry's service value ("" for applications and enquiries that named none). */
  service: string;
  status: LeadStatus;
  createdAt: number;
  /** False until someone in the workspace opens the lead. */
  opened: boolean;
  /** The spam layer that caught it, if any (see core/forms/form-token.ts). */
  spamSignal: SpamSignal | null;
  /** How long after its page was served the form was sent, when known. */
  formAgeMs: number | null;
  /** The lead's owner (null: unassigned). */
  ownerId: number | null;
  ownerName: string | null;
  /** When it was first answered (null: not yet). */
  answeredAt: number | null;
  /** An application's next interview still to come, and the applicant's answer to it (null: none yet). */
  interview: { startsAt: number; answer: InterviewAnswer | null } | null;
  /** True while an e-mail to the lead's person bounced for good and nobody has corrected or unblocked the address. */
  notDelivered: boolean;
};

/** One page of the inbox, with the counts per status for the same search (any status). */
export type InboxPage = {
  rows: InboxRow[];
  /** Leads the search and filters match, over every page. */
  total: number;
  page: number;
  pages: number;
  counts: Record<LeadStatus, number>;
  /** Leads that are not spam, for the search and kind/service filters. */
  open: number;
};

/**
 * The kinds of lead a search and filters can find: both, unless it names one, or filters on what only
 * one kind has (a service: enquiries; a vacancy: applications).
 */
function kindsFor(query: InboxQuery): LeadKind[] {
  if (query.kind) return [query.kind];
  if (query.service && query.vacancy) return [];
  if (query.service) return ["enquiry"];
  if (query.vacancy) return ["application"];
  return leadKinds.map((kind) => kind.value);
}

/** Both kinds' leads, or one kind's, as one list with the same columns. */
function union(kinds: LeadKind[]): string {
  return kinds.map(source).join(" UNION ALL ");
}

/**
 * The leads of `kinds` a search may find, as one list with the same columns: with `byIndex`, only those
 * the search index (search-index.ts) finds holding every word it can look up; otherwise, or when no word
 * is long enough for it, every lead. The search's own conditions (`where`) still decide which are found.
 */
function searchedSource(
  sql: Database["sql"],
  kinds: LeadKind[],
  query: InboxQuery,
  byIndex: boolean,
): { from: string; fromParams: Value[] } {
  const words = byIndex ? indexedWords(sql, searchWords(query)) : [];
  if (words.length === 0) return { from: union(kinds), fromParams: [] };
  const parts = kinds.map((kind) => {
    const found = indexedCondition(sql, kind, words);
    return { sql: `${source(kind)} WHERE ${found.sql}`, params: found.params };
  });
  return {
    from: parts.map((part) => part.sql).join(" UNION ALL "),
    fromParams: parts.flatMap((part) => part.params),
  };
}

/**
 * The parts of one kind's leads that are each in the page's order by an index: for newest first, all of
 * them; for due soonest first, those waiting for an answer and the rest, each by its due time, which is
 * its arrival time plus the kind's promise (a kind without a promise has no due times: newest first).
 * Within each part, `order` sorts its rows as the page's own order would.
 */
function pageParts(kind: LeadKind, sort: InboxQuery["sort"]): { also: string; order: string }[] {
  const newest = "created_at DESC, reference DESC";
  if (sort !== "due" || promiseMs(kind) === null) return [{ also: "1 = 1", order: newest }];
  const byDue = "created_at, reference DESC";
  return [
    { also: "(status = 'new' AND answered_at IS NULL)", order: byDue },
    { also: "(status <> 'new' OR answered_at IS NOT NULL)", order: byDue },
  ];
}

/**
 * One kind's leads, or a part of them, that listLeads counts and pages from the kind's own indexes; on
 * PostgreSQL, a search's part also as its leads' statuses alone (`statuses`), for counting.
 */
type Scope = {
  kind: LeadKind;
  from: string;
  fromParams: Value[];
  check: { sql: string; params: Value[] };
  statuses?: { from: string; fromParams: Value[] };
};

const noCheck = { sql: "", params: [] as Value[] };

/** A WHERE clause (or none) with one more condition (or none), ANDed. */
function alsoWhere(
  clause: { sql: string; params: Value[] },
  also: { sql: string; params: Value[] },
): { sql: string; params: Value[] } {
  if (!also.sql) return clause;
  return {
    sql: clause.sql ? `${clause.sql} AND ${also.sql}` : `WHERE ${also.sql}`,
    params: [...clause.params, ...also.params],
  };
}

/**
 * The parts of each kind's leads a search finds by index alone (search-index.ts, exactParts), each with
 * the search's own check where it is still needed; null when the index cannot answer some word, or there
 * is no search.
 */
async function exactScopes(
  db: Database,
  kinds: LeadKind[],
  query: InboxQuery,
  viewer: Viewer,
  few?: number,
): Promise<Scope[] | null> {
  const words = searchWords(query);
  if (words.length === 0 || kinds.some((kind) => exactParts(db.sql, kind, words) === null)) return null;
  const check = where(db.sql, { q: query.q }, false, viewer);
  const scopes: Scope[] = [];
  for (const kind of kinds) {
    const parts = exactParts(db.sql, kind, words, await findsFew(db, db.sql, kind, words, few));
    if (parts === null) return null;
    for (const part of parts) {
      scopes.push({
        kind,
        from: `${source(kind)} WHERE ${part.sql}`,
        fromParams: part.params,
        check: part.recheck ? { sql: check.sql.replace(/^WHERE /, ""), params: check.params } : noCheck,
        ...(part.statuses ? { statuses: { from: part.statuses.sql, fromParams: part.statuses.params } } : {}),
      });
    }
  }
  return scopes;
}

/** How listLeads finds a search's leads. */
export type ListOptions = {
  /** False reads every lead instead of asking the search index: the bench's baseline (tools/bench-inbox.ts). */
  byIndex?: boolean;
  /** Up to how many leads of a kind SQLite's index finds are read by rowid (search-index.ts, fewLeads). */
  fewLeads?: number;
};

/**
 * One page of the inbox: newest first (or by due time), 50 to a page, with the counts per status.
 * Each kind of lead is counted, and its first rows up to the end of the page are read, in its own table
 * with its own ORDER BY ... LIMIT, which the indexes of migration 022 answer without reading the rest;
 * only those rows are merged and put in order. The same order is applied within each kind and across
 * both, so the page is the one a single ordered list of every lead would give. A search the index answers
 * alone (search-index.ts, exactParts) is one more condition on each kind, read the same way; any other
 * search reads every lead its index finds and checks each.
 */
export async function listLeads(
  db: Database,
  query: InboxQuery,
  viewer: Viewer = { me: null, now: Date.now() },
  { byIndex = true, fewLeads }: ListOptions = {},
): Promise<InboxPage> {
  const kinds = kindsFor(query);
  const searching = searchWords(query).length > 0;
  const scopes = byIndex ? await exactScopes(db, kinds, query, viewer, fewLeads) : null;
  // A search the index cannot answer alone reads the leads its index finds (every lead of its kinds when
  // it has no word the index can look up), checking each; otherwise each kind (each part of a kind a
  // search finds by index) is counted, and its page read, from the kind's own indexes.
  const found =
    searching && scopes === null
      ? searchedSource(db.sql, kinds, query, byIndex)
      : { from: "", fromParams: [] };
  const perKind: Scope[] =
    scopes ?? kinds.map((kind) => ({ kind, from: source(kind), fromParams: [] as Value[], check: noCheck }));
  const filtered = (withStatus: boolean, scope: Scope) =>
    alsoWhere(where(db.sql, { ...query, q: undefined }, withStatus, viewer, scope.kind), scope.check);
  const counts = Object.fromEntries(allStatuses.map((status) => [status, 0])) as Record<LeadStatus, number>;
  /** How many leads each part of the counts found, whatever their status. */
  const foundIn: number[] = [];
  if (kinds.length > 0) {
    const countParts =
      searching && scopes === null
        ? [{ ...where(db.sql, query, false, viewer), ...found }]
        : perKind.map((scope) => {
            const filters = filtered(false, scope);
            // Nothing but the search to count by: its leads' statuses alone, from the narrow table.
            if (!filters.sql && scope.statuses) return { ...filters, ...scope.statuses };
            return { ...filters, from: scope.from, fromParams: scope.fromParams };
          });
    const countRows = await db.all<{ part: number; status: LeadStatus; n: number }>(
      countParts
        .map(
          (part, i) =>
            `SELECT ${i} AS part, status, COUNT(*) AS n FROM (${part.from}) leads ${part.sql} GROUP BY status`,
        )
        .join(" UNION ALL "),
      countParts.flatMap((part) => [...part.fromParams, ...part.params]),
    );
    for (const row of countRows) {
      counts[row.status] += Number(row.n);
      foundIn[Number(row.part)] = (foundIn[Number(row.part)] ?? 0) + Number(row.n);
    }
  }
  const open = allStatuses.reduce((sum, status) => (status === "spam" ? sum : sum + counts[status]), 0);
  const total = query.status ? counts[query.status] : open;
  const pages = Math.max(1, Math.ceil(total / inboxPageSize));
  const page = query.page ?? 1;
  const offset = (page - 1) * inboxPageSize;

  const order =
    query.sort === "due"
      ? `CASE WHEN ${awaitingAnswer} THEN 0 ELSE 1 END, due_at, created_at DESC, reference DESC`
      : "created_at DESC, reference DESC";
  const columns = `kind, reference, first_name, last_name, email, service, status, created_at, opened_at,
    spam_signal, form_age_ms, owner_id, answered_at, due_at`;
  const parts =
    searching && scopes === null
      ? [{ ...where(db.sql, query, true, viewer), ...found, order: null, limit: [] }]
      : perKind.flatMap((scope, i) =>
          pageParts(scope.kind, query.sort).map((part) => {
            const { sql, params } = alsoWhere(filtered(true, scope), { sql: part.also, params: [] });
            return {
              sql,
              params,
              // PostgreSQL plans a statement once for any search (the server prepares each statement),
              // so it cannot tell a word in few leads from one in thousands: given few, the fence
              // (OFFSET 0) makes it read just those through the trigram index rather than walk the
              // kind's leads in the page's order looking for them.
              from:
                scopes !== null && db.sql.name === "postgres" && (foundIn[i] ?? 0) <= fewFound
                  ? `${scope.from} OFFSET 0`
                  : scope.from,
              fromParams: scope.fromParams,
              order: part.order,
              limit: [offset + inboxPageSize],
            };
          }),
        );
  // Without a search, or with one the index answers alone, the rows of each part that could be on this
  // page: its first offset + 50, read in the page's order from an index.
  const rows =
    parts.length > 0 && offset < total
      ? await db.all<
          SourceRow & {
            owner_name: string | null;
            interview_at: number | null;
            interview_answer: InterviewAnswer | null;
            not_delivered: number | null;
          }
        >(
          // Only the page's rows look up their next interview, each through the interviews' reference
          // index: the rest of the inbox's work is the same as without it.
          `SELECT leads.*, (SELECT o.name FROM staff o WHERE o.id = leads.owner_id) AS owner_name,
             (SELECT i.starts_at FROM interviews i WHERE i.reference = leads.reference
                AND i.status = 'scheduled' AND i.starts_at > ? ORDER BY i.starts_at LIMIT 1) AS interview_at,
             (SELECT i.answer FROM interviews i WHERE i.reference = leads.reference
                AND i.status = 'scheduled' AND i.starts_at > ? ORDER BY i.starts_at LIMIT 1) AS interview_answer,
             (SELECT COUNT(*) FROM outbox b WHERE b.reference = leads.reference AND b.bounce IN ('hard', 'complaint')
                AND b.bounce_handled_at IS NULL) AS not_delivered
           FROM (${parts
             .map((part, i) =>
               part.order === null
                 ? `SELECT ${columns} FROM (${part.from}) leads ${part.sql}`
                 : `SELECT * FROM (SELECT ${columns} FROM (${part.from}) leads ${part.sql}
                    ORDER BY ${part.order} LIMIT ?) part_${i}`,
             )
             .join(" UNION ALL ")}) leads
           ORDER BY ${order} LIMIT ? OFFSET ?`,
          [
            viewer.now,
            viewer.now,
            ...parts.flatMap((part) => [...part.fromParams, ...part.params, ...part.limit]),
            inboxPageSize,
            offset,
          ],
        )
      : [];
  return {
    rows: rows.map((row) => ({
      kind: row.kind,
      reference: row.reference,
      name: `${row.first_name} ${row.last_name}`,
      email: row.email,
      service: row.service,
      status: row.status,
      createdAt: Number(row.created_at),
      opened: row.opened_at !== null,
      spamSignal: row.spam_signal,
      formAgeMs: row.form_age_ms === null ? null : Number(row.form_age_ms),
      ownerId: row.owner_id === null ? null : Number(row.owner_id),
      ownerName: row.owner_name,
      answeredAt: row.answered_at === null ? null : Number(row.answered_at),
      interview:
        row.interview_at === null
          ? null
          : { startsAt: Number(row.interview_at), answer: row.interview_answer },
      notDelivered: Number(row.not_delivered ?? 0) > 0,
    })),
    total,
    page,
    pages,
    counts,
    open,
  };
}

/** How far back the workspace counts what each spam layer caught. */
export const spamCountDays = 7;

/**
 * How many submissions each spam layer caught in the last seven days: the honeypot (moved to Spam) and
 * the time token's three signals (kept in the inbox, marked as suspected). Counted from the leads still
 * held, whatever their status now.
 */
export async function spamCaught(db: Queryable, now: number): Promise<Record<SpamSignal, number>> {
  const since = now - spamCountDays * 24 * 60 * 60 * 1000;
  const rows = await db.all<{ spam_signal: SpamSignal; n: number }>(
    `SELECT spam_signal, COUNT(*) AS n FROM (
       SELECT spam_signal FROM enquiries WHERE spam_signal IS NOT NULL AND created_at >= ?
       UNION ALL
       SELECT spam_signal FROM applications WHERE spam_signal IS NOT NULL AND created_at >= ?
     ) caught GROUP BY spam_signal`,
    [since, since],
  );
  const counts = Object.fromEntries(spamSignals.map((signal) => [signal, 0])) as Record<SpamSignal, number>;
  for (const row of rows) counts[row.spam_signal] = Number(row.n);
  return counts;
}
