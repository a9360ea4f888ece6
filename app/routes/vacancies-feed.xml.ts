import { vacanciesFeedXml } from "#core/vacancies/feed.ts";
import { servicesContext } from "~/lib/app-context";
import { requestNow } from "~/lib/clock.server";
import type { Route } from "./+types/vacancies-feed.xml";
import { conditionalXml } from "./vacancies-feed.server";

/**
 * The vacancies feed for the job aggregators (see "The vacancies feed" in the README): every open
 * vacancy, read from the database on each request, answered 304 when the reader already has it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { vacancies } = context.get(servicesContext);
  const at = requestNow(request, context);
  const feed = await vacancies.feed(at);
  // An empty feed that never held a job says it was built now; otherwise it says when its jobs changed.
  const xml = vacanciesFeedXml(feed.vacancies, feed.changedAt ?? at);
  return conditionalXml(request, xml, feed.changedAt);
}
