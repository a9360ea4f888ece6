import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";
import { resultParam } from "../app/lib/forms/result-token.ts";

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

/**
 * Serves the prerendered HTML at its own path (`/about`, and `/about/` too),
 * with no trailing-slash redirect. HTML is revalidated on every visit so a new
 * deploy shows at once; the hashed assets it points to are cached for a year.
 */
export function prerenderedPages(clientDir: string): RequestHandler {
  const pages = findPrerenderedPages(clientDir);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // After a form post without JavaScript the page must show the form's result,
    // which only the server-rendered page (its loader) can do.
    if (req.query[resultParam] !== undefined) return next();
    const pathname = req.path.length > 1 ? req.path.replace(/\/+$/, "") : req.path;
    const file = pages.get(pathname);
    if (!file) return next();
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(file, { dotfiles: "deny", lastModified: true });
  };
}

/** Static files from the client build: fingerprinted assets immutable, the rest revalidated. */
export function staticFiles(clientDir: string): RequestHandler {
  return express.static(clientDir, {
    index: false,
    redirect: false,
    dotfiles: "ignore",
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader(
        "Cache-Control",
        immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600, must-revalidate",
      );
    },
  });
}
