/**
 * True for the staff workspace's addresses: its pages, which have their own frame and are never indexed,
 * and React Router's data requests for them (`/staff.data`), which the server guards the same way.
 */
export function isStaffPath(pathname: string): boolean {
  return pathname === "/staff" || pathname.startsWith("/staff/") || pathname.startsWith("/staff.");
}
