import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import helmet from "helmet";
import { isStaffPath } from "#core/staff/paths.ts";

/** What the security headers need to know about the request being answered. */
export type SecurityOptions = {
  /** Origin allowed to be framed on the contact page (the maps service). */
  mapOrigin: string;
  /** Trust `X-Forwarded-Proto` from a proxy in front of the server (env TRUST_PROXY=1). */
  trustProxy: boolean;
  /**
   * SHA-256 sources of the inline scripts of the prerendered page this request will be answered with,
   * or undefined when React Router renders the response and a nonce is used instead.
   */
  scriptHashesFor: (req: IncomingMessage) => string[] | undefined;
  /** Development: also let Vite's client open its hot-reload WebSocket, which listens on its own port. */
  development?: boolean;
  /**
   * PUBLIC_URL is https: HSTS on every response, whatever a proxy reports (as the session cookie is
   * Secure then), so a proxy that forgets X-Forwarded-Proto cannot switch it off.
   */
  httpsSite?: boolean;
};

/** Paths on which the map may be framed. */
const mapPaths = new Set(["/contact"]);

/** Features a company website never uses; each is switched off for the page and anything it frames. */
export const permissionsPolicy = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "encrypted-media=()",
  "fullscreen=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "idle-detection=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/** The staff workspace's pages are the site's only users of passkeys, on its own origin. */
export const staffPermissionsPolicy = permissionsPolicy.replace(
  "publickey-credentials-get=()",
  "publickey-credentials-get=(self), publickey-credentials-create=(self)",
);

/** The `'sha256-…'` source that allows one inline script, given its exact text. */
export function scriptHash(content: string): string {
  return `'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`;
}

/**
 * The hash sources for every inline script in an HTML document. Script text is raw up to `</script`,
 * so the text between the tags is exactly what the browser hashes.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? "";
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(scriptHash(match[2] ?? ""));
  }
  return [...hashes];
}

/** The path without trailing slashes, as pages are matched. */
function pathnameOf(req: IncomingMessage): string {
  const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** True when the visitor reached us over HTTPS, directly or through a proxy we trust. */
export function isHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if ("encrypted" in req.socket && req.socket.encrypted) return true;
  if (!trustProxy) return false;
  const forwarded = req.headers["x-forwarded-proto"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  return first === "https";
}

type Locals = { cspNonce?: string; cspPolicy?: (scriptSources: string) => string };

function locals(res: ServerResponse): Locals {
  return (res as ServerResponse & { locals: Locals }).locals;
}

/** A page's policy: its own scripts only, by hash or nonce; the map frame only where it is shown. */
function documentPolicy({
  scriptSources,
  frameSrc,
  development,
}: {
  scriptSources: string;
  frameSrc: string;
  development: boolean;
}): string {
  return [
    "default-src 'self'",
    `script-src ${scriptSources}`,
    // Style attributes are harmless without script and common in React; style elements are not allowed.
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    // The latin font is inlined into the stylesheet as a data: URL.
    "font-src 'self' data:",
    development ? "connect-src 'self' ws:" : "connect-src 'self'",
    "manifest-src 'self'",
    `frame-src ${frameSrc}`,
    "worker-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Scripts, styles, images and text files never need to load anything: the strictest policy. */
const filePolicy =
  "default-src 'none'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/** Documents staff download from the workspace: whatever a file holds, it never runs as a page of this site. */
// In any case, as the router matches it (other spellings of /staff never reach it: see staffGuard).
const downloadPath = /^\/staff\/leads\/[^/]+\/documents\/[^/]+$/i;
const downloadPolicy = "sandbox";

/** A request for a file (a name with an extension) rather than a page. */
function isFileRequest(pathname: string): boolean {
  return /\.[a-z0-9]+$/i.test(pathname);
}

/**
 * Security headers for every response: a Content-Security-Policy whose inline scripts are allowed by
 * hash (prerendered pages) or by a fresh nonce (pages rendered now, which read it from `res.locals`),
 * HSTS over HTTPS only, and the usual hardening headers.
 */
export function securityHeaders({
  mapOrigin,
  trustProxy,
  scriptHashesFor,
  development = false,
  httpsSite = false,
}: SecurityOptions): RequestHandler {
  const headers = helmet({
    // Set below: its script sources and frame source differ per response.
    contentSecurityPolicy: false,
    // Set below, and only over HTTPS: on plain HTTP the header means nothing and misleads.
    strictTransportSecurity: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    xFrameOptions: { action: "deny" },
    // Headers for browsers long gone (IE, Flash): bytes on every response for nothing.
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  const hsts = helmet.strictTransportSecurity({ maxAge: 63_072_000, includeSubDomains: true });

  return (req, res, next) => {
    const pathname = pathnameOf(req);
    const policy = (scriptSources: string) =>
      documentPolicy({
        scriptSources,
        frameSrc: mapPaths.has(pathname) ? mapOrigin : "'none'",
        development,
      });
    locals(res).cspPolicy = policy;
    const hashes = scriptHashesFor(req);
    if (downloadPath.test(pathname)) {
      // React Router answers this path; cspNonceFor, asked for a nonce then, must keep the sandbox.
      locals(res).cspPolicy = () => downloadPolicy;
      res.setHeader("Content-Security-Policy", downloadPolicy);
    } else if (hashes) {
      res.setHeader("Content-Security-Policy", policy(["'self'", ...hashes].join(" ")));
    } else if (isFileRequest(pathname)) {
      res.setHeader("Content-Security-Policy", filePolicy);
    } else {
      const nonce = randomBytes(18).toString("base64");
      locals(res).cspNonce = nonce;
      res.setHeader("Content-Security-Policy", policy(`'self' 'nonce-${nonce}'`));
    }
    res.setHeader("Permissions-Policy", isStaffPath(req.path) ? staffPermissionsPolicy : permissionsPolicy);
    if (httpsSite || isHttps(req, trustProxy)) hsts(req, res, () => undefined);
    headers(req, res, next);
  };
}

/**
 * The nonce for this response, for React Router to put on its inline scripts. Should a request that
 * was expected to get a file reach React Router after all (a missing asset's 404 page, say), it gets a
 * nonce and a page's policy now, so the page it renders still works.
 */
export function cspNonceFor(res: ServerResponse): string {
  const existing = locals(res).cspNonce;
  if (existing) return existing;
  const nonce = randomBytes(18).toString("base64");
  locals(res).cspNonce = nonce;
  const policy = locals(res).cspPolicy;
  if (policy && !res.headersSent) res.setHeader("Content-Security-Policy", policy(`'self' 'nonce-${nonce}'`));
  return nonce;
}
