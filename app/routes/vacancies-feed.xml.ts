import type { Route } from "./+types/vacancies-feed.xml";
import { loadFeed } from "./vacancies-feed.xml.server";

/** The vacancies feed for the job aggregators, read and answered by vacancies-feed.xml.server.ts. */
export async function loader(args: Route.LoaderArgs) {
  return loadFeed(args);
}
