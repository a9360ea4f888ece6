import { routedPath } from "../routed-path.ts";

/**
 * True for the staff workspace's addresses: its pages, which have their own frame and are never indexed,
 * and React Router's data requests for them (`/staff.data`), which the server guards the same way.
 */
export function isStaffPath(pathname: string): boolean {
  return pathname === "/staff" || pathname.startsWith("/staff/") || pathname.startsWith("/staff.");
}

/**
 * True for a workspace page to send someone on to (a `next` target after signing in): a path under
 * `/staff` that may carry a query string. Unlike isStaffPath, never a data request (`/staff.data`), which
 * is no page to land on.
 */
export function isStaffPageTarget(target: string): boolean {
  return target === "/staff" || target.startsWith("/staff/") || target.startsWith("/staff?");
}

/** A lead's page in the workspace; its reference is escaped, so a reference typed by hand cannot leave it. */
export function leadPath(reference: string): string {
  return `/staff/leads/${encodeURIComponent(reference)}`;
}

/**
 * True for any other spelling of a workspace address that the router would still match: `/STAFF`,
 * `/%73taff`, `//staff`, `/x/../staff` and the like. The server answers these 404, so the workspace's
 * guard and headers, which look for `/staff` as it is written, apply to every request that reaches
 * it. Workspace addresses never need escapes, doubled slashes or dot segments.
 */
export function isOtherStaffSpelling(pathname: string): boolean {
  if (!isStaffPath(routedPath(pathname))) return false;
  const plain =
    isStaffPath(pathname) &&
    !/%|\/\/|\\/.test(pathname) &&
    new URL(`http://site${pathname}`).pathname === pathname;
  return !plain;
}
