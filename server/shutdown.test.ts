import { createServer } from "node:http";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { createLogger } from "./observability/logger.ts";
import { handleShutdown } from "./shutdown.ts";

/** Sends raw HTTP/1.1 on one connection and collects everything the server writes back. */
function rawConnection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk: Buffer) => {
    received += chunk.toString();
  });
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  return {
    send: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`),
    received: () => received,
    closed,
    errors: new Promise<string>((resolve) =>
      socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "")),
    ),
  };
}

function responsesIn(text: string): string[] {
  return text.split("HTTP/1.1 ").slice(1);
}

describe("handleShutdown", () => {
  it("answers a request sent on an idle kept-alive connection after the signal, with Connection: close", async () => {
    let release = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = createServer({ keepAliveTimeout: 5000 }, async (req, res) => {
      if (req.url === "/slow") await slow;
      res.end(`answered ${req.url}`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const { port } = server.address() as net.AddressInfo;
    const exits: number[] = [];
    let deadline = 0;
    let drained = false;
    const shutdown = handleShutdown(server, {
      logger: createLogger("silent"),
      onStart: (at) => {
        deadline = at;
      },
      onDrained: async () => {
        drained = true;
      },
      timeoutMs: 5000,
      exit: (code) => exits.push(code),
    });

    const idle = rawConnection(port);
    idle.send("/first");
    await expect.poll(() => responsesIn(idle.received()).length).toBe(1);
    expect(idle.received()).toContain("Connection: keep-alive");
    // A request already running when the signal comes: its answer closes its connection too.
    const busy = rawConnection(port);
    busy.send("/slow");
    await new Promise((resolve) => setTimeout(resolve, 50));

    const started = Date.now();
    shutdown("SIGTERM");
    expect(deadline).toBeGreaterThan(started);
    expect(deadline).toBeLessThanOrEqual(started + 5000);
    // The client had not yet seen any sign of the shutdown and reuses its idle connection.
    idle.send("/second");
    await expect.poll(() => responsesIn(idle.received()).length).toBe(2);
    const second = responsesIn(idle.received())[1] ?? "";
    expect(second).toContain("Connection: close");
    expect(second).toContain("answered /second");
    await idle.closed;

    // New connections are no longer accepted.
    expect(await rawConnection(port).errors).toBe("ECONNREFUSED");

    release();
    await busy.closed;
    expect(busy.received()).toContain("answered /slow");
    expect(busy.received()).toContain("Connection: close");
    await expect.poll(() => exits).toEqual([0]);
    expect(drained).toBe(true);
  });

  it("after SIGTERM, keeps accepting and answering for the grace period as before, then refuses and closes", async () => {
    const server = createServer({ keepAliveTimeout: 5000 }, (req, res) => {
      res.end(`answered ${req.url}`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const { port } = server.address() as net.AddressInfo;
    const exits: number[] = [];
    const shutdown = handleShutdown(server, {
      logger: createLogger("silent"),
      onStart: () => {},
      onDrained: async () => {},
      timeoutMs: 5000,
      graceMs: 600,
      exit: (code) => exits.push(code),
    });
    const idle = rawConnection(port);
    idle.send("/first");
    await expect.poll(() => responsesIn(idle.received()).length).toBe(1);

    const signalled = Date.now();
    shutdown("SIGTERM");
    // A proxy that has not yet seen /readyz fail opens a new connection: it is still answered.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const late = rawConnection(port);
    late.send("/late");
    await expect.poll(() => late.received()).toContain("answered /late");
    // The kept-alive connection is answered too, and kept alive: its client opens no new connection
    // that could be waiting to be taken when the server stops listening.
    idle.send("/second");
    await expect.poll(() => responsesIn(idle.received()).length).toBe(2);
    expect(responsesIn(idle.received())[1]).toContain("Connection: keep-alive");

    // Once the grace is over, the server no longer listens, closes the idle connections, and exits.
    await Promise.all([idle.closed, late.closed]);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(600);
    await expect.poll(() => exits, { timeout: 3000 }).toEqual([0]);
    expect(await rawConnection(port).errors).toBe("ECONNREFUSED");
  });

  it("after the grace, answers a request running on a kept-alive connection, and one on a connection just taken, each with Connection: close", async () => {
    const server = createServer({ keepAliveTimeout: 30_000 }, async (req, res) => {
      if (req.url === "/slow") await new Promise((resolve) => setTimeout(resolve, 300));
      res.end(`answered ${req.url}`);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const { port } = server.address() as net.AddressInfo;
    const exits: number[] = [];
    const shutdown = handleShutdown(server, {
      logger: createLogger("silent"),
      onStart: () => {},
      onDrained: async () => {},
      timeoutMs: 5000,
      graceMs: 300,
      exit: (code) => exits.push(code),
    });
    const busy = rawConnection(port);
    busy.send("/first");
    await expect.poll(() => responsesIn(busy.received()).length).toBe(1);
    shutdown("SIGTERM");
    // Just before the end of the grace: a request that takes longer than the grace has left, and a
    // connection whose request comes only after the server has stopped listening.
    await new Promise((resolve) => setTimeout(resolve, 250));
    busy.send("/slow");
    const fresh = rawConnection(port);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await rawConnection(port).errors).toBe("ECONNREFUSED");
    fresh.send("/fresh");
    await Promise.all([fresh.closed, busy.closed]);
    expect(fresh.received()).toContain("answered /fresh");
    expect(fresh.received()).toContain("Connection: close");
    expect(responsesIn(busy.received())[1]).toContain("answered /slow");
    expect(responsesIn(busy.received())[1]).toContain("Connection: close");
    await expect.poll(() => exits).toEqual([0]);
  });

  it("closes idle kept-alive connections when the grace period ends, rather than waiting for their timeout", async () => {
    const server = createServer({ keepAliveTimeout: 30_000 }, (_req, res) => {
      res.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const { port } = server.address() as net.AddressInfo;
    const exits: number[] = [];
    const shutdown = handleShutdown(server, {
      logger: createLogger("silent"),
      onStart: () => {},
      onDrained: async () => {},
      timeoutMs: 5000,
      graceMs: 300,
      exit: (code) => exits.push(code),
    });
    const idle = rawConnection(port);
    idle.send("/");
    await expect.poll(() => responsesIn(idle.received()).length).toBe(1);
    const signalled = Date.now();
    shutdown("SIGTERM");
    await idle.closed;
    expect(Date.now() - signalled).toBeLessThan(2000);
    await expect.poll(() => exits).toEqual([0]);
  });
});
