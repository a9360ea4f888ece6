// The server's own layer in front of the workspace, with the real middleware in order (createApp) and
// a small React Router build standing in for the pages: the real passkey route, and a route that says
// what reached it. What must hold: other spellings of /staff never reach a route, and no body larger
// than the workspace reads is ever read.
import { once } from "node:events";
import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillContext } from "../app/lib/app-context.ts";
import * as passkeyRoute from "../app/routes/staff/passkey.ts";
import { type Harness, startHarness } from "../tests/support/harness.ts";
import { createApp, createHttpServer } from "./app.ts";
import { parseEnv } from "./env.ts";
import { createLogger } from "./observability/logger.ts";

const reached: string[] = [];

/** Any other workspace address: records that it was reached, and reads a form post's body. */
const standIn = {
  async loader({ request: req }: { request: Request }) {
    reached.push(`GET ${new URL(req.url).pathname}`);
    return new Response("a workspace file", { headers: { "Content-Type": "text/plain" } });
  },
  async action({ request: req }: { request: Request }) {
    const body = await req.text();
    reached.push(`POST ${new URL(req.url).pathname} ${body.length}`);
    return Response.json({ read: body.length });
  },
};

const build = {
  entry: {
    module: {
      default: () => new Response("<!doctype html>", { headers: { "Content-Type": "text/html" } }),
      fillContext,
    },
  },
  routes: {
    root: { id: "root", path: "", module: {} },
    passkey: { id: "passkey", parentId: "root", path: "staff/passkey", module: passkeyRoute },
    standIn: { id: "standIn", parentId: "root", path: "staff/*", module: standIn },
  },
  assets: { entry: { imports: [], module: "/entry.js" }, routes: {}, url: "/manifest.js", version: "1" },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

describe("the server in front of the workspace", () => {
  let h: Harness;
  let server: Server;
  let origin = "";

  beforeAll(async () => {
    h = await startHarness("sqlite");
    const app = createApp({
      build,
      mode: "production",
      logger: createLogger("fatal"),
      services: h.services.app,
      ownOrigins: ["https://www.cottonopolis.example"],
    });
    server = createHttpServer(app);
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await h?.close();
  });

  /** A raw request, so the path goes as it is written (fetch would tidy it). */
  function send(
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: string,
  ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
    return new Promise((resolve, reject) => {
      const req = request(`${origin}/`, { method, path, headers, agent: false }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      });
      req.on("error", reject);
      req.end(body);
    });
  }

  const spellings = [
    "/STAFF/team",
    "/Staff/team",
    "/%73taff/team",
    "/%53TAFF/team",
    "//staff/team",
    "/staff//team",
    "/x/../staff/team",
    "/%2e/staff/team",
    "/staff/%74eam",
  ];

  it("answers 404 to every other spelling of a workspace address, cross-site posts included, before any route", async () => {
    reached.length = 0;
    // The canonical spelling: a cross-site post is refused, a same-site one reaches the route.
    expect((await send("POST", "/staff/team", { Origin: "https://evil.example" }, "intent=x")).status).toBe(
      403,
    );
    const own = await send("POST", "/staff/team", { Origin: "https://www.cottonopolis.example" }, "intent=x");
    expect(own.status).toBe(200);
    expect(reached).toEqual(["POST /staff/team 8"]);
    reached.length = 0;
    for (const path of spellings) {
      const post = await send("POST", path, { Origin: "https://evil.example" }, "intent=x");
      expect(post.status, path).toBe(404);
      const page = await send("GET", path);
      expect(page.status, path).toBe(404);
      expect(page.headers["cache-control"], path).toBe("no-store");
      expect(page.headers["x-robots-tag"], path).toBe("noindex, nofollow");
    }
    expect(reached).toEqual([]);
  });

  it("gives the workspace's headers to what it serves, and the sandbox to a document in any case", async () => {
    const page = await send("GET", "/staff/team");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
    for (const path of ["/staff/leads/APP-ABC123/documents/1", "/staff/LEADS/APP-ABC123/DOCUMENTS/1"]) {
      const file = await send("GET", path);
      expect(file.status, path).toBe(200);
      expect(file.headers["content-security-policy"], path).toBe("sandbox");
    }
  });

  /**
   * Posts `total` bytes to a path, in chunks without a length or with one declared, and reports the
   * answer; the server may close the connection once it has answered.
   */
  function postLarge(path: string, total: number, chunked: boolean) {
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const headers: Record<string, string> = {
        "Content-Type": "application/json",
        Origin: "https://www.cottonopolis.example",
        ...(chunked ? { "Transfer-Encoding": "chunked" } : { "Content-Length": String(total) }),
      };
      let answered = false;
      const req = request(`${origin}${path}`, { method: "POST", headers, agent: false }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => {
          answered = true;
          resolve({ status: res.statusCode ?? 0, text });
          req.destroy();
        });
      });
      req.on("error", (error) => {
        if (!answered) reject(error);
      });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      chunk.write('{"step":"options","ceremony":"sign-in","x":"');
      let sent = 0;
      const pump = () => {
        while (sent < total && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        if (!req.destroyed) req.end();
      };
      pump();
    });
  }

  it("answers 413 to a large post to /staff/passkey, with or without a length, and keeps its memory", async () => {
    const before = process.memoryUsage().rss;
    const answers = await Promise.all([
      postLarge("/staff/passkey", 50 * 1024 * 1024, true),
      postLarge("/staff/passkey", 50 * 1024 * 1024, false),
      postLarge("/staff/passkey", 50 * 1024 * 1024, true),
    ]);
    const grown = process.memoryUsage().rss - before;
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.text)).toMatchObject({ error: expect.stringMatching(/too large/) });
    }
    // Reading three such bodies would take well over 150 MB.
    expect(grown).toBeLessThan(40 * 1024 * 1024);
    // A passkey's real request still works.
    const options = await send(
      "POST",
      "/staff/passkey",
      { "Content-Type": "application/json", Origin: "https://www.cottonopolis.example", Host: "localhost" },
      JSON.stringify({ step: "options", ceremony: "sign-in" }),
    );
    expect(options.status).toBe(200);
    expect(JSON.parse(options.text)).toHaveProperty("options.challenge");
  });

  it.each([
    "/staff/passkey/",
    "/staff/passkey.data",
    "/staff/passkey/_.data",
    "/staff/PassKey",
    "/staff/passkey//",
    "/staff/%70asskey",
    "/STAFF/passkey.data",
  ])("holds %s, another spelling of the passkey's address, to the passkey's 16 KB", async (path) => {
    // Well within the rest of the workspace's 256 KB: refused for its size, or, for a spelling the
    // workspace never uses, not found. Never read.
    expect([413, 404]).toContain((await postLarge(path, 64 * 1024, false)).status);
    const streamed = await postLarge(path, 64 * 1024, true);
    expect(streamed.status).toBeGreaterThanOrEqual(400);
    expect(streamed.status).toBeLessThan(500);
  });

  it("reads a workspace form within its limit, streamed or declared, and refuses one over it", async () => {
    reached.length = 0;
    const note = `intent=note&note=${"a".repeat(100_000)}`;
    const own = {
      Origin: "https://www.cottonopolis.example",
      "Content-Type": "application/x-www-form-urlencoded",
    };
    expect(
      (await send("POST", "/staff/leads/x", { ...own, "Transfer-Encoding": "chunked" }, note)).status,
    ).toBe(200);
    expect((await send("POST", "/staff/leads/x", own, note)).status).toBe(200);
    expect(reached).toEqual([`POST /staff/leads/x ${note.length}`, `POST /staff/leads/x ${note.length}`]);
    expect((await postLarge("/staff/leads/x", 2 * 1024 * 1024, true)).status).toBe(413);
    expect((await postLarge("/staff/leads/x", 2 * 1024 * 1024, false)).status).toBe(413);
  });
});

/** This machine's first address beyond loopback, if it has one. */
function outsideAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((address) => address && !address.internal && address.family === "IPv4")?.address;
}

describe("TRUST_PROXY", () => {
  /** The client address the app counts for a request from `from`, claiming to forward 203.0.113.9. */
  async function countedAddress(trustProxy: boolean | string[], from = "127.0.0.1"): Promise<string> {
    const app = createApp({
      build,
      mode: "production",
      logger: createLogger("fatal"),
      trustProxy,
      before: [(req, res) => void res.type("text/plain").send(req.ip)],
    });
    const server = createHttpServer(app);
    server.listen(0, from);
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://${from}:${port}/who`, {
        headers: { "X-Forwarded-For": "203.0.113.9" },
      });
      return await answer.text();
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }

  it("believes a proxy on this machine when set to 1 or loopback", async () => {
    expect(await countedAddress(true)).toBe("203.0.113.9");
    expect(await countedAddress(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY)).toBe("203.0.113.9");
    expect(await countedAddress(parseEnv({ TRUST_PROXY: "loopback" }).TRUST_PROXY)).toBe("203.0.113.9");
  });

  it("ignores X-Forwarded-For from an address that is not a proxy it was told of", async () => {
    expect(await countedAddress(false)).toBe("127.0.0.1");
    expect(await countedAddress(parseEnv({ TRUST_PROXY: "10.0.0.0/8" }).TRUST_PROXY)).toBe("127.0.0.1");
  });

  it.skipIf(!outsideAddress())(
    "with TRUST_PROXY=1, counts a client reaching the server from beyond this machine by its own address",
    async () => {
      const from = outsideAddress() as string;
      expect(await countedAddress(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY, from)).toBe(from);
    },
  );
});
