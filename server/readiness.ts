import type { RequestHandler } from "express";
import type { Database } from "./db/database.ts";
import { insecureMailServerNotice } from "./delivery/counts.ts";
import { outboxBacklog } from "./delivery/outbox.ts";

/**
 * GET /readyz: whether this process can take submissions now. 503 while the database cannot be
 * reached (or answers too slowly), while it answers but cannot write (PostgreSQL in a failover: a
 * standby, or a primary being demoted) and while the server is shutting down; otherwise 200 with the
 * delivery queue's backlog and the age of its oldest waiting message, and, while the mail server cannot
 * be reached securely, why (`mail`): the forms still take leads then, so it is reported, not a 503.
 * /healthz stays a bare liveness check: a process waiting out a database outage is alive and must not
 * be restarted.
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
      const [writable, backlog, insecure] = await Promise.race([
        Promise.all([
          db.acceptsWrites?.() ?? true,
          outboxBacklog(db, Date.now()),
          insecureMailServerNotice(db),
        ]),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error("The database did not answer in time")), timeoutMs);
        }),
      ]);
      if (!writable) {
        // A standby, or a primary being demoted, answers but would refuse every submission.
        res.status(503).json({ status: "unavailable", database: "read-only" });
        return;
      }
      res.json({
        status: "ready",
        database: "ok",
        outbox: backlog,
        ...(insecure
          ? { mail: { status: "not secure", waiting: insecure.waiting, reason: insecure.reason } }
          : {}),
      });
    } catch {
      res.status(503).json({ status: "unavailable", database: "unreachable" });
    } finally {
      clearTimeout(timer);
    }
  };
}
