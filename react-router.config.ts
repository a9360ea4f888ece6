import type { Config } from "@react-router/dev/config";
import { publicPages } from "./app/lib/seo.ts";

/** Content routes, prerendered to HTML at build time and served as files: every public page. */
export const prerenderedPaths: string[] = [...publicPages];

/** Files generated from the same list, prerendered beside the pages. */
export const prerenderedFiles = ["/sitemap.xml", "/robots.txt"];

export default {
  ssr: true,
  prerender: [...prerenderedPaths, ...prerenderedFiles],
  // A dozen routes fit in the first page's manifest; lazy discovery would fetch /__manifest after
  // hydration and again whenever links scroll into view.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
