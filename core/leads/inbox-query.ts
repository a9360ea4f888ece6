/**
 * The staff inbox's search and filters: its query string, page size and search limits. What a lead is,
 * and its words, live in `core/leads/model.ts`.
 */
import type { LeadKind, LeadStatus } from "./model.ts";

/** Leads shown on one page of the inbox. */
export const inboxPageSize = 50;

/** The longest search the inbox accepts, and how many words of it count. */
export const searchLimits = { length: 200, words: 8 } as const;

export type InboxQuery = {
  q?: string | undefined;
  kind?: LeadKind | undefined;
  status?: LeadStatus | undefined;
  service?: string | undefined;
  /** Applications made for one vacancy (its reference). */
  vacancy?: string | undefined;
  /** "mine": the signed-in person's leads; "unassigned": leads nobody owns. */
  owner?: "mine" | "unassigned" | undefined;
  /** Only leads past their reply promise without an answer. */
  overdue?: boolean | undefined;
  /** "due": unanswered leads first, soonest due first; otherwise newest first. */
  sort?: "due" | undefined;
  page?: number | undefined;
};

/** The query string for a search and filters (without `?`), leaving out what is empty. */
export function inboxQueryString(query: InboxQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.kind) params.set("kind", query.kind);
  if (query.status) params.set("status", query.status);
  if (query.service) params.set("service", query.service);
  if (query.vacancy) params.set("vacancy", query.vacancy);
  if (query.owner) params.set("owner", query.owner);
  if (query.overdue) params.set("overdue", "1");
  if (query.sort) params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params.toString();
}
