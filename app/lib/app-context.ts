import { createContext, type RouterContext } from "react-router";
import type { Workspace } from "../../server/workspace/workspace.ts";

/**
 * What the server hands to loaders and actions for the requests it renders (React Router's typed
 * context, filled by getLoadContext in server/app.ts). Prerendering has no server behind it, so the
 * public pages read only the form-result secret, which is "" there.
 */
export type AppServices = {
  /** The staff workspace: sign-in, sessions, the leads inbox. */
  workspace: Workspace;
};

// The server (run by Node from source) and the server build (bundled by Vite) each load their own copy
// of this module, and a router context is matched by identity: keep each one on a global symbol.
const store = globalThis as typeof globalThis & Record<symbol, RouterContext<unknown> | undefined>;
function shared<T>(name: string, make: () => RouterContext<T>): RouterContext<T> {
  const key = Symbol.for(`cottonopolis.${name}`);
  const existing = store[key] as RouterContext<T> | undefined;
  if (existing) return existing;
  const created = make();
  store[key] = created as RouterContext<unknown>;
  return created;
}

/** The server's services; only requests the server renders have them (never prerendering). */
export const servicesContext = shared("services", () => createContext<AppServices>());

/** The key that signs the result of a form post made without JavaScript; "" while prerendering. */
export const formResultSecretContext = shared("formResultSecret", () => createContext<string>(""));

/** The address the request came from (behind a trusted proxy, the client's); "" while prerendering. */
export const clientAddressContext = shared("clientAddress", () => createContext<string>(""));
