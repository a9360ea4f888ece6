// The job alerts' pages as the server answers their posts: the real middleware in order (createApp), the
// pages' real loaders and actions (app/routes/job-alerts.server.ts) over the real services, and a
// stand-in renderer that answers with what the route gave it. What must hold: a post larger than the
// pages read is refused 413 before any of it is read, however its length is told or spelt its address;
// a network past its allowance is refused 429 before its body is read; the pages' own posts still work.
import { once } from "node:events";
import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { EntryContext, ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobAlerts } from "#core/config/job-alerts.ts";
import { issueFormToken } from "#core/forms/form-token.server.ts";
import { formTokenField } from "#core/forms/form-token.ts";
import { fillContext } from "../../app/lib/app-context.ts";
import * as route from "../../app/routes/job-alerts.server.ts";
import { type Dialect, type Harness, startHarness } from "../../tests/support/harness.ts";
import { createApp, createHttpServer } from "../app.ts";
import { createLogger } from "../observability/logger.ts";
import { alertLinkKey } from "../protection/alert-link.ts";
import { alertPageBodyLimit, isAlertPagePath } from "./page-guard.ts";
import { createSubscriptions } from "./subscriptions.ts";

const site = "https://www.cottonopolis.example";
const threeMegabytes = 3 * 1024 * 1024;

/** Renders nothing: answers with the route's data and the status React Router chose, as JSON. */
function renderData(_request: Request, status: number, headers: Headers, context: EntryContext) {
  const { loaderData, actionData } = context.staticHandlerContext;
  headers.set("Content-Type", "application/json");
  return new Response(JSON.stringify({ loaderData, actionData }), { status, headers });
}

const build = {
  entry: { module: { default: renderData, fillContext } },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    signUp: {
      id: "signUp",
      parentId: "root",
      path: "careers/alerts",
      module: {
        loader: route.signUpLoader,
        action: route.signUpAction,
        headers: route.alertPageHeaders,
        default: () => null,
      },
    },
    confirm: {
      id: "confirm",
      parentId: "root",
      path: "careers/alerts/confirm",
      module: {
        loader: route.confirmLoader,
        action: route.confirmAction,
        headers: route.alertPageHeaders,
        default: () => null,
      },
    },
    manage: {
      id: "manage",
      parentId: "root",
      path: "careers/alerts/manage",
      module: {
        loader: route.manageLoader,
        action: route.manageAction,
        headers: route.alertPageHeaders,
        default: () => null,
      },
    },
    unsubscribe: {
      id: "unsubscribe",
      parentId: "root",
      path: "careers/alerts/unsubscribe",
      module: {
        loader: route.unsubscribeLoader,
        action: route.unsubscribeAction,
        middleware: [route.oneClickMiddleware],
        headers: route.alertPageHeaders,
        default: () => null,
      },
    },
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

/** Every address an alert page takes a post at, as its forms and a mail program's one-click post it. */
const postPaths = [
  "/careers/alerts",
  "/careers/alerts/confirm?link=x",
  "/careers/alerts/manage?link=x",
  "/careers/alerts/unsubscribe?link=x",
];

describe("the alert pages' address", () => {
  it("is matched however the router would match it, with its data requests", () => {
    for (const path of [
      "/careers/alerts",
      "/careers/alerts/",
      "/Careers/Alerts/Manage",
      "//careers/alerts/confirm",
      "/careers/%61lerts/unsubscribe",
      "/careers/alerts.data",
      "/careers/alerts/manage.data",
      "/careers/alerts/_.data",
      "/x/../careers/alerts",
    ]) {
      expect(isAlertPagePath(path), path).toBe(true);
    }
    for (const path of ["/careers", "/careers/alertsx", "/careers/vacancies", "/contact-handler.php"]) {
      expect(isAlertPagePath(path), path).toBe(false);
    }
  });
});

describe.each<Dialect>(["sqlite", "postgres"])("the alert pages served on %s", (dialect) => {
  let h: Harness;
  let server: Server;
  let origin = "";
  /** Each test's posts come from a network of their own (a proxy on loopback says which). */
  let network = 10;
  const nextNetwork = () => `198.51.100.${network++}`;

  beforeAll(async () => {
    h = await startHarness(dialect, { PUBLIC_URL: site });
    // The server's own alerts service, with allowances a test can reach in a few posts.
    const alerts = createSubscriptions({
      db: h.services.db,
      linkKey: alertLinkKey(h.services.secrets.resultSecret),
      publicUrl: site,
      formSecret: h.services.secrets.resultSecret,
      ipSalt: h.services.secrets.ipSalt,
      replyTo: "jobs@cottonopolis.example",
      limits: { ...jobAlerts, signUpsPerNetworkPerHour: 2, linkPostsPerNetworkPerHour: 2 },
    });
    const app = createApp({
      build,
      mode: "production",
      logger: createLogger("fatal"),
      services: { ...h.services.app, alerts },
      ownOrigins: [site],
      trustProxy: ["loopback"],
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

  type Answer = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

  /**
   * Sends a post's headers and the first `sent` bytes of its body, then holds the rest back for good:
   * resolves with the server's answer, which must come while the body is still unfinished (so the
   * server cannot have read it whole); fails if none comes within five seconds.
   */
  function held(path: string, headers: Record<string, string>, sent: number): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = request(`${origin}${path}`, { method: "POST", headers, agent: false }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
          req.destroy();
        });
      });
      const timer = setTimeout(() => {
        req.destroy();
        reject(new Error(`No answer to ${path} while its body was held back`));
      }, 5_000);
      req.on("error", () => {});
      req.write(Buffer.alloc(sent, "a"));
    });
  }

  /** Posts a whole body of `total` bytes, its length declared or chunked; the server may close once it has answered. */
  function whole(path: string, headers: Record<string, string>, total: number): Promise<Answer> {
    return new Promise((resolve, reject) => {
      let answered = false;
      const req = request(`${origin}${path}`, { method: "POST", headers, agent: false }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => {
          answered = true;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
          req.destroy();
        });
      });
      req.on("error", (error) => {
        if (!answered) reject(error);
      });
      const chunk = Buffer.alloc(256 * 1024, "a");
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

  /** A form post's headers, from the page itself (its own origin) by way of a proxy naming `from`. */
  const form = (from: string, length?: number) => ({
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: origin,
    "X-Forwarded-For": from,
    ...(length === undefined ? { "Transfer-Encoding": "chunked" } : { "Content-Length": String(length) }),
  });

  async function counted(): Promise<number> {
    const [row] = await h.services.db.all<{ n: number }>(
      "SELECT COUNT(*) AS n FROM rate_limits WHERE key LIKE 'job-alerts:%'",
    );
    return Number(row?.n);
  }

  it("refuses a 3 MB post to every alert page with 413, in words, before reading it", async () => {
    const before = await counted();
    for (const path of [...postPaths, "/careers/alerts.data", "/Careers/Alerts/Manage?link=x"]) {
      // Its length declared: refused at once, and no route counts it, let alone reads it.
      const declared = await held(path, form(nextNetwork(), threeMegabytes), 64 * 1024);
      expect(declared.status, path).toBe(413);
      expect(declared.text, path).toMatch(/too large to be read/);
      expect((await whole(path, form(nextNetwork(), threeMegabytes), threeMegabytes)).status, path).toBe(413);
    }
    expect(await counted()).toBe(before);
    // Its length untold: refused as soon as the page's read passes the limit, long before the end.
    for (const path of postPaths) {
      const chunked = await held(path, form(nextNetwork()), alertPageBodyLimit + 64 * 1024);
      expect(chunked.status, path).toBe(413);
      expect((await whole(path, form(nextNetwork()), threeMegabytes)).status, path).toBe(413);
    }
  });

  it("counts a post against its network before reading its body, and answers 429 with Retry-After", async () => {
    for (const path of [
      "/careers/alerts",
      "/careers/alerts/confirm?link=x",
      "/careers/alerts/manage?link=x",
    ]) {
      const from = nextNetwork();
      for (let i = 0; i < 2; i++) {
        const within = await fetch(`${origin}${path}`, {
          method: "POST",
          headers: { Origin: origin, "X-Forwarded-For": from },
          body: new URLSearchParams({ intent: "save", email: "not an address" }),
        });
        expect(within.status, path).toBeLessThan(429);
      }
      // Past the allowance: answered while its (small, allowed) body has not even arrived.
      const paused = await held(path, form(from, 1000), 10);
      expect(paused.status, path).toBe(429);
      expect(Number(paused.headers["retry-after"]), path).toBeGreaterThan(0);
      expect(paused.text, path).toMatch(/paused them and sent nothing/);
    }
  });

  it("still takes the pages' own sign-up, and refuses a place that is no place's name in words", async () => {
    const from = nextNetwork();
    const signedUp = await fetch(`${origin}/careers/alerts`, {
      method: "POST",
      headers: { Origin: origin, "X-Forwarded-For": from },
      body: new URLSearchParams({
        email: "page.test@example.com",
        services: "steward",
        place: "St. Helens",
        frequency: "weekly",
        [formTokenField]: issueFormToken("careers", h.services.secrets.resultSecret, Date.now() - 60_000),
      }),
    });
    expect(signedUp.status).toBe(200);
    expect(await signedUp.text()).toContain("with a link to confirm your job alerts");
    const [queued] = await h.services.db.all<{ n: number }>(
      "SELECT COUNT(*) AS n FROM outbox WHERE purpose = 'alert-confirm' AND to_address = ?",
      ["page.test@example.com"],
    );
    expect(Number(queued?.n)).toBe(1);
    const badPlace = await fetch(`${origin}/careers/alerts`, {
      method: "POST",
      headers: { Origin: origin, "X-Forwarded-For": nextNetwork() },
      body: new URLSearchParams({
        email: "page.test@example.com",
        place: "evil.example/x",
        frequency: "weekly",
      }),
    });
    expect(badPlace.status).toBe(422);
    expect(await badPlace.text()).toContain("postcode district such as M4");
  });
});
