import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { caseStudyPath } from "#core/case-studies/paths.ts";
import { claimLapseTimes } from "#core/claims/lapses.ts";
import { site } from "#core/config/site.ts";
import type { PublishedContent } from "#core/content/model.ts";
import { absoluteClaims, type CopyText, experienceContradictions, launchPath } from "#core/launch/checks.ts";
import { publishedCopy } from "#core/launch/published-copy.ts";
import { samplesShown } from "#core/launch/samples.ts";
import { loggablePath } from "#core/loggable-path.ts";
import { maxPictureBytes } from "#core/pictures/model.ts";
import { isStaffPath } from "#core/staff/paths.ts";
import { alertPageBodyLimit, isAlertPagePath } from "./alerts/page-guard.ts";
import { applicantPageBodyLimit, applicantPageGuard, isApplicantPagePath } from "./applicants/page-guard.ts";
import { caseStudyImages } from "./content/share-images.ts";
import type { AppEntry, AppServices } from "./contract.ts";
import { drawnPages } from "./drawn-pages.ts";
import { careersBodyLimit } from "./leads/handlers.ts";
import { refusedFormOf } from "./leads/refused-form.ts";
import type { Logger } from "./observability/logger.ts";
import { bodyLimit } from "./protection/body-limit.ts";
import { cspNonceFor, securityHeaders } from "./security.ts";
import {
  type Freshness,
  loadPrerenderedPages,
  matchPrerenderedPage,
  type PrerenderedPage,
  prerenderedPages,
  renderedAt,
  staticFiles,
} from "./static.ts";
import { staffGuard } from "./workspace/guard.ts";

export type AppOptions = {
  /** The React Router server build, or a function that loads it (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production" | "test";
  /** The client build folder; absent in development, where Vite serves assets. */
  clientDir?: string;
  logger: Logger;
  /** Middleware that must run before the app, such as Vite's in development. */
  before?: RequestHandler[];
  /** The lead endpoints (contact and careers form handlers), answered before any page. */
  leads?: RequestHandler;
  /** The page-view endpoint of the cookieless visit counts, answered before any page. */
  analytics?: RequestHandler;
  /** Old addresses answered with 301 before any page (and the addresses that answer 404 counted). */
  redirects?: RequestHandler;
  /** The picture library's variants, /pictures/<id>-<width>.<format>, answered before any page. */
  pictures?: RequestHandler;
  /**
   * The reverse proxies in front whose X-Forwarded-For (client address) and X-Forwarded-Proto (HSTS)
   * are believed, as Express's `trust proxy` takes them ("loopback", addresses, CIDR ranges). `true`
   * means a proxy on this machine; a request from any other address is counted by its own address.
   */
  trustProxy?: boolean | readonly string[];
  /** What loaders and actions of the pages rendered now receive (the staff workspace). */
  services?: AppServices;
  /** The key that signs a no-JavaScript form's result, for the form pages' loaders. */
  formResultSecret?: string;
  /** The site's own addresses: the workspace refuses posts from any other. */
  ownOrigins?: readonly string[];
  /** GET /readyz: whether this process can take submissions (its database answers). */
  readiness?: RequestHandler;
  /** ENABLE_TEST_HOOKS: the routes that exist only for the browser tests answer. */
  testHooks?: boolean;
  /** PUBLIC_URL is https: HSTS on every response (security.ts). */
  httpsSite?: boolean;
};

/** Logs one line per request: method, path (see loggablePath), status and time. Never bodies or query strings. */
function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        {
          method: req.method,
          path: loggablePath(req.path),
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
        },
        "request",
      );
    });
    next();
  };
}

/**
 * True for every address the router would send to the passkey route: `/staff/passkey` with a trailing
 * slash, as a data request (`/staff/passkey.data`, `/staff/passkey/_.data`), in any case, escaped or with
 * doubled slashes and dot segments. Its small limit must not be escaped by spelling the path another way.
 */
export function isPasskeyPath(path: string): boolean {
  let routed = new URL(`http://site${path.startsWith("/") ? "" : "/"}${path}`).pathname;
  for (let i = 0; i < 3; i++) {
    let decoded = routed;
    try {
      decoded = decodeURIComponent(routed);
    } catch {
      break;
    }
    if (decoded === routed) break;
    routed = new URL(`http://site${decoded.startsWith("/") ? "" : "/"}${decoded}`).pathname;
  }
  const page = routed
    .replace(/[/\\]+/g, "/")
    .toLowerCase()
    .replace(/\/_\.data$/, "/")
    .replace(/\.data$/, "")
    .replace(/\/+$/, "");
  return page === "/staff/passkey";
}

/** The most the picture library's upload reads: a photo at the limit, and 2 MB to spare. */
const picturesBodyLimit = maxPictureBytes + 2 * 1024 * 1024;

/**
 * The most of a request's body the workspace, the applicant's page and the job alerts' pages read: a
 * passkey's JSON is a few kilobytes, the workspace's forms at most a note of 20,000 characters, escaped,
 * the applicant's page a new CV, an alert page a short form. The lead endpoints and the beacon bound
 * their own.
 */
function bodyLimitFor(path: string): number | null {
  if (isPasskeyPath(path)) return 16 * 1024;
  // The applicant's own page: its largest post is a new CV.
  if (isApplicantPagePath(path)) return applicantPageBodyLimit;
  // The job alerts' pages: a sign-up form and buttons, a few kilobytes at most.
  if (isAlertPagePath(path)) return alertPageBodyLimit;
  // The picture library's upload: a photo at its limit, with room for the form around it, so a larger
  // one is still read far enough to be refused by its field, with the limit named.
  // Its form posts to the page's address, or, sent by the page's script, to the same with ".data".
  if (/^\/staff\/content\/pictures(?:\.data)?\/?$/i.test(path)) return picturesBodyLimit;
  // The redirects page takes an old site's addresses as a CSV file.
  if (path.toLowerCase() === "/staff/redirects") return 640 * 1024;
  return isStaffPath(path) ? 256 * 1024 : null;
}

/**
 * Says once, at start in production, that the site is not ready to launch: it still shows shipped
 * samples (the published accreditations and case studies still marked as samples), claims the company's
 * published facts contradict (the years of experience against the founding date), or absolute claims
 * ("100% ...") nobody has confirmed with evidence. The words are the published pages' words and those
 * still in code (`codeCopy`, from the app's build). Given the confirmations (`confirmedKeys`), the
 * confirmed claims are left out; without them, every absolute claim counts and the warning says some may
 * be confirmed. The Ready to launch page lists each, with where it is edited.
 */
export function warnNotReadyToLaunch(
  logger: Logger,
  shown: PublishedContent,
  now = Date.now(),
  more: { codeCopy?: readonly CopyText[]; confirmedKeys?: ReadonlySet<string> } = {},
) {
  const samples = samplesShown({ accreditations: shown.accreditations, caseStudies: shown.caseStudies, now });
  const copy = [...publishedCopy(shown), ...(more.codeCopy ?? [])];
  const contradictions = experienceContradictions(copy, { founded: shown.company.founded }, new Date(now));
  const confirmed = more.confirmedKeys;
  const absolutes = absoluteClaims(copy).filter((claim) => !confirmed?.has(claim.key));
  if (samples.length === 0 && contradictions.length === 0 && absolutes.length === 0) return;
  const counts = [
    `${samples.length} sample${samples.length === 1 ? "" : "s"} shown`,
    `${contradictions.length} claim${contradictions.length === 1 ? "" : "s"} the company's facts contradict`,
    confirmed
      ? `${absolutes.length} absolute claim${absolutes.length === 1 ? "" : "s"} not confirmed`
      : `${absolutes.length} absolute claim${absolutes.length === 1 ? "" : "s"} (some may be confirmed already)`,
  ];
  logger.warn(
    {
      samples: samples.map((item) => `${item.kind}: ${item.name}`),
      contradictions: contradictions.map((item) => `${item.claim} / ${item.fact}`),
      absoluteClaims: absolutes.map((item) => item.claim),
    },
    `the site is not ready to launch: ${counts.join(", ")}; an administrator sees each, with where it is edited, at ${launchPath}`,
  );
}

/** The pages' words still in code, as the app's build gives them for the checks before launch; none if it gives none. */
export function codeCopyOf(build: AppOptions["build"]): CopyText[] {
  if (typeof build === "function") return [];
  const entry = build.entry.module as Partial<AppEntry>;
  return typeof entry.siteCopy === "function" ? entry.siteCopy() : [];
}

/** The app's server entry, as the server build holds it (app/entry.server.tsx). */
function appEntryOf(build: ServerBuild): AppEntry {
  const entry = build.entry.module as Partial<AppEntry>;
  if (typeof entry.fillContext !== "function")
    throw new Error("The server build's entry exports no fillContext");
  return entry as AppEntry;
}

/** Builds the Express application: static files, prerendered pages, then React Router. */
export function createApp({
  build,
  mode,
  clientDir,
  logger,
  before = [],
  leads,
  analytics,
  redirects,
  pictures,
  trustProxy = false,
  services,
  formResultSecret = "",
  ownOrigins = [],
  readiness,
  testHooks = false,
  httpsSite = false,
}: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  // Never a hop count: `1` would believe whoever connects, so a server reachable beyond its proxy
  // would let anyone choose the address its rate limits count.
  const proxies = trustProxy === true ? ["loopback"] : trustProxy === false ? [] : [...trustProxy];
  if (proxies.length > 0) app.set("trust proxy", proxies);
  app.set("etag", "strong");

  const pages: Map<string, PrerenderedPage> = clientDir ? loadPrerenderedPages(clientDir) : new Map();
  // Once staff publish site content, the pages that were files are drawn again from it in memory.
  const drawn =
    services && pages.size > 0 && typeof build !== "function"
      ? drawnPages({
          build,
          paths: [...pages.keys()],
          morePaths: () => services.content.published().caseStudies.map((item) => caseStudyPath(item.slug)),
          services,
          logger,
        })
      : null;
  // Once a claim in the prerendered files lapses (an accreditation runs out, a testimonial ages out),
  // the pages are rendered on each request until the next build (docs/decisions/023-claims-that-lapse.md).
  // The published content's lapse moments, read once per generation of the content, not on every request
  // (each is a calendar day turned into a moment in London).
  let lapsesOf: { generation: number; times: readonly number[] } | null = null;
  const publishedLapses = (content: AppServices["content"]): readonly number[] => {
    const generation = content.generation();
    if (lapsesOf?.generation !== generation) lapsesOf = { generation, times: content.lapseTimes() };
    return lapsesOf.times;
  };
  const freshness: Freshness | undefined =
    pages.size > 0
      ? {
          renderedAt: renderedAt(pages),
          testHooks,
          lapses: claimLapseTimes(),
          // Once staff publish site content, the pages are drawn from it (docs/decisions/029-...).
          ...(services
            ? {
                contentChanged: () => services.content.differsFromBuild(),
                publishedLapses: () => publishedLapses(services.content),
                ...(drawn ? { drawn: () => drawn.current() } : {}),
              }
            : {}),
        }
      : undefined;
  // First, so every response carries them: pages, assets, JSON, 404s and errors alike.
  app.use(
    securityHeaders({
      mapOrigin: site.map.origin,
      trustProxy: proxies.length > 0,
      scriptHashesFor: (req) => matchPrerenderedPage(pages, req, freshness)?.scriptHashes,
      development: mode === "development",
      httpsSite,
    }),
  );

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  if (readiness) app.get("/readyz", readiness);

  app.use(requestLog(logger));
  if (redirects) app.use(redirects);
  app.use(staffGuard(ownOrigins));
  app.use(applicantPageGuard(ownOrigins));
  app.use(bodyLimit(bodyLimitFor));
  app.use(
    compression({
      // Quality 5 keeps on-the-fly brotli cheap while still beating gzip.
      brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
    }),
  );
  if (leads) app.use(leads);
  if (analytics) app.use(analytics);
  if (pictures) app.use(pictures);
  for (const handler of before) app.use(handler);

  // A published case study's share image is drawn here, from what is published now.
  if (services) app.use(caseStudyImages(() => services.content.published(), logger));
  if (clientDir) {
    app.use(prerenderedPages(pages, formResultSecret, freshness));
    app.use(staticFiles(clientDir, freshness));
  }

  app.all(
    "/{*path}",
    createRequestHandler({
      build,
      mode,
      // Pages rendered now carry this response's CSP nonce on their inline scripts; a form's page
      // answering its refused post (leads/refused-form.ts) gets what the visitor typed.
      // The context is made by the app's own entry, from the build, so the routes read the very
      // contexts it sets (server/contract.ts).
      getLoadContext: async (req, res) => {
        const context = new RouterContextProvider();
        appEntryOf(typeof build === "function" ? await build() : build).fillContext(context, {
          cspNonce: () => cspNonceFor(res),
          formResultSecret,
          clientAddress: req.ip ?? req.socket.remoteAddress ?? "",
          testHooks,
          refusedForm: refusedFormOf(res),
          services,
          logger,
        });
        return context;
      },
    }),
  );

  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    logger.error({ err: error, method: req.method, path: loggablePath(req.path) }, "unhandled error");
    if (res.headersSent) return res.end();
    res.status(500).type("text/plain").send("Something went wrong on our side. Please try again.");
  };
  app.use(onError);
  return app;
}

/** Where the production build puts the browser's files. */
export const defaultClientDir = path.resolve("build/client");

/** The most any endpoint reads: an application with two files at the limit, or a photo for the library. */
export const largestBodyBytes = Math.max(careersBodyLimit, picturesBodyLimit);

/** Slow or stalled clients are cut off (408) instead of holding a connection open. */
export const clientTimeouts = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
} satisfies ServerOptions;

/**
 * The HTTP server around the app, with the client timeouts (tests pass shorter ones). A client that
 * asks before sending its body (`Expect: 100-continue`) is told to go on only when the length it
 * declares is one some endpoint could take; otherwise the app answers (413) and the body never comes.
 */
export function createHttpServer(app: RequestListener, options: ServerOptions = {}): Server {
  const server = createServer({ ...clientTimeouts, ...options }, app);
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    const declared = Number(req.headers["content-length"]);
    if (!(declared > largestBodyBytes)) res.writeContinue();
    server.emit("request", req, res);
  });
  return server;
}
