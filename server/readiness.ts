import type { RequestHandler } from "express";
import type { Database } from "./db/database.ts";
import { outboxBacklog } from "./delivery/outbox.ts";

/**
 * GET /readyz: whether this process can take submissions now. 503 while the database cannot be
 * reached (or answers too slowly) and while the server is shutting down; otherwise 200 with the
 * delivery queue's backlog and the age of its oldest waiting message. /healthz stays a bare
 * liveness check: a process waiting out a database outage is alive and must not be restarted.
 */
export function readiness({
  db,
  draining,
  timeoutMs,
}: {
  db: Database;
  draining: () => boolean;
  timeoutMs: number;
}): RequestHandler {
  return async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (draining()) {
      res.status(503).json({ status: "shutting down" });
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      const backlog = await Promise.race([
        outboxBacklog(db, Date.now()),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error("The database did not answer in time")), timeoutMs);
        }),
      ]);
      res.json({ status: "ready", database: "ok", outbox: backlog });
    } catch {
      res.status(503).json({ status: "unavailable", database: "unreachable" });
    } finally {
      clearTimeout(timer);
    }
  };
}
