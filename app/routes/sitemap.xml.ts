import type { Route } from "./+types/sitemap.xml";
import { loadSitemap } from "./sitemap.xml.server";

/** The sitemap, with the open vacancies read from the database by sitemap.xml.server.ts. */
export async function loader(args: Route.LoaderArgs) {
  return loadSitemap(args);
}
