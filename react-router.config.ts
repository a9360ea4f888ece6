import type { Config } from "@react-router/dev/config";
import { publicPages } from "./core/seo.ts";

/**
 * Content routes, prerendered to HTML at build time and served as files: every public page but the
 * careers page, whose "Current vacancies" the server reads from the database on each request (as it
 * does the vacancies' own pages and the sitemap, which lists them).
 */
export const prerenderedPaths: string[] = publicPages.filter((path) => path !== "/careers");

/** Files generated from the list of public pages, prerendered beside the pages. */
export const prerenderedFiles = ["/robots.txt"];

export default {
  ssr: true,
  prerender: [...prerenderedPaths, ...prerenderedFiles],
  // A dozen routes fit in the first page's manifest; lazy discovery would fetch /__manifest after
  // hydration and again whenever links scroll into view.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
