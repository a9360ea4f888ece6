import { data } from "react-router";
import { testHooksContext } from "~/lib/app-context";
import type { Route } from "./+types/test-error";

/**
 * Throws while loading when the server runs with ENABLE_TEST_HOOKS=1, so the e2e
 * suite can see the router's error screen. Everywhere else it is an unknown page.
 */
export function loader({ context }: Route.LoaderArgs) {
  if (!context.get(testHooksContext)) throw data(null, { status: 404 });
  throw new Error("Deliberate failure for the error screen test");
}

export default function TestError() {
  return null;
}
