import type { Route } from "./+types/analytics-export";
import { exportAnalytics } from "./analytics-export.server";

/** The visit counts as CSV, made by analytics-export.server.ts. */
export async function loader(args: Route.LoaderArgs) {
  return exportAnalytics(args);
}
