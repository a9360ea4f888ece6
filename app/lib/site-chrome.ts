import { useRouteLoaderData } from "react-router";
import { type SiteChrome, shippedSiteChrome } from "#core/content/site-chrome.ts";

/**
 * The header and footer's words as published now (Site content, "The header and footer"), for the frame
 * around every public page: the root loader reads them from the router context (`publishedContent`), so
 * they are in the page's HTML, and no island or script carries them. The shipped words where the root
 * loader has not run (an error screen drawn before it).
 */
export function useSiteChrome(): SiteChrome {
  return useRouteLoaderData<{ chrome?: SiteChrome }>("root")?.chrome ?? shippedSiteChrome;
}
