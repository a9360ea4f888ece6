import type { Route } from "./+types/export";
import { exportLeads } from "./export.server";

/** The inbox's leads as CSV, made by export.server.ts. */
export async function loader(args: Route.LoaderArgs) {
  return exportLeads(args);
}
