import type { Server, ServerResponse } from "node:http";
import net from "node:net";
import type { Logger } from "./observability/logger.ts";

export type ShutdownOptions = {
  logger: Logger;
  /** Called as the shutdown starts, with the time (ms) by which all work must be done. */
  onStart(deadline: number): void;
  /** Called once the last connection has closed: finish the remaining work and close the database. */
  onDrained(): Promise<void>;
  /** Everything is over within this long of the signal; a deploy does not wait longer. */
  timeoutMs?: number;
  /**
   * After SIGTERM, how long the server goes on accepting connections and answering every request (each
   * with `Connection: close`) before it stops listening: long enough for a proxy's health check to see
   * /readyz turn 503 and send nothing more. SIGINT (Ctrl-C at a terminal) skips it.
   */
  graceMs?: number;
  exit?: (code: number) => void;
};

/**
 * Shuts the server down gracefully on SIGTERM or SIGINT:
 * - /readyz turns 503 at once (onStart). For graceMs after SIGTERM the server still accepts connections
 *   and answers every request, each with `Connection: close`, so a proxy that has not yet seen the
 *   health check fail meets no refused or reset connection;
 * - then no new connections are accepted, and idle ones are closed: by then the proxy sends nothing more;
 * - a request already on a kept-alive connection is answered, with `Connection: close`, so the
 *   client opens no more on it. Idle connections are left for the client or the keep-alive timeout
 *   to close: closing one ourselves could cut off a request the client is sending at that moment;
 * - once every connection has closed, onDrained finishes the rest (the delivery queue's sends in
 *   hand, then the database), and the process exits.
 * Whatever is still running at timeoutMs is abandoned and the process exits with status 1.
 * Returns the function the signals call, for the tests.
 */
export function handleShutdown(server: Server, options: ShutdownOptions): (signal: string) => void {
  const {
    logger,
    onStart,
    onDrained,
    timeoutMs = 10_000,
    graceMs = 0,
    exit = (code) => process.exit(code),
  } = options;
  let closing = false;
  // Responses not yet finished, so a shutdown can ask for Connection: close on those not yet begun.
  const inFlight = new Set<ServerResponse>();
  server.prependListener("request", (_req, res: ServerResponse) => {
    if (closing) {
      res.shouldKeepAlive = false;
      return;
    }
    inFlight.add(res);
    res.on("close", () => inFlight.delete(res));
  });

  function shutdown(signal: string) {
    if (closing) return;
    const grace = signal === "SIGTERM" ? Math.min(graceMs, timeoutMs / 2) : 0;
    closing = true;
    const started = Date.now();
    logger.info({ signal, graceMs: grace }, "shutting down");
    for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
    // The queue's sends and the database get what is left after the connections, less a margin.
    onStart(started + timeoutMs - 1000);
    const force = setTimeout(() => {
      logger.warn("forcing exit with work still in progress");
      server.closeAllConnections();
      exit(1);
    }, timeoutMs - 250);
    force.unref();
    // Connections the system has already completed but the server not yet taken would be reset when
    // it stops listening: after the grace, give the event loop two turns to take them (their requests
    // get answers).
    setTimeout(
      () =>
        setImmediate(() =>
          setImmediate(() => {
            // net.Server's close, not http.Server's: the latter also drops idle keep-alive connections
            // at once, and a request arriving on one at that moment would be reset unanswered.
            net.Server.prototype.close.call(server, () => {
              void onDrained()
                .catch((error: unknown) =>
                  logger.error({ err: error }, "error while finishing work at shutdown"),
                )
                .then(() => {
                  clearTimeout(force);
                  logger.info({ ms: Date.now() - started }, "server closed");
                  exit(0);
                });
            });
            // After a grace period the proxy has stopped sending here: idle connections can go now
            // rather than at their keep-alive timeout. Without one, they are left to the client.
            if (grace > 0) server.closeIdleConnections();
          }),
        ),
      grace,
    );
  }

  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  return shutdown;
}
