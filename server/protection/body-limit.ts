import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Bounds the body of every request whose path has a limit (`limitFor` answers null for paths whose
 * own handler bounds what it reads), before any route sees it. A declared length over the limit is
 * refused with 413 at once; Node reads no more than a declared length, so a body within it needs no
 * counting. A body streamed without a length is counted as whoever reads it downstream reads it,
 * and refused with 413 the moment it passes the limit: that reader gets no more of it. Either way
 * nothing more is kept, and the connection is closed once the answer has gone.
 */
export function bodyLimit(limitFor: (path: string) => number | null): RequestHandler {
  return (req, res, next) => {
    if (safeMethods.has(req.method)) return next();
    const limit = limitFor(req.path);
    if (limit === null) return next();
    const declared = req.headers["content-length"];
    if (declared !== undefined) {
      if (!(Number(declared) <= limit)) return refuse(req, res);
      return next();
    }
    if (req.headers["transfer-encoding"] === undefined) return next();
    let seen = 0;
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen <= limit) return;
      for (const listener of req.listeners("data")) req.off("data", listener as (chunk: Buffer) => void);
      refuse(req, res);
    };
    req.on("data", count);
    // Listening would set the body flowing before anyone reads it; the reader resumes it when ready.
    req.pause();
    next();
  };
}

function refuse(req: IncomingMessage, res: ServerResponse): void {
  if (!res.headersSent) {
    const message = "This request is too large to be read here.";
    const json = (req.headers["content-type"] ?? "").includes("json");
    const body = json ? JSON.stringify({ error: message }) : message;
    res.statusCode = 413;
    res.setHeader("Connection", "close");
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Content-Type", json ? "application/json; charset=utf-8" : "text/plain; charset=utf-8");
    res.setHeader("Content-Length", Buffer.byteLength(body));
    res.end(body);
  }
  // What is still arriving is dropped, not kept, until the connection closes after the answer.
  req.resume();
}
