import type { Route } from "./+types/people-download";
import { downloadPerson } from "./people-download.server";

/** Everything held about an e-mail address as one ZIP, made by people-download.server.ts. */
export async function loader(args: Route.LoaderArgs) {
  return downloadPerson(args);
}
