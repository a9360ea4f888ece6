import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { loggablePath } from "#core/loggable-path.ts";
import type { AppEntry } from "../server/contract.ts";
import { siteCopy as siteCopyOfCode } from "./content/site-copy.ts";
import { cspNonceContext, fillContext as fillRequestContext, loggerContext } from "./lib/app-context.ts";
import { NonceContext } from "./lib/font-gate.tsx";
import { modulePreloadStripper } from "./lib/module-preloads.server.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // Set by the server for pages rendered now; absent while prerendering, where the CSP uses hashes.
  const nonce = loadContext.get(cspNonceContext)() || undefined;

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;

    // Every page's data is in hand before it renders (no loader defers any), so waiting for all of it
    // costs nothing, for visitors and crawlers alike, and while prerendering. The HTML then carries React
    // Router's data inline. Sent as soon as the shell was ready, that data would travel as streamed
    // boundaries, which React reveals after the first paint with scripts that move nodes, laying the page
    // out again between the first paint and the first contentful one.
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const readyOption: keyof RenderToPipeableStreamOptions = "onAllReady";

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);

          responseHeaders.set("Content-Type", "text/html");

          // The first paint needs the stylesheet, the font and the HTML; the scripts can follow them.
          const stripper = modulePreloadStripper();
          stripper.pipe(body);
          pipe(stripper);

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            loadContext.get(loggerContext)?.error({ err: error }, "error while streaming a page");
          }
        },
      },
    );
  });
}

/** Errors thrown by loaders, actions and rendering go to the structured log, not to the console. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A visitor who navigated away mid-request is not an error.
  if (request.signal.aborted) return;
  // Nor is a request refused (a POST to a page, an address nobody has a page for): the request log
  // has its status, and the router's message would repeat the address, with whatever was typed into it.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const logger = context.get(loggerContext);
  const line = { err: error, method: request.method, path: loggablePath(new URL(request.url).pathname) };
  // Prerendering has no server to log to; the build stops there with the error instead.
  if (logger) logger.error(line, "request failed");
  else console.error("request failed", line);
};

/** Fills the router context of a request the server renders: the server reaches it through the server build. */
export const fillContext: AppEntry["fillContext"] = fillRequestContext;

/** The pages' words still in code, for the server's warning before launch. */
export const siteCopy: NonNullable<AppEntry["siteCopy"]> = siteCopyOfCode;
