import { createContext, type RouterContext } from "react-router";

// The server (run by Node from source) and the server build (bundled by Vite) each load their own copy of
// this module, and a router context is matched by identity. Keeping the one context on a global symbol
// lets both copies hand the same key to RouterContextProvider.
const key = Symbol.for("cottonopolis.cspNonce");
const store = globalThis as typeof globalThis & { [key]?: RouterContext<string> };

/**
 * The Content-Security-Policy nonce of the current request, set by the server for pages it renders at
 * run time, or "" when there is none (prerendering, where the inline scripts are allowed by hash).
 */
export const cspNonceContext: RouterContext<string> = store[key] ?? createContext<string>("");
store[key] = cspNonceContext;
