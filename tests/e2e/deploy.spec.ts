// The site as deploy/ runs it: Debian's Caddy (deploy/Caddyfile, with `tls internal` on high ports) in
// front of two production server processes on one PostgreSQL database. HTTPS and the redirect, the MDN
// HTTP Observatory's grade, a passkey sign-in in Chromium at the https address, a rolling restart
// (deploy/rolling-restart.sh) under a steady stream of posts, and /metrics.
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { createHash, randomBytes, X509Certificate } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, chromium as playwrightChromium, test } from "@playwright/test";
import pg from "pg";
import { chromium } from "../../playwright.config";
import { freshPostgresDatabase } from "../support/harness";
import { waitForHydration } from "./helpers";
import { addVirtualAuthenticator } from "./staff-helpers";

test.describe.configure({ mode: "serial" });

const root = process.cwd();
const caddyBinary = process.env.CADDY_PATH ?? "/usr/bin/caddy";
const metricsToken = randomBytes(24).toString("hex");

/** A free TCP port on loopback. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let work = "";
let database: { url: string; drop(): Promise<void> } | null = null;
let appPorts: number[] = [];
let httpPort = 0;
let httpsPort = 0;
let caddy: ChildProcess | null = null;
let caFile = "";
let agent: https.Agent | null = null;
let appEnv: Record<string, string> = {};

/** The process ids of the server processes, one file per port, as the restart command keeps them. */
const pidFile = (port: number) => path.join(work, "pids", String(port));
const pidOf = (port: number) => Number(readFileSync(pidFile(port), "utf8").trim());

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

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ready = (port: number) => async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200;

/** Starts a production server process on a port, detached, its id in its pid file (as the restart command does). */
function startApp(port: number) {
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: { ...appEnv, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  child.unref();
  writeFileSync(pidFile(port), String(child.pid));
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  work = mkdtempSync(path.join(tmpdir(), "site-deploy-"));
  mkdirSync(path.join(work, "pids"));
  mkdirSync(path.join(work, "data"));
  database = await freshPostgresDatabase();
  appPorts = [await freePort(), await freePort()];
  httpPort = await freePort();
  httpsPort = await freePort();
  appEnv = {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PUBLIC_URL: `https://localhost:${httpsPort}`,
    TRUST_PROXY: "1",
    DATABASE_URL: database.url,
    DATA_DIR: path.join(work, "data"),
    NI_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    IP_HASH_SALT: randomBytes(16).toString("hex"),
    FORM_RESULT_SECRET: randomBytes(32).toString("hex"),
    METRICS_TOKEN: metricsToken,
    LOG_LEVEL: "warn",
    // Every post comes from this one machine.
    CONTACT_RATE_LIMIT: "100000",
    PASSKEY_CHALLENGE_LIMIT: "10000",
  };
  for (const port of appPorts) startApp(port);
  for (const port of appPorts) await waitFor(ready(port), 60_000, `the process on ${port} becoming ready`);

  // deploy/Caddyfile as it ships, with the test's global options (certificates from Caddy's own
  // authority, a high port for plain HTTP, no admin API, nothing installed into the system's trust
  // store), its address with a high https port (given in the address, not as https_port: Caddy 2.6
  // leaves out of its redirect a port that equals https_port, as if it were 443), its upstreams, and
  // its log in the test's folder.
  const shipped = readFileSync(path.join(root, "deploy/Caddyfile"), "utf8");
  const siteBlock = shipped.slice(shipped.indexOf("www.example.co.uk {"));
  expect(siteBlock).toContain("reverse_proxy 127.0.0.1:3001 127.0.0.1:3002 {");
  const caddyfile = `{
\tadmin off
\tlocal_certs
\tskip_install_trust
\thttp_port ${httpPort}
\tstorage file_system ${path.join(work, "caddy")}
}

${siteBlock
  .replace("www.example.co.uk {", `localhost:${httpsPort} {`)
  .replace("127.0.0.1:3001 127.0.0.1:3002", appPorts.map((port) => `127.0.0.1:${port}`).join(" "))
  .replace("/var/log/caddy/site.log", path.join(work, "caddy-access.log"))}`;
  writeFileSync(path.join(work, "Caddyfile"), caddyfile);
  caddy = spawn(caddyBinary, ["run", "--config", path.join(work, "Caddyfile"), "--adapter", "caddyfile"], {
    env: { PATH: process.env.PATH ?? "", HOME: work, XDG_DATA_HOME: work, XDG_CONFIG_HOME: work },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let caddyLog = "";
  caddy.stderr?.on("data", (chunk: Buffer) => {
    caddyLog += chunk.toString();
  });
  caFile = path.join(work, "caddy/pki/authorities/local/root.crt");
  await waitFor(
    async () => {
      agent = new https.Agent({ ca: readFileSync(caFile), keepAlive: true, maxSockets: 50 });
      return (await request("GET", "/healthz")).status === 200;
    },
    30_000,
    "Caddy answering over https",
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n${caddyLog}`);
  });
});

test.afterAll(async () => {
  agent?.destroy();
  caddy?.kill("SIGTERM");
  for (const port of appPorts) {
    try {
      process.kill(pidOf(port), "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  await database?.drop();
  if (work) rmSync(work, { recursive: true, force: true });
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
  expect(answered.body).toMatch(/^site_database_pool_connections\{state="max"\} 10$/m);
});
