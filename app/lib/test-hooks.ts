import { createContext, type RouterContext } from "react-router";

// Kept on a global symbol for the same reason as the CSP nonce's context (see csp-nonce.ts).
const key = Symbol.for("cottonopolis.testHooks");
const store = globalThis as typeof globalThis & { [key]?: RouterContext<boolean> };

/** True when the server runs with ENABLE_TEST_HOOKS=1: routes that exist only for the browser tests answer. */
export const testHooksContext: RouterContext<boolean> = store[key] ?? createContext<boolean>(false);
store[key] = testHooksContext;
