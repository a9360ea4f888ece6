import { useEffect } from "react";

/**
 * Marks <html data-hydrated="true"> once React has taken over a page of the staff workspace, which is
 * hydrated whole; on the public pages the site's own script marks it (islands/site.ts). Styles can use it
 * to show controls that only work with JavaScript, and tests use it to know when clicks reach the scripts.
 */
export function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}
