import { createContext } from "react-router";
import type { AppServices } from "../../server/services.ts";
import type { RefusedForm } from "./forms/form-result.ts";
import { remember } from "./remember.ts";

/**
 * Everything the server hands to the loaders and actions of the pages it renders (React Router's typed
 * context, filled by getLoadContext in server/app.ts). Prerendering has no server behind it: there each
 * context has its default, and only the staff workspace, never prerendered, needs the services.
 */

export type { AppServices };

/** The staff workspace's services; only requests the server renders have them (never prerendering). */
export const servicesContext = remember("context.services", () => createContext<AppServices>());

/** The key that signs the result of a form post made without JavaScript; "" while prerendering. */
export const formResultSecretContext = remember("context.formResultSecret", () => createContext<string>(""));

/** The address the request came from (behind a trusted proxy, the client's); "" while prerendering. */
export const clientAddressContext = remember("context.clientAddress", () => createContext<string>(""));

/**
 * Gives the Content-Security-Policy nonce of the current request, for pages the server renders at run
 * time, or "" when there is none (prerendering, where the inline scripts are allowed by hash). Asked
 * only when a page is rendered, so a file a route answers (sitemap.xml) keeps the files' stricter policy.
 */
export const cspNonceContext = remember("context.cspNonce", () => createContext<() => string>(() => ""));

/** True when the server runs with ENABLE_TEST_HOOKS=1: routes that exist only for the browser tests answer. */
export const testHooksContext = remember("context.testHooks", () => createContext<boolean>(false));

/**
 * A post made without JavaScript that the lead handlers refused, handed to React Router so the form's
 * page answers it with every typed value and each field's problem (see docs/decisions/009). Null for
 * every other request.
 */
export const refusedFormContext = remember("context.refusedForm", () =>
  createContext<RefusedForm | null>(null),
);
