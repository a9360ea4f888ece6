import type { IncomingMessage, Server, ServerResponse } from "node:http";
import net, { type Socket } from "node:net";
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
   * After SIGTERM, how long the server goes on accepting connections and answering every request as
   * usual before it stops listening: long enough for a proxy's health check to see /readyz turn 503 and
   * send nothing more. SIGINT (Ctrl-C at a terminal) skips it.
   */
  graceMs?: number;
  exit?: (code: number) => void;
};

/** How long a connection taken just before the server stopped listening is given to send its request. */
const firstRequestMs = 1000;
/** How often, once the server no longer listens, its connections are looked at for being idle. */
const sweepMs = 50;
/**
 * How long a kept-alive connection must have been idle to be closed: a client still using it sends its
 * next request well within this of its last answer, even on a busy machine.
 */
const idleMs = 250;

/** What the shutdown knows of one connection. */
type Connection = {
  /** It has carried a request: with none pending, it is an idle keep-alive connection. */
  served: boolean;
  /** Answers begun on it and not yet finished. */
  pending: number;
  /** Its bytes read when its last answer finished: more since means another request is arriving. */
  readAtRest: number;
  /** Sweeps in a row that found it idle with nothing read (see closeIdleConnections). */
  idleSweeps: number;
};

/**
 * Shuts the server down gracefully on SIGTERM or SIGINT:
 * - /readyz turns 503 at once (onStart). For graceMs after SIGTERM the server goes on accepting
 *   connections and answering every request as before, kept-alive connections included, so a proxy
 *   that has not yet seen the health check fail meets no refused or reset connection, and clients on
 *   kept-alive connections open no new ones;
 * - then it stops listening, and every answer from then on closes its connection (`Connection:
 *   close`), so clients go elsewhere. A request being read or answered runs to its end; a connection
 *   taken in the last moments is given a second to send its request. A kept-alive connection with
 *   nothing pending and nothing read for a quarter of a second is closed: one still in use gets its
 *   next request answered first. With no grace (SIGINT), idle connections are left to the client or the
 *   keep-alive timeout, as a proxy may not yet have stopped sending on them;
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
  // False once answers close their connections: when the server stops listening.
  let listening = true;
  // Responses not yet finished, so the server can ask for Connection: close on those not yet begun.
  const inFlight = new Set<ServerResponse>();
  const connections = new Map<Socket, Connection>();
  server.on("connection", (socket: Socket) => {
    connections.set(socket, { served: false, pending: 0, readAtRest: 0, idleSweeps: 0 });
    socket.once("close", () => connections.delete(socket));
  });
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    const connection = connections.get(req.socket);
    if (connection) {
      connection.served = true;
      connection.pending++;
      res.once("close", () => {
        connection.pending--;
        connection.readAtRest = req.socket.bytesRead;
      });
    }
    if (!listening) {
      res.shouldKeepAlive = false;
      return;
    }
    inFlight.add(res);
    res.on("close", () => inFlight.delete(res));
  });

  /**
   * Closes, every sweepMs until none is left, the connections nothing happens on: no answer pending
   * and no byte read since the last answer for idleMs (so what was on its way has been read), or,
   * never used, for firstRequestMs.
   */
  function closeIdleConnections() {
    const sweep = () => {
      for (const [socket, connection] of connections) {
        const idle = connection.pending === 0 && socket.bytesRead === connection.readAtRest;
        connection.idleSweeps = idle ? connection.idleSweeps + 1 : 0;
        const enough = Math.ceil((connection.served ? idleMs : firstRequestMs) / sweepMs);
        if (connection.idleSweeps > enough) socket.destroy();
      }
      if (connections.size > 0) setTimeout(sweep, sweepMs).unref();
    };
    sweep();
  }

  /** Every answer not yet begun closes its connection, so its client goes elsewhere next time. */
  function stopKeepingAlive() {
    listening = false;
    for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
  }

  function shutdown(signal: string) {
    if (closing) return;
    const grace = signal === "SIGTERM" ? Math.min(graceMs, timeoutMs / 2) : 0;
    closing = true;
    const started = Date.now();
    logger.info({ signal, graceMs: grace }, "shutting down");
    // Without a grace, answers close their connections from now on.
    if (grace === 0) stopKeepingAlive();
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
            stopKeepingAlive();
            // net.Server's close, not http.Server's: the latter also drops idle connections at once,
            // those whose next request is on its way or just taken among them, and each would be reset.
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
            if (grace > 0) closeIdleConnections();
          }),
        ),
      grace,
    );
  }

  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  return shutdown;
}
