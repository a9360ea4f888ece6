/**
 * The talent pool's search, as it stands in the Talent pool page's URL (`?service=&place=&from=&to=&page=`):
 * its values, limits and page size. The pool itself (who is in it, until when) is the server's.
 */

/** Members shown on one page of the pool's results. */
export const poolPageSize = 50;

/** The longest place the search accepts. */
export const poolPlaceMaxLength = 100;

/** The service filter's value for general applications, which name no vacancy and so no service. */
export const noServiceValue = "none";

export type PoolQuery = {
  /** A vacancy's service (its slug), or `none` for general applications. */
  service?: string | undefined;
  /** Words found in the applicant's address or the vacancy's place of work, in any case. */
  place?: string | undefined;
  /** Applied on or after this day (YYYY-MM-DD, UK time). */
  from?: string | undefined;
  /** Applied on or before this day (YYYY-MM-DD, UK time). */
  to?: string | undefined;
  page?: number | undefined;
};

/** The query string for a pool search (without `?`), leaving out what is empty. */
export function poolQueryString(query: PoolQuery): string {
  const params = new URLSearchParams();
  if (query.service) params.set("service", query.service);
  if (query.place) params.set("place", query.place);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params.toString();
}
