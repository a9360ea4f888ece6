import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import type { RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import { isFilteredList } from "#core/case-studies/paths.ts";
import { lapsedSince } from "#core/claims/lapses.ts";
import { prefillParams } from "#core/forms/contact-prefill.ts";
import type { FormName } from "#core/forms/form-result.ts";
import { issueFormToken } from "#core/forms/form-token.server.ts";
import { formTokenMarker } from "#core/forms/form-token.ts";
import { resultParam } from "#core/forms/result-token.server.ts";
import { inlineScriptHashes } from "./security.ts";

/**
 * A prerendered HTML file and the CSP hashes of its inline scripts; a page with a form also keeps its
 * HTML, to write each visit's form token into it.
 */
export type PrerenderedPage = {
  file: string;
  scriptHashes: string[];
  html?: string;
  /** Drawn in this process from the published site content (server/drawn-pages.ts): served from `html`. */
  drawn?: boolean;
  /** A drawn page with a form, whose token is written into it on each visit. */
  hasForm?: boolean;
  /**
   * A drawn page without a form, ready to send as it is: its bytes and their strong ETag, made once when
   * it is drawn, so a visit neither encodes the page nor hashes it again, as a file's visit does not.
   */
  body?: { bytes: Buffer; etag: string };
};

/** A page's bytes and their strong ETag, as Express would make it for each response (`etag` package). */
export function readyBody(html: string): { bytes: Buffer; etag: string } {
  const bytes = Buffer.from(html, "utf8");
  const hash = createHash("sha1").update(bytes).digest("base64").slice(0, 27);
  return { bytes, etag: `"${bytes.length.toString(16)}-${hash}"` };
}

/** The pages drawn for one generation of the site content, and when the drawing began. */
export type Drawing = { generation: number; drawnAt: number; pages: Map<string, PrerenderedPage> };

/** Finds every prerendered page under the client build: URL path to HTML file. */
export function findPrerenderedPages(clientDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  if (!existsSync(clientDir)) return pages;
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== "index.html") continue;
    const relative = path.relative(clientDir, entry.parentPath).split(path.sep).join("/");
    pages.set(relative === "" ? "/" : `/${relative}`, path.join(entry.parentPath, entry.name));
  }
  return pages;
}

/** Reads every prerendered page once at start and hashes its inline scripts for the CSP. */
export function loadPrerenderedPages(clientDir: string): Map<string, PrerenderedPage> {
  const pages = new Map<string, PrerenderedPage>();
  for (const [pathname, file] of findPrerenderedPages(clientDir)) {
    const html = readFileSync(file, "utf8");
    const hasForm = html.includes(`${formTokenMarker}="`);
    pages.set(pathname, { file, scriptHashes: inlineScriptHashes(html), ...(hasForm ? { html } : {}) });
  }
  return pages;
}

/**
 * How the server tells whether the prerendered files still tell the truth: when they were rendered, and
 * whether the browser tests may move the request's clock. See docs/decisions/023-claims-that-lapse.md.
 */
export type Freshness = {
  /** When the prerendered files were rendered (their build), in ms. */
  renderedAt: number;
  /** ENABLE_TEST_HOOKS: a request's `X-Test-Now` is the moment it is judged at. */
  testHooks: boolean;
  /** The moments a claim lapses; the site's own (core/claims/lapses.ts) unless a test gives others. */
  lapses?: readonly number[];
  /**
   * True while the published site content differs from what the build drew the files from (staff
   * published a version): the pages are then drawn now, from the content this process holds in memory.
   */
  contentChanged?: () => boolean;
  /** The pages drawn from the published content for its current generation, or null while being drawn. */
  drawn?: () => Drawing | null;
  /** The moments a claim in the published content lapses (once it differs from the build). */
  publishedLapses?: () => readonly number[];
};

/** The header the browser tests send to judge a request at another moment, as the pages' loaders read it. */
export const testNowHeader = "x-test-now";

/** Some leeway before the oldest file's time: the pages' loaders ran a moment before their files were written. */
const renderLeewayMs = 60_000;

/** When the prerendered files were rendered: just before the oldest of them was written. */
export function renderedAt(pages: Map<string, PrerenderedPage>): number {
  let oldest = Number.POSITIVE_INFINITY;
  for (const page of pages.values()) oldest = Math.min(oldest, statSync(page.file).mtimeMs);
  return oldest - renderLeewayMs;
}

/**
 * The moment a request is judged at, as the pages' loaders judge it (`requestNow` in
 * app/lib/clock.server.ts): now, or with the test hooks on, the time given in `X-Test-Now`.
 */
export function requestMoment(req: IncomingMessage, testHooks: boolean): number {
  const given = req.headers[testNowHeader];
  if (testHooks && typeof given === "string") {
    const at = Date.parse(given);
    if (!Number.isNaN(at)) return at;
  }
  return Date.now();
}

/**
 * True when a claim in the prerendered files (an accreditation, a testimonial) has lapsed since they were
 * rendered: this request must then be rendered now, with the date read now, and not served from a file.
 */
export function prerenderedIsStale(freshness: Freshness | undefined, req: IncomingMessage): boolean {
  if (!freshness) return false;
  if (freshness.contentChanged?.()) return true;
  return lapsedSince(freshness.renderedAt, requestMoment(req, freshness.testHooks), freshness.lapses);
}

/**
 * The pages that answer now: the build's files while the published content is what they were drawn
 * from, else this process's drawing of the published content (none while it is being drawn), and none
 * once a claim in them has lapsed since they were drawn.
 */
function currentPages(
  pages: Map<string, PrerenderedPage>,
  freshness: Freshness | undefined,
  req: IncomingMessage,
): Map<string, PrerenderedPage> | undefined {
  if (!freshness?.contentChanged?.()) return prerenderedIsStale(freshness, req) ? undefined : pages;
  const drawing = freshness.drawn?.();
  if (!drawing) return undefined;
  const lapses = freshness.publishedLapses?.() ?? freshness.lapses;
  return lapsedSince(drawing.drawnAt, requestMoment(req, freshness.testHooks), lapses)
    ? undefined
    : drawing.pages;
}

/**
 * The prerendered page that answers this request, if any. The one place that decides, so the CSP
 * hashes and the file served always belong to the same page. None once a claim in the files has lapsed.
 */
export function matchPrerenderedPage(
  pages: Map<string, PrerenderedPage>,
  req: IncomingMessage,
  freshness?: Freshness,
): PrerenderedPage | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  const answering = currentPages(pages, freshness, req);
  if (!answering) return undefined;
  const url = new URL(req.url ?? "/", "http://localhost");
  // After a form post without JavaScript the page must show the form's result,
  // which only the server-rendered page (its loader) can do.
  if (url.searchParams.has(resultParam)) return undefined;
  // A link that chooses the contact form's service or package (Get Quote, Select Package) gets the page
  // rendered now with them chosen, so it works without JavaScript too.
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  if (pathname === "/contact" && prefillParams.some((param) => url.searchParams.has(param))) return undefined;
  // The case studies filtered by service are rendered for the service asked for; the file lists them all.
  if (isFilteredList(pathname, url.searchParams)) return undefined;
  return answering.get(pathname);
}

const markedField = new RegExp(`${formTokenMarker}="(contact|careers)"`, "g");

/**
 * The page's HTML with a fresh time token as the value of each form's hidden token field. An attribute,
 * never a script, so the CSP hashes of the page's inline scripts still hold.
 */
export function withFormTokens(html: string, secret: string, now = Date.now()): string {
  return html.replace(
    markedField,
    (marker, form: FormName) => `${marker} value="${issueFormToken(form, secret, now)}"`,
  );
}

/**
 * Serves the prerendered HTML at its own path (`/about`, and `/about/` too),
 * with no trailing-slash redirect. HTML is revalidated on every visit so a new
 * deploy shows at once; the hashed assets it points to are cached for a year.
 * A page with a form gets its time token now (see docs/decisions/015-spam-layers.md), so no shared
 * cache may keep it.
 */
export function prerenderedPages(
  pages: Map<string, PrerenderedPage>,
  formTokenSecret = "",
  freshness?: Freshness,
): RequestHandler {
  return (req, res, next) => {
    const page = matchPrerenderedPage(pages, req, freshness);
    if (!page) return next();
    if (page.html && formTokenSecret && (!page.drawn || page.hasForm)) {
      res.setHeader("Cache-Control", "private, no-cache");
      res.type("html").send(withFormTokens(page.html, formTokenSecret));
      return;
    }
    if (page.drawn && page.body) {
      res.setHeader("Cache-Control", "no-cache");
      res.setHeader("ETag", page.body.etag);
      res.type("html").send(page.body.bytes);
      return;
    }
    if (page.drawn && page.html !== undefined) {
      res.setHeader("Cache-Control", "no-cache");
      res.type("html").send(page.html);
      return;
    }
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(page.file, { dotfiles: "deny", lastModified: true });
  };
}

/**
 * Static files from the client build: fingerprinted assets immutable, the rest revalidated. A `.br`
 * file made at build time is sent instead of the original when the browser accepts brotli. The pages'
 * `.data` files (what a page's loaders said at build time, fetched when moving between pages) carry
 * the claims, so they are revalidated on every use and, once a claim has lapsed, left to React Router
 * to answer with what is true now.
 */
export function staticFiles(clientDir: string, freshness?: Freshness): RequestHandler {
  const files = expressStaticGzip(clientDir, {
    enableBrotli: true,
    orderPreference: ["br"],
    index: false,
    serveStatic: {
      index: false,
      redirect: false,
      dotfiles: "ignore",
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          "Cache-Control",
          immutable
            ? "public, max-age=31536000, immutable"
            : filePath.endsWith(".data")
              ? "no-cache"
              : "public, max-age=3600, must-revalidate",
        );
      },
    },
  });
  return (req, res, next) => {
    if (req.path.endsWith(".data") && prerenderedIsStale(freshness, req)) return next();
    // So is a client navigation's data for them: the `.data` file was made for the unfiltered list.
    if (isFilteredList(req.path, new URL(req.url, "http://localhost").searchParams)) return next();
    files(req, res, next);
  };
}
