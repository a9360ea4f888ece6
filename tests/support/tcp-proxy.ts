// A TCP proxy in front of a database, for tests and benchmarks that take the database away under a
// running server: it passes traffic through, refuses connections, or stalls them.
import net from "node:net";

/**
 * A TCP proxy in front of PostgreSQL that can pass traffic through, refuse connections (nothing
 * listens), or stall: accept connections and hold every byte, old connections and new alike.
 */
export class TcpProxy {
  port = 0;
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();
  private stalled = false;
  private readonly target: { host: string; port: number };

  constructor(target: { host: string; port: number }) {
    this.target = target;
  }

  private track(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => this.sockets.delete(socket));
  }

  private onConnection(client: net.Socket) {
    this.track(client);
    if (this.stalled) {
      client.pause();
      return;
    }
    const upstream = net.connect(this.target.port, this.target.host);
    this.track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  }

  private async listen() {
    if (this.server) return;
    const server = net.createServer((socket) => this.onConnection(socket));
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", () => resolve()));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  private dropAll() {
    for (const socket of this.sockets) socket.destroy();
  }

  /** Passes traffic through; connections held by a stall are dropped, as a recovering network would. */
  async pass() {
    this.stalled = false;
    this.dropAll();
    await this.listen();
  }

  /** Nothing listens: every connection attempt is refused, and open connections are cut. */
  async refuse() {
    const server = this.server;
    this.server = null;
    this.dropAll();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Connections stay open (and new ones are accepted) but nothing gets through, either way. */
  async stall() {
    this.stalled = true;
    for (const socket of this.sockets) {
      socket.unpipe();
      socket.pause();
    }
    await this.listen();
  }

  async close() {
    await this.refuse();
  }
}
