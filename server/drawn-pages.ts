/**
 * The public pages drawn again from the published site content, kept in memory and served as the
 * prerendered files are, so a publication costs visitors nothing in speed: every page that was a file
 * is drawn once, in this process, when the content it read changes, and served from memory until the
 * next change. Until the new drawing is ready (a second or so), the pages are rendered on each request
 * from the content in memory, so no visitor ever sees the old version once this process knows of the
 * new one, and none waits for the database. See docs/decisions/029-site-content-published-at-static-speed.md.
 */
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { formTokenMarker } from "#core/forms/form-token.ts";
import type { AppEntry, AppServices } from "./contract.ts";
import type { Logger } from "./observability/logger.ts";
import { inlineScriptHashes } from "./security.ts";
import { type Drawing, type PrerenderedPage, readyBody } from "./static.ts";

export type DrawnPages = {
  /** The drawing of the content's current generation, or null while it is being made. */
  current(): Drawing | null;
  /** Draws every page again for the content's current generation (also started by each change). */
  draw(): Promise<void>;
};

/**
 * Keeps a drawing of `paths` (the prerendered pages' paths) for the content's current generation,
 * redrawn whenever the content changes. Pages are drawn one after another, so a publication never
 * takes more than one core from the visitors.
 */
export function drawnPages({
  build,
  paths,
  morePaths = () => [],
  services,
  logger,
}: {
  build: ServerBuild;
  paths: readonly string[];
  /** Pages the build had no file for that the published content adds (a case study published since). */
  morePaths?: () => readonly string[];
  services: AppServices;
  logger: Logger;
}): DrawnPages {
  const handle = createRequestHandler(build, "production");
  const entry = build.entry.module as unknown as AppEntry;
  let drawing: Drawing | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  async function drawOne(pathname: string): Promise<PrerenderedPage | null> {
    const context = new RouterContextProvider();
    // As prerendering draws them: no nonce (the CSP takes the inline scripts' hashes), no form token
    // (the server writes each visit's into the page), no request of anyone's.
    entry.fillContext(context, {
      cspNonce: () => "",
      formResultSecret: "",
      clientAddress: "",
      testHooks: false,
      refusedForm: null,
      services,
      logger,
    });
    const response = await handle(new Request(new URL(pathname, "http://localhost")), context);
    if (response.status !== 200 || !response.headers.get("content-type")?.startsWith("text/html")) {
      return null;
    }
    const html = await response.text();
    const hasForm = html.includes(`${formTokenMarker}="`);
    return {
      file: "",
      html,
      scriptHashes: inlineScriptHashes(html),
      drawn: true,
      hasForm,
      ...(hasForm ? {} : { body: readyBody(html) }),
    };
  }

  async function drawAll(): Promise<void> {
    do {
      again = false;
      const generation = services.content.generation();
      const drawnAt = Date.now();
      const pages = new Map<string, PrerenderedPage>();
      for (const pathname of new Set([...paths, ...morePaths()])) {
        try {
          const page = await drawOne(pathname);
          if (page) pages.set(pathname, page);
        } catch (error) {
          logger.error({ err: error, path: pathname }, "could not draw a page from the published content");
        }
      }
      // A change that came while drawing is drawn again; this drawing is for its own generation only.
      if (services.content.generation() === generation) drawing = { generation, drawnAt, pages };
      else again = true;
    } while (again);
  }

  function draw(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = drawAll().finally(() => {
      running = null;
    });
    return running;
  }

  services.content.onChange(() => {
    if (services.content.differsFromBuild()) void draw();
  });
  if (services.content.differsFromBuild()) void draw();

  return {
    current: () => (drawing && drawing.generation === services.content.generation() ? drawing : null),
    draw,
  };
}
