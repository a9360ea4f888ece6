import type { Route } from "./+types/document";
import { downloadDocument } from "./document.server";

/** A document sent with an application, handed over by document.server.ts. */
export async function loader(args: Route.LoaderArgs) {
  return downloadDocument(args);
}
