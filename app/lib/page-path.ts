import { endpointPages } from "#core/forms/endpoints.ts";

/**
 * The page a path shows, for marking the current page in the navigation: the path without trailing
 * slashes, and a form's page for its endpoint (where a form refused without JavaScript comes back).
 */
export function pagePathFor(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return endpointPages[path] ?? path;
}
