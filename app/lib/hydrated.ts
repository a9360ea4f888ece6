import { useEffect } from "react";

/**
 * Marks <html data-hydrated="true"> once React has taken over the page.
 * Styles can use it to show controls that only work with JavaScript, and
 * tests use it to know when clicks reach React.
 */
export function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}
