import type { Config } from "@react-router/dev/config";

/** Content routes, prerendered to HTML at build time and served as files. */
export const prerenderedPaths = [
  "/",
  "/about",
  "/careers",
  "/contact",
  "/services/cleaning",
  "/services/security-officers",
  "/services/housekeeping",
  "/services/warehouse",
  "/services/steward",
];

export default {
  ssr: true,
  prerender: prerenderedPaths,
} satisfies Config;
