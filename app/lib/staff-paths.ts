/** True for the staff workspace's pages, which have their own frame and are never indexed. */
export function isStaffPath(pathname: string): boolean {
  return pathname === "/staff" || pathname.startsWith("/staff/");
}
