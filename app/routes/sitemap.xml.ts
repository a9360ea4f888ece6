import { sitemapXml } from "~/lib/seo";

/** The sitemap, prerendered to a file at build time from the list of public pages. */
export function loader() {
  return new Response(sitemapXml(), {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
