import { createContext, type RouterContext } from "react-router";
import type { RefusedForm } from "./form-result.ts";

// As with the CSP nonce: the server (run by Node from source) and the server build (bundled by Vite) each
// load their own copy of this module, and a router context is matched by identity, so the one context
// lives on a global symbol.
const key = Symbol.for("cottonopolis.refusedForm");
const store = globalThis as typeof globalThis & { [key]?: RouterContext<RefusedForm | null> };

/**
 * A post made without JavaScript that the lead handlers refused, handed to React Router so the form's
 * page answers it with every typed value and each field's problem (see docs/decisions/009). Null for
 * every other request.
 */
export const refusedFormContext: RouterContext<RefusedForm | null> =
  store[key] ?? createContext<RefusedForm | null>(null);
store[key] = refusedFormContext;
