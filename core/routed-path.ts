/**
 * A request's path as the router reads it, for the server's guards of protected areas (the staff
 * workspace, the applicant's page): a guard that read a path more narrowly than the router would let
 * another spelling of a guarded page past it, so every guard reads it here, the one way.
 */

/** Escapes are undone up to three layers deep: `%252573` reads as `s`. */
const decodeRounds = 3;

/**
 * A path as the router reads it: dot segments resolved (`/x/../staff`, `/%2e/staff`), escapes decoded,
 * slashes and backslashes collapsed into one, in lower case, and without a trailing slash.
 */
export function routedPath(pathname: string): string {
  let path = new URL(`http://site${pathname.startsWith("/") ? "" : "/"}${pathname}`).pathname;
  for (let i = 0; i < decodeRounds; i++) {
    let decoded = path;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  const collapsed = path.replace(/[/\\]+/g, "/").toLowerCase();
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, "") : collapsed;
}
