import { createContext, type RouterContextProvider } from "react-router";
import { type PublishedContent, shippedContent } from "#core/content/model.ts";
import type { RefusedForm } from "#core/forms/form-result.ts";
import type {
  AppServices,
  ContentSchedule,
  ContentVersion,
  Logger,
  RequestValues,
} from "../../server/contract.ts";

/**
 * Everything the server hands to the loaders and actions of the pages it renders (React Router's typed
 * context), filled by `fillContext` below, which the server calls through the server build
 * (app/entry.server.tsx), so the routes and the server use the one copy of each context. Prerendering
 * has no server behind it: there each context has its default, and only the staff workspace, never
 * prerendered, needs the services.
 */

export type { AppServices, ContentSchedule, ContentVersion };

/** The staff workspace's services; only requests the server renders have them (never prerendering). */
export const servicesContext = createContext<AppServices>();

/** The key that signs the result of a form post made without JavaScript; "" while prerendering. */
export const formResultSecretContext = createContext<string>("");

/** The address the request came from (behind a trusted proxy, the client's); "" while prerendering. */
export const clientAddressContext = createContext<string>("");

/**
 * Gives the Content-Security-Policy nonce of the current request, for pages the server renders at run
 * time, or "" when there is none (prerendering, where the inline scripts are allowed by hash). Asked
 * only when a page is rendered, so a file a route answers (sitemap.xml) keeps the files' stricter policy.
 */
export const cspNonceContext = createContext<() => string>(() => "");

/** True when the server runs with ENABLE_TEST_HOOKS=1: routes that exist only for the browser tests answer. */
export const testHooksContext = createContext<boolean>(false);

/**
 * A post made without JavaScript that the lead handlers refused, handed to React Router so the form's
 * page answers it with every typed value and each field's problem (see docs/decisions/009). Null for
 * every other request.
 */
export const refusedFormContext = createContext<RefusedForm | null>(null);

/** The server's logger; null while prerendering, where a failure stops the build instead. */
export const loggerContext = createContext<Logger | null>(null);

/**
 * The site content the public pages show now: this process's copy of the published versions, which the
 * server keeps in memory and reads again when a publication changes it. Prerendering has no server: it
 * draws the pages from the content the site ships with, which a fresh installation publishes first.
 */
export const publishedContentContext = createContext<() => PublishedContent>(() => shippedContent);

/** Fills the router context of one request the server renders with what the server knows of it. */
export function fillContext(context: RouterContextProvider, values: RequestValues): void {
  context.set(cspNonceContext, values.cspNonce);
  context.set(formResultSecretContext, values.formResultSecret);
  context.set(clientAddressContext, values.clientAddress);
  context.set(testHooksContext, values.testHooks);
  context.set(refusedFormContext, values.refusedForm);
  context.set(loggerContext, values.logger);
  if (values.services) {
    const { content } = values.services;
    context.set(servicesContext, values.services);
    context.set(publishedContentContext, () => content.published());
  }
}
