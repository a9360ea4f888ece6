// The site as deploy/ runs it: Debian's Caddy (deploy/Caddyfile, with `tls internal` on high ports) in
// front of two production server processes on one PostgreSQL database. HTTPS and the redirect, an old
// address's 301 on both processes, the MDN HTTP Observatory's grade, a passkey sign-in in Chromium at
// the https address, a rolling restart (deploy/rolling-restart.sh) under a steady stream of posts,
// /metrics and /readyz kept to this machine, an access log without tokens, query strings or Referers, and Caddy's timeouts.
import { execFile, execFileSync } from "node:child_process";
import { createHash, randomBytes, X509Certificate } from "node:crypto";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { networkInterfaces } from "node:os";
import path from "node:path";
import tls from "node:tls";
import { promisify } from "node:util";
import { expect, chromium as playwrightChromium, test } from "@playwright/test";
import pg from "pg";
import { site } from "#core/config/site.ts";
import { testChromium } from "../../playwright.config";
import { postgresPoolSize } from "../../server/db/database.ts";
import {
  type Caddy,
  type Deployment,
  freePort,
  pidOf as pidOfProcess,
  prepareDeployment,
  removeDeployment,
  startCaddy,
  startServerProcesses,
  stopServerProcesses,
} from "../support/caddy";
import { applicationFields, applicationForm, freshPostgresDatabase, samples } from "../support/harness";
import { waitForHydration } from "./helpers";
import { addVirtualAuthenticator } from "./staff-helpers";

test.describe.configure({ mode: "serial" });

const root = process.cwd();
const metricsToken = randomBytes(24).toString("hex");

let deployment: Deployment | null = null;
let database: { url: string; drop(): Promise<void> } | null = null;
let appPorts: number[] = [];
let httpPort = 0;
let httpsPort = 0;
let caddy: Caddy | null = null;
let caFile = "";
let agent: https.Agent | null = null;
let appEnv: Record<string, string> = {};
let work = "";
/** The invitation the passkey test opens in Chromium: the access log must not hold its token. */
let openedInvitation = "";

/** This machine's address beyond loopback, as a visitor from elsewhere reaches Caddy (none on a machine without one). */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address?.family === "IPv4" && !address.internal)?.address;

const pidOf = (port: number) => (deployment ? pidOfProcess(deployment, port) : 0);

/**
 * An https request to the test's Caddy, trusting only Caddy's own certificate authority: to its
 * loopback address unless `address` says another; a `body` given as chunks is sent one chunk every
 * `chunkIntervalMs`, as a slow connection would.
 */
function request(
  method: string,
  urlPath: string,
  options: {
    body?: string | Buffer[];
    headers?: Record<string, string>;
    address?: string;
    chunkIntervalMs?: number;
  } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: options.address ?? "127.0.0.1",
        servername: "localhost",
        port: httpsPort,
        method,
        path: urlPath,
        agent: agent ?? undefined,
        headers: { Host: `localhost:${httpsPort}`, ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    const { body } = options;
    if (!Array.isArray(body)) {
      req.end(body);
      return;
    }
    void (async () => {
      for (const chunk of body) {
        req.write(chunk);
        await new Promise((resolve) => setTimeout(resolve, options.chunkIntervalMs ?? 0));
      }
      req.end();
    })();
  });
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  database = await freshPostgresDatabase();
  deployment = await prepareDeployment(database.url, { METRICS_TOKEN: metricsToken });
  ({ work, httpPort, httpsPort, env: appEnv } = deployment);
  appPorts = [await freePort(), await freePort()];
  await startServerProcesses(deployment, appPorts);
  caddy = await startCaddy(deployment, appPorts);
  caFile = caddy.caFile;
  agent = new https.Agent({ ca: caddy.ca, keepAlive: true, maxSockets: 50 });
});

test.afterAll(async () => {
  agent?.destroy();
  await caddy?.stop();
  if (deployment) await stopServerProcesses(deployment, appPorts, "SIGKILL");
  await database?.drop();
  if (deployment) removeDeployment(deployment);
});

test("HTTPS answers with HSTS, and plain HTTP redirects to it", async () => {
  const home = await request("GET", "/");
  expect(home.status).toBe(200);
  expect(home.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  expect(home.body).toContain("Cottonopolis");
  const plain = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http
      .get(`http://127.0.0.1:${httpPort}/about`, { headers: { Host: `localhost:${httpPort}` } }, resolve)
      .on("error", reject),
  );
  plain.resume();
  expect(plain.statusCode).toBe(308);
  expect(plain.headers.location).toBe(`https://localhost:${httpsPort}/about`);
});

test("an old address added on one process answers 301 through Caddy, and from both processes, within seconds", async () => {
  const client = new pg.Client({ connectionString: database?.url });
  await client.connect();
  try {
    // As Redirects in the workspace keeps one: the row, and the generation every process watches.
    await client.query(
      "INSERT INTO redirects (from_path, to_path, created_by, created_at) VALUES ($1, $2, NULL, $3)",
      ["/our-services.html", "/services/cleaning", Date.now()],
    );
    await client.query("UPDATE redirect_generation SET generation = generation + 1 WHERE id = 1");
  } finally {
    await client.end();
  }
  const direct = (port: number) =>
    new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`http://127.0.0.1:${port}/our-services.html`, resolve).on("error", reject),
    ).then((response) => {
      response.resume();
      return response.statusCode;
    });
  await expect.poll(() => Promise.all(appPorts.map(direct)), { timeout: 5_000 }).toEqual([301, 301]);
  const moved = await request("GET", "/our-services.html?from=leaflet");
  expect(moved.status).toBe(301);
  expect(moved.headers.location).toBe("/services/cleaning?from=leaflet");
});

test("the MDN HTTP Observatory grades the site A+ through Caddy", async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["tests/support/observatory.ts", "localhost", String(httpPort), String(httpsPort)],
    { cwd: root, env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile }, timeout: 60_000 },
  );
  const result = JSON.parse(stdout) as { grade: string; score: number; failed: string[] };
  expect(result, JSON.stringify(result)).toMatchObject({ grade: "A+" });
  expect(result.failed).toEqual([]);
});

test("a passkey signs in at the https address in Chromium, with a Secure __Host- session cookie", async () => {
  // Chromium trusts the certificates of Caddy's local authority by its intermediate's public key, as
  // it would trust a real one: no certificate error is ignored, so the page is a secure context and
  // WebAuthn works (Chromium refuses passkeys on pages with certificate errors).
  const intermediate = new X509Certificate(
    readFileSync(path.join(work, "caddy/pki/authorities/local/intermediate.crt")),
  );
  const spki = createHash("sha256")
    .update(intermediate.publicKey.export({ type: "spki", format: "der" }))
    .digest("base64");
  const browser = await playwrightChromium.launch({
    executablePath: testChromium.executablePath,
    args: [
      ...testChromium.args,
      `--ignore-certificate-errors-spki-list=${spki}`,
      `--host-resolver-rules=MAP localhost:${httpsPort} 127.0.0.1:${httpsPort}`,
    ],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const base = `https://localhost:${httpsPort}`;
    const link = execFileSync(
      process.execPath,
      ["scripts/staff.ts", "invite", "jo@cottonopolis.example", "--name", "Jo Bloggs", "--admin"],
      { cwd: root, env: { ...appEnv, PORT: String(appPorts[0]) }, encoding: "utf8" },
    ).trim();
    expect(link).toMatch(new RegExp(`^${base}/staff/invitation/[\\w-]{43}$`));
    openedInvitation = link;
    await addVirtualAuthenticator(page);
    await page.goto(link);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Create passkey" }).click();
    await expect(page).toHaveURL(`${base}/staff`);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(`${base}/staff/sign-in`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(`${base}/staff`);
    await expect(page.getByText("Jo Bloggs")).toBeVisible();
    const session = (await context.cookies()).find((cookie) => cookie.name === "__Host-staff-session");
    expect(session).toMatchObject({ secure: true, httpOnly: true, path: "/", domain: "localhost" });
  } finally {
    await browser.close();
  }
});

test("a rolling restart of both processes under 20 posts a second for 30 s answers and stores every post", async () => {
  test.setTimeout(120_000);
  const run = randomBytes(4).toString("hex");
  const before = appPorts.map(pidOf);
  const answers: Promise<{ status: number; error?: string }>[] = [];
  const started = Date.now();
  let sent = 0;
  const restarted = (async () => {
    await new Promise((resolve) => setTimeout(resolve, 4000));
    // As systemctl restart does: stop (SIGTERM, wait for the exit), then start.
    const restart = `pid=$(cat "${path.join(work, "pids")}/$PORT"); kill -TERM "$pid"; while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done; setsid ${process.execPath} server/main.ts >/dev/null 2>&1 < /dev/null & echo $! > "${path.join(work, "pids")}/$PORT"`;
    return promisify(execFile)("bash", ["deploy/rolling-restart.sh", ...appPorts.map(String)], {
      cwd: root,
      env: { ...appEnv, RESTART_COMMAND: restart, READY_TIMEOUT: "30" },
      timeout: 60_000,
    });
  })();
  // 20 posts a second: one every 50 ms, each on its own schedule, for 30 s.
  while (Date.now() - started < 30_000) {
    const due = started + sent * 50;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    const body = JSON.stringify({
      firstName: "Rolling",
      lastName: "Restart",
      email: `restart-${run}-${sent}@example.co.uk`,
      phone: "0161 496 0999",
      company: "Ancoats Bakery Ltd",
      service: "cleaning",
      message: `Post ${sent} of the rolling restart ${run}.`,
    });
    answers.push(
      request("POST", "/contact-handler.php", {
        body,
        headers: { "Content-Type": "application/json", Origin: `https://localhost:${httpsPort}` },
      }).then(
        (answer) => ({ status: answer.status, ...(answer.status >= 300 ? { error: answer.body } : {}) }),
        (error: Error) => ({ status: 0, error: error.message }),
      ),
    );
    sent++;
  }
  const { stdout } = await restarted;
  expect(stdout).toContain(`Restarted ${appPorts.length} processes.`);
  const results = await Promise.all(answers);
  expect(sent).toBeGreaterThanOrEqual(590);
  const failed = results.filter((result) => result.status < 200 || result.status >= 300);
  expect(failed, JSON.stringify(failed.slice(0, 5))).toEqual([]);
  // Both processes were replaced while the posts flowed.
  const after = appPorts.map(pidOf);
  for (const [i, pid] of after.entries()) expect(pid).not.toBe(before[i]);

  const client = new pg.Client({ connectionString: database?.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "SELECT COUNT(DISTINCT email) AS n FROM enquiries WHERE email LIKE $1",
      [`restart-${run}-%`],
    );
    expect(Number(rows[0]?.n)).toBe(sent);
  } finally {
    await client.end();
  }
});

test("/metrics refuses without its token and shows the delivery queue with it", async () => {
  const refused = await request("GET", "/metrics");
  expect(refused.status).toBe(401);
  const wrong = await request("GET", "/metrics", {
    headers: { Authorization: "Bearer wrong-token-000000000000" },
  });
  expect(wrong.status).toBe(401);
  const answered = await request("GET", "/metrics", { headers: { Authorization: `Bearer ${metricsToken}` } });
  expect(answered.status).toBe(200);
  // No mail server is configured: the e-mails of the posts above are all waiting.
  const depth = Number(/^site_delivery_queue_depth (\d+)$/m.exec(answered.body)?.[1]);
  expect(depth).toBeGreaterThan(0);
  expect(answered.body).toMatch(/^site_delivery_queue_oldest_seconds \d+$/m);
  expect(answered.body).toMatch(
    new RegExp(`^site_database_pool_connections\\{state="max"\\} ${postgresPoolSize}$`, "m"),
  );
});

test("/readyz and /metrics answer through Caddy on this machine only: from elsewhere, 404 for every spelling", async () => {
  test.skip(!outsideAddress, "this machine has no network address beyond loopback");
  const outside = { address: outsideAddress, headers: { Authorization: `Bearer ${metricsToken}` } };
  // The site itself answers at that address.
  expect((await request("GET", "/about", outside)).status).toBe(200);
  for (const spelling of [
    "/readyz",
    "/READYZ",
    "/readyz/",
    "//readyz",
    "/%72eadyz",
    "/readyz.",
    "/readyz?full=1",
    "/metrics",
    "/Metrics",
    "/metrics/",
    "/metrics?name=site_delivery_queue_depth",
  ]) {
    const answer = await request("GET", spelling, outside);
    expect(answer.status, spelling).toBe(404);
    expect(answer.body, spelling).not.toMatch(/site_delivery_queue|"outbox"|"database"/);
  }
  // On this machine they still answer (Caddy's health checks and the rolling restart ask the
  // processes directly, as the rolling restart above shows).
  const ready = await request("GET", "/readyz");
  expect(ready.status).toBe(200);
  expect(ready.body).toContain('"status":"ready"');
  const metrics = await request("GET", "/metrics", { headers: outside.headers });
  expect(metrics.status).toBe(200);
  expect(metrics.body).toMatch(/^site_delivery_queue_depth \d+$/m);
});

test("Caddy's access log keeps no invitation token, query string or Referer", async () => {
  const run = randomBytes(4).toString("hex");
  const userAgent = `access-log-check-${run}`;
  const email = `lead.${run}@example.co.uk`;
  const search = `Ancoats${run}`;
  const link = execFileSync(
    process.execPath,
    ["scripts/staff.ts", "invite", `sam.${run}@cottonopolis.example`, "--name", "Sam Okafor"],
    { cwd: root, env: { ...appEnv, PORT: String(appPorts[0]) }, encoding: "utf8" },
  ).trim();
  const invitation = new URL(link).pathname;
  const token = invitation.split("/").pop() ?? "";
  expect(token).toMatch(/^[\w-]{43}$/);
  // As a browser sends them: each with the address of the page it came from.
  const headers = {
    "User-Agent": userAgent,
    Referer: `https://localhost:${httpsPort}/staff/people?email=${encodeURIComponent(email)}`,
  };
  const opened = await request("GET", `${invitation}?utm_source=email`, { headers });
  expect(opened.status).toBe(200);
  expect(opened.body).toContain("Sam Okafor");
  await request("GET", `${invitation}.data`, { headers });
  await request("GET", `/staff/people?email=${encodeURIComponent(email)}`, { headers });
  await request("GET", `/staff?q=${search}`, { headers });
  // The plain-HTTP redirect repeats the whole address in its Location.
  const redirected = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http
      .get(
        `http://127.0.0.1:${httpPort}${invitation}?utm_source=email`,
        { headers: { ...headers, Host: `localhost:${httpPort}` } },
        resolve,
      )
      .on("error", reject),
  );
  redirected.resume();
  expect(redirected.statusCode).toBe(308);

  type Entry = { request: { uri: string; headers: Record<string, string[]> }; status: number };
  const logFile = path.join(work, "caddy-access.log");
  const entries = () =>
    readFileSync(logFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Entry);
  const ours = () => entries().filter((entry) => entry.request.headers["User-Agent"]?.[0] === userAgent);
  // Caddy writes each line once it has answered.
  await expect.poll(() => ours().length).toBeGreaterThanOrEqual(4);
  const paths = ours().map((entry) => entry.request.uri);
  expect(paths.slice(0, 4)).toEqual(["/staff/invitation", "/staff/invitation", "/staff/people", "/staff"]);
  expect(ours()[0]?.status).toBe(200);

  const log = readFileSync(logFile, "utf8");
  const openedToken = openedInvitation.split("/").pop() ?? "";
  expect(openedToken).toMatch(/^[\w-]{43}$/);
  for (const secret of [token, openedToken, email, encodeURIComponent(email), search, "utm_source"]) {
    expect(log).not.toContain(secret);
  }
  for (const entry of entries()) {
    expect(entry.request.uri).not.toContain("?");
    expect(Object.keys(entry.request.headers)).not.toContain("Referer");
  }
});

test("Caddy gives a slow 5 MB CV time to arrive, and closes a connection whose headers stall", async () => {
  test.setTimeout(60_000);
  // A CV of exactly the form's limit, sent in 64 KB pieces over about 15 s (some 2.8 Mbit/s): longer
  // than Caddy allows for a request's headers, well within what it allows for a body.
  const limit = site.limits.maxUploadMb * 1024 * 1024;
  const cv = Buffer.concat([samples.pdf, Buffer.alloc(limit - samples.pdf.length, 0x20)]);
  const encoded = new Response(
    applicationForm(applicationFields(), [
      { field: "resume", name: "Slow Upload CV.pdf", content: cv, type: "application/pdf" },
    ]),
  );
  const body = Buffer.from(await encoded.arrayBuffer());
  const chunks: Buffer[] = [];
  for (let at = 0; at < body.length; at += 64 * 1024) chunks.push(body.subarray(at, at + 64 * 1024));
  const answer = await request("POST", "/careers-handler.php", {
    body: chunks,
    chunkIntervalMs: Math.round(15_000 / chunks.length),
    headers: {
      "Content-Type": encoded.headers.get("content-type") ?? "",
      "Content-Length": String(body.length),
      Origin: `https://localhost:${httpsPort}`,
    },
  });
  expect(answer.status, answer.body).toBe(200);
  const reference = /APP-[0-9A-Z]{6}/.exec(answer.body)?.[0];
  expect(reference).toBeTruthy();
  const client = new pg.Client({ connectionString: database?.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ size: number }>(
      "SELECT d.size FROM documents d JOIN applications a ON a.id = d.application_id WHERE a.reference = $1",
      [reference],
    );
    expect(rows.map((row) => Number(row.size))).toEqual([cv.length]);
  } finally {
    await client.end();
  }

  // A client that starts a request and never finishes its headers is cut off, with no answer.
  const socket = tls.connect({ host: "127.0.0.1", port: httpsPort, servername: "localhost", ca: caddy?.ca });
  await once(socket, "secureConnect");
  let received = "";
  socket.on("data", (chunk: Buffer) => {
    received += chunk.toString();
  });
  // Caddy may end the connection cleanly or reset it; either way it closes.
  socket.on("error", () => {});
  const closed = new Promise((resolve) => socket.once("close", resolve));
  socket.write(`GET / HTTP/1.1\r\nHost: localhost:${httpsPort}\r\nUser-Agent: stalled\r\n`);
  await closed;
  expect(received).not.toMatch(/^HTTP\/1\.1 [23]/);
});
