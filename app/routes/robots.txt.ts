import { robotsTxt } from "#core/seo.ts";

/** robots.txt, prerendered to a file at build time; it points crawlers at the sitemap. */
export function loader() {
  return new Response(robotsTxt(), {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
