// The site as deploy/ runs it: Debian's Caddy (deploy/Caddyfile, with `tls internal` on high ports) in
// front of two production server processes on one PostgreSQL database. HTTPS and the redirect, the MDN
// HTTP Observatory's grade, a passkey sign-in in Chromium at the https address, a rolling restart
// (deploy/rolling-restart.sh) under a steady stream of posts, and /metrics.
import { execFile, execFileSync } from "node:child_process";
import { createHash, randomBytes, X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { promisify } from "node:util";
import { expect, chromium as playwrightChromium, test } from "@playwright/test";
import pg from "pg";
import { chromium } from "../../playwright.config";
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
import { freshPostgresDatabase } from "../support/harness";
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

const pidOf = (port: number) => (deployment ? pidOfProcess(deployment, port) : 0);

/** An https request to the test's Caddy, trusting only Caddy's own certificate authority. */
function request(
  method: string,
  urlPath: string,
  options: { body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: "127.0.0.1",
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
    req.end(options.body);
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
    executablePath: chromium.executablePath,
    args: [
      ...chromium.args,
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
