import { testHooksContext } from "./app-context.ts";

type Context = { get: <T>(key: import("react-router").RouterContext<T>) => T };

/** The header the browser tests send to judge a page as if it were another moment (test hooks only). */
export const testNowHeader = "x-test-now";

/**
 * The moment a vacancy page is judged at: now, or, on a server started with ENABLE_TEST_HOOKS=1, the
 * time the browser tests give in `X-Test-Now` (ISO 8601), so a closing date can pass within a test.
 */
export function requestNow(request: Request, context: Context): number {
  const given = request.headers.get(testNowHeader);
  if (given && context.get(testHooksContext)) {
    const at = Date.parse(given);
    if (!Number.isNaN(at)) return at;
  }
  return Date.now();
}
