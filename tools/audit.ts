/**
 * `npm run audit`: builds the site, serves the production build on a free loopback port, and scores with
 * Lighthouse (the median of several runs) and axe-core (WCAG 2.2 AA):
 *
 * - the public pages: every route, mobile preset with simulated throttling, with the job alerts' pages and
 *   an applicant's own page, which only a signed link reaches: a job alert and an application are made
 *   through the server's own forms, and their links signed with its keys (audit-links.ts). Those pages are
 *   `noindex` on purpose, so `is-crawlable` is skipped on them (and the report says so);
 * - the staff workspace: the inbox, a lead's page, analytics and the team, desktop preset, signed in as
 *   an administrator, with 20,000 sample leads in the database (tests/support/sample-leads.ts). The sign-in is
 *   a person's: an invitation from the same service as `npm run staff -- invite`, and a passkey created
 *   on its page by a virtual authenticator (CDP WebAuthn) in the very Chromium Lighthouse then drives, so
 *   Lighthouse runs with its session cookie. Its pages are `noindex` on purpose, so the `is-crawlable`
 *   audit is skipped for them (and the report says so), and they are exempt from the public pages'
 *   JavaScript budget.
 *
 * Writes reports/audit.json and reports/audit.md, prints a table for each part (scores, FCP, LCP, TBT,
 * CLS, bytes), and exits non-zero when a page falls below 100 in any category (the 404 page is exempt
 * from SEO, which marks down every non-200 page), has an accessibility violation, shifts its layout, or
 * when a public page paints late, takes longer than its LCP budget, blocks the main thread for more than
 * 150 ms in all (TBT) or sends more JavaScript than its budget (tools/audit-report.ts).
 *
 * Options: --public or --workspace (only that part; default both), --runs=N (default 3), --skip-build
 * (audit the build already in build/), --only=/path,/path (public routes to score, by path: a signed-link
 * page such as /your-application is scored with its link), --published (first publish a changed
 * accreditation, and score the pages as drawn from the database after a publication).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Page, chromium as playwrightChromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import * as Lantern from "lighthouse/core/lib/lantern/lantern.js";
import { alertPaths } from "#core/alerts/model.ts";
import { publicPages } from "#core/seo.ts";
import { leadPath } from "#core/staff/paths.ts";
import { londonDate, vacanciesPath, vacancyPath } from "#core/vacancies/model.ts";
import { chromium as chromiumSettings } from "../playwright.config.ts";
import { openDatabase } from "../server/db/database.ts";
import { migrate } from "../server/db/migrate.ts";
import { createVacancies } from "../server/vacancies/vacancies.ts";
import { invitationPath, invite } from "../server/workspace/team.ts";
import { addVirtualAuthenticator } from "../tests/support/passkeys.ts";
import { addSampleLeads } from "../tests/support/sample-leads.ts";
import { prepareKeys, signedLinkPages } from "./audit-links.ts";
import {
  type Category,
  categories,
  describePaintPath,
  isNoindexPage,
  lcpElements,
  markdownTable,
  median,
  noindexSkippedAudits,
  notFoundPath,
  type ObservedPaints,
  paintedLater,
  type RouteResult,
  routeLabel,
  type SimulatedStep,
  shortcomings,
  tbtBudgetMs,
  workspaceSkippedAudits,
} from "./audit-report.ts";

/** A port nobody is listening on, on the loopback interface. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  server.close();
  await once(server, "close");
  return port;
}

/** Runs a command with its output shown; rejects when it fails. */
export function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited ${code}`)),
    );
  });
}

/** Starts the production server on a port and waits until it answers /healthz. */
export async function startServer(port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const server = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill("SIGTERM");
  throw new Error("The server did not answer /healthz within 30 seconds");
}

export type Lhr = {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      score: number | null;
      scoreDisplayMode: string;
      numericValue?: number;
      title: string;
      details?: {
        items?: { resourceType?: string; transferSize?: number; requestCount?: number }[];
        [key: string]: unknown;
      };
    }
  >;
};

/**
 * On the 404 page two console messages are the page doing its job, not faults: the browser's note that
 * the document answered 404, and the page's own log of the path asked for (which the specification
 * requires). Only those two are excused there; any other console error still costs points.
 */
function notFoundConfig(route: string) {
  return {
    extends: "lighthouse:default" as const,
    audits: [
      {
        path: "errors-in-console",
        options: {
          ignoredPatterns: [
            "ERR_BLOCKED_BY_CLIENT.Inspector",
            "the server responded with a status of 404 (Not Found)",
            `User attempted to access non-existent route: ${route}`,
          ],
        },
      },
    ],
  };
}

/** How a page is scored: the public site's mobile preset, or the workspace's desktop one, signed in. */
type Mode = "public" | "workspace";

/**
 * The noindex public pages' configuration (isNoindexPage): the mobile preset, without `is-crawlable`,
 * which counts a page's deliberate noindex against its SEO.
 */
const noindexConfig = {
  extends: "lighthouse:default" as const,
  settings: { skipAudits: Object.keys(noindexSkippedAudits) },
};

/**
 * The workspace's configuration: Lighthouse's desktop preset, without the audits its pages fail on
 * purpose. Storage is kept between runs, so every run is signed in with the session made at the start.
 */
const workspaceConfig = {
  ...desktopConfig,
  settings: {
    ...desktopConfig.settings,
    skipAudits: Object.keys(workspaceSkippedAudits),
  },
};

/**
 * Empties Chromium's HTTP cache, and nothing else, over the DevTools protocol: a workspace run keeps the
 * session cookie (Lighthouse's own reset would clear both), yet loads every script and stylesheet afresh.
 */
async function clearHttpCache(chromePort: number): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${chromePort}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  const waiting = new Map<
    number,
    { resolve(value: Record<string, unknown>): void; reject(error: Error): void }
  >();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      result?: Record<string, unknown>;
      error?: { message: string };
    };
    const call = message.id === undefined ? undefined : waiting.get(message.id);
    if (!call) return;
    waiting.delete(message.id as number);
    if (message.error) call.reject(new Error(message.error.message));
    else call.resolve(message.result ?? {});
  });
  let lastId = 0;
  const send = (method: string, params: Record<string, unknown> = {}, sessionId?: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      lastId += 1;
      waiting.set(lastId, { resolve, reject });
      socket.send(JSON.stringify({ id: lastId, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  try {
    const { targetId } = await send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
    await send("Network.clearBrowserCache", {}, String(sessionId));
    await send("Target.closeTarget", { targetId });
  } finally {
    socket.close();
  }
}

/** One Lighthouse run; a run that fails to record its trace, as happens now and then, is tried again. */
export async function lighthouseRun(
  url: string,
  port: number,
  expectError: boolean,
  mode: Mode,
  attempt = 1,
): Promise<Lhr> {
  if (mode === "workspace") await clearHttpCache(port);
  const result = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...categories],
      // The 404 page is meant to answer 404; without this Lighthouse refuses to score it.
      ignoreStatusCode: expectError,
      // Lighthouse clears the origin's storage first by default, which would sign the workspace out.
      disableStorageReset: mode === "workspace",
    },
    mode === "workspace"
      ? workspaceConfig
      : expectError
        ? notFoundConfig(new URL(url).pathname)
        : isNoindexPage(url)
          ? noindexConfig
          : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const steps = simulatedLargestPaint();
  const lhr = result.lhr as unknown as Lhr & {
    runtimeError?: { message: string };
    finalDisplayedUrl?: string;
  };
  if (lhr.runtimeError) {
    if (attempt < 3) return lighthouseRun(url, port, expectError, mode, attempt + 1);
    throw new Error(`Lighthouse failed on ${url} three times: ${lhr.runtimeError.message}`);
  }
  // A workspace page that sent Lighthouse to sign in would score the sign-in page instead.
  if (
    mode === "workspace" &&
    lhr.finalDisplayedUrl &&
    new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname
  ) {
    throw new Error(`Lighthouse was sent from ${url} to ${lhr.finalDisplayedUrl}: the session did not hold`);
  }
  paintPaths.set(lhr, describePaintPath(steps));
  return lhr;
}

/** What each run's largest paint waited for in Lighthouse's simulation (describePaintPath). */
const paintPaths = new WeakMap<Lhr, string>();

type SimulatedNode = {
  type: string;
  request?: { url: string; transferSize: number };
};

/**
 * The steps of the run just scored that its simulated largest paint (the optimistic estimate, the one
 * that holds only what the paint needs) was made of: Lighthouse keeps each simulation's timings under its
 * label until the next run replaces them.
 */
function simulatedLargestPaint(): SimulatedStep[] {
  const all = (
    Lantern as unknown as {
      Simulation: {
        Simulator: {
          allNodeTimings: Map<string, Map<SimulatedNode, { startTime: number; endTime: number }>>;
        };
      };
    }
  ).Simulation.Simulator.allNodeTimings;
  const timings = all.get("optimisticLargestContentfulPaint");
  if (!timings) return [];
  return [...timings].map(([node, timing]) =>
    node.type === "network" && node.request
      ? {
          kind: "network" as const,
          url: node.request.url,
          bytes: node.request.transferSize,
          startMs: timing.startTime,
          endMs: timing.endTime,
        }
      : { kind: "cpu" as const, startMs: timing.startTime, endMs: timing.endTime },
  );
}

function summaryItem(lhr: Lhr, type: string) {
  return lhr.audits["resource-summary"]?.details?.items?.find((item) => item.resourceType === type);
}

/** The element Lighthouse names as the largest paint: the first node in its LCP breakdown. */
export function lcpElement(lhr: Lhr): string {
  const found: string[] = [];
  JSON.stringify(lhr.audits["lcp-breakdown-insight"]?.details ?? {}, (key, value) => {
    if (key === "" || typeof value !== "object" || value === null) return value;
    if (value.type === "node" && typeof value.snippet === "string") found.push(value.snippet);
    return value;
  });
  return found[0] ?? "(none named)";
}

function failingAudits(lhr: Lhr): string[] {
  return Object.entries(lhr.audits)
    .filter(
      ([, audit]) =>
        audit.score !== null &&
        audit.score < 1 &&
        (audit.scoreDisplayMode === "binary" || audit.scoreDisplayMode === "metricSavings"),
    )
    .map(([id]) => id);
}

async function auditRoute(
  origin: string,
  route: string,
  runs: number,
  chromePort: number,
  axeViolations: string[],
  mode: Mode = "public",
): Promise<RouteResult> {
  const url = `${origin}${route}`;
  const reports: Lhr[] = [];
  for (let i = 0; i < runs; i += 1)
    reports.push(await lighthouseRun(url, chromePort, route === notFoundPath, mode));
  const metric = (id: string) => median(reports.map((lhr) => lhr.audits[id]?.numericValue ?? Number.NaN));
  const scores = Object.fromEntries(
    categories.map((category) => [
      category,
      Math.round(median(reports.map((lhr) => (lhr.categories[category]?.score ?? 0) * 100))),
    ]),
  ) as Record<Category, number>;
  // The run whose performance score is the median stands for the route's failing audits.
  const byPerformance = [...reports].sort(
    (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
  );
  const middle = byPerformance[Math.floor(byPerformance.length / 2)] as Lhr;
  return {
    route: routeLabel(route),
    runs,
    scores,
    lcpMs: metric("largest-contentful-paint"),
    fcpMs: metric("first-contentful-paint"),
    lateLargestPaints: reports.filter((lhr) =>
      paintedLater(lhr.audits.metrics?.details?.items?.[0] as ObservedPaints | undefined),
    ).length,
    lcpElement: lcpElement(middle),
    lcpPath: paintPaths.get(middle) ?? "",
    tbtMs: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    scriptBytes: median(reports.map((lhr) => summaryItem(lhr, "script")?.transferSize ?? 0)),
    totalBytes: median(reports.map((lhr) => summaryItem(lhr, "total")?.transferSize ?? 0)),
    requests: median(reports.map((lhr) => summaryItem(lhr, "total")?.requestCount ?? 0)),
    axeViolations,
    failingAudits: failingAudits(middle),
  };
}

/** The ids of the WCAG 2.2 AA rules axe-core finds broken on the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return results.violations.map((violation) => violation.id);
}

/** axe-core on every route, in Debian's Chromium, after hydration; keyed by the route's label (routeLabel). */
async function axeAll(origin: string, routes: string[]): Promise<Map<string, string[]>> {
  const browser = await playwrightChromium.launch(chromiumSettings);
  const found = new Map<string, string[]>();
  try {
    const page = await (await browser.newContext()).newPage();
    for (const route of routes) {
      await page.goto(`${origin}${route}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      found.set(routeLabel(route), await axeViolations(page));
    }
  } finally {
    await browser.close();
  }
  return found;
}

/** Writes one open vacancy, as staff would publish it, into a fresh database; returns its page's path. */
async function seedVacancy(databaseUrl: string): Promise<{ path: string; reference: string }> {
  const db = openDatabase(databaseUrl);
  await migrate(db);
  const saved = await createVacancies({ db }).save(
    null,
    {
      title: "Warehouse Operative, nights",
      service: "warehouse",
      location: "Trafford Park, Manchester",
      postcode: "M17 1AA",
      employmentType: "TEMPORARY",
      payFrom: 12.21,
      payTo: 13.5,
      payPeriod: "HOUR",
      hours: "Nights, 4 on 4 off",
      description:
        "Picking and packing orders for a busy grocery distribution centre.\n\nWhat you will do:\n- Pick orders with a handheld scanner\n- Load and unload deliveries safely\n- Keep your area clean and clear",
      closesOn: londonDate(Date.now() + 30 * 24 * 60 * 60 * 1000),
    },
    "publish",
    null,
  );
  await db.close();
  if (!saved.ok) throw new Error(saved.problem);
  return { path: vacancyPath(saved.vacancy.slug), reference: saved.vacancy.reference };
}

/** Leads in the database the workspace is scored with. */
export const workspaceLeads = 20_000;

/**
 * Fills the database for the workspace: an administrator invited as `npm run staff -- invite` does it
 * (resolves to the invitation's path), two colleagues, and 20,000 sample leads shared between them.
 */
async function seedWorkspace(databaseUrl: string, vacancy: string): Promise<string> {
  const db = openDatabase(databaseUrl);
  try {
    await migrate(db);
    const now = Date.now();
    const { token, staffId } = await invite(
      db,
      { email: "audit@cottonopolis.example", name: "Alex Morgan", admin: true },
      now,
    );
    // Only someone new gets a link back; the audit's database is always a fresh one.
    if (token === null) throw new Error("The audit's administrator already had an account.");
    const owners = [staffId];
    for (const [email, name] of [
      ["priya.shah@cottonopolis.example", "Priya Shah"],
      ["tomasz.nowak@cottonopolis.example", "Tomasz Nowak"],
    ] as const) {
      owners.push((await invite(db, { email, name }, now)).staffId);
    }
    await addSampleLeads(db, { count: workspaceLeads, now, owners, vacancies: [vacancy] });
    return invitationPath(token);
  } finally {
    await db.close();
  }
}

/**
 * Signs in to the workspace in the Chromium Lighthouse drives, as a person would: a passkey device (a
 * virtual authenticator on the CDP WebAuthn domain), the invitation's page, Create passkey. The session
 * cookie stays in that browser's profile. Then runs axe-core on the workspace's pages, signed in, and
 * resolves to the violations on each.
 */
async function signInAndCheck(
  chromePort: number,
  origin: string,
  invitation: string,
  routes: string[],
): Promise<Map<string, string[]>> {
  const browser = await playwrightChromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  const found = new Map<string, string[]>();
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("Chromium has no default browser context");
    const page = await context.newPage();
    await addVirtualAuthenticator(page);
    await page.goto(`${origin}${invitation}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByRole("button", { name: "Create passkey" }).click();
    await page.waitForURL(`${origin}/staff`);
    for (const route of routes) {
      await page.goto(`${origin}${route}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      if (new URL(page.url()).pathname !== route)
        throw new Error(`${route} sent the signed-in browser to ${page.url()}`);
      found.set(route, await axeViolations(page));
    }
    await page.close();
  } finally {
    // Lets go of the browser; Chromium itself goes on running for Lighthouse.
    await browser.close();
  }
  return found;
}

/** How many leads the database holds. */
async function countLeads(databaseUrl: string): Promise<number> {
  const db = openDatabase(databaseUrl);
  try {
    const [row] = await db.all<{ n: number }>(
      "SELECT (SELECT COUNT(*) FROM enquiries) + (SELECT COUNT(*) FROM applications) AS n",
    );
    return Number(row?.n ?? 0);
  } finally {
    await db.close();
  }
}

/** The workspace's pages to score: the inbox, the newest lead's page, analytics, the team, interviews and the pool. */
async function workspaceRoutes(databaseUrl: string): Promise<string[]> {
  const db = openDatabase(databaseUrl);
  try {
    const [newest] = await db.all<{ reference: string }>(
      "SELECT reference FROM enquiries WHERE status <> 'spam' ORDER BY created_at DESC LIMIT 1",
    );
    if (!newest) throw new Error("The workspace's database has no enquiry");
    return [
      "/staff",
      leadPath(newest.reference),
      "/staff/analytics",
      "/staff/team",
      "/staff/interviews",
      "/staff/pool",
    ];
  } finally {
    await db.close();
  }
}

/**
 * For --published: publishes a changed accreditation through `npm run content -- import`, as staff would
 * through the workspace, and waits until the pages that show it are drawn from the database (decision 029),
 * so the pages scored are those served after a publication, not the build's files.
 */
async function publishBeforeScoring(origin: string, dataDir: string, databaseUrl: string) {
  const { changedAccreditationFile } = await import("./bench-content.ts");
  const { contentFileFormat } = await import("../server/content/content.ts");
  const { accreditations } = await import("#core/config/accreditations.ts");
  const { contentKey } = await import("#core/content/model.ts");
  const sia = accreditations[0];
  if (!sia) throw new Error("The shipped content lists no accreditation");
  const number = `AUDIT-${Date.now().toString(36).toUpperCase()}`;
  const file = path.join(dataDir, "published-content.json");
  writeFileSync(
    file,
    JSON.stringify(changedAccreditationFile(contentFileFormat, contentKey(sia.scheme), { ...sia }, number)),
  );
  const imported = spawn(process.execPath, ["scripts/content.ts", "import", file], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: "error" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const [code] = await once(imported, "exit");
  if (code !== 0) throw new Error(`npm run content -- import exited with ${code}`);
  // Drawn pages have neither a nonce nor the file's Last-Modified, and carry the new number.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await fetch(`${origin}/services/security-officers`);
    const body = await response.text();
    const drawn =
      !response.headers.get("last-modified") &&
      !response.headers.get("content-security-policy")?.includes("nonce-");
    if (drawn && body.includes(number)) break;
    if (Date.now() > deadline) throw new Error("The pages were not drawn from the publication within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  process.stdout.write(
    `Published accreditation number ${number}: scoring the pages drawn from the database.\n`,
  );
}

async function main() {
  const args = process.argv.slice(2);
  const runs = Number(args.find((arg) => arg.startsWith("--runs="))?.slice(7) ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be a whole number of at least 1");
  const only = args
    .find((arg) => arg.startsWith("--only="))
    ?.slice(7)
    .split(",");
  // Both parts unless one is asked for alone.
  const doPublic = args.includes("--public") || !args.includes("--workspace");
  const doWorkspace = args.includes("--workspace") || !args.includes("--public");

  if (!args.includes("--skip-build")) await run("npm", ["run", "build"]);
  // A database of its own with one open vacancy, so the vacancy list and a vacancy's page are scored too,
  // and, for the workspace, its team and leads.
  const dataDir = mkdtempSync(path.join(tmpdir(), "audit-"));
  process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = path.join(dataDir, "site.sqlite");
  const sample = await seedVacancy(databaseUrl);
  // The server's keys, made now as its first start would make them, sign the links to the pages below.
  const secret = prepareKeys(dataDir);
  let invitation = "";
  let staffRoutes: string[] = [];
  if (doWorkspace) {
    process.stdout.write(`Adding ${workspaceLeads} sample leads for the workspace...\n`);
    invitation = await seedWorkspace(databaseUrl, sample.reference);
    staffRoutes = await workspaceRoutes(databaseUrl);
  }
  const port = await freePort();
  const server = await startServer(port, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  const origin = `http://127.0.0.1:${port}`;
  if (args.includes("--published")) await publishBeforeScoring(origin, dataDir, databaseUrl);
  // A passkey needs a domain: the workspace is used, and scored, at localhost.
  const staffOrigin = `http://localhost:${port}`;
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumSettings.executablePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", ...chromiumSettings.args],
  });
  const results: RouteResult[] = [];
  const staffResults: RouteResult[] = [];
  try {
    if (doPublic) {
      // Every page a visitor can reach: the listed ones, the vacancies, the job alerts' sign-up, the
      // pages behind the signed links in our e-mails (seeded through the server's own forms), the 404.
      const linked = await signedLinkPages(origin, databaseUrl, secret);
      const all = [...publicPages, vacanciesPath, sample.path, alertPaths.signUp, ...linked, notFoundPath];
      // --only names paths; a signed-link page is found by its path, with its link.
      const routes = only
        ? only.map((wanted) => all.find((route) => route.split("?")[0] === wanted) ?? wanted)
        : all;
      const axe = await axeAll(origin, routes);
      for (const route of routes) {
        process.stdout.write(`Auditing ${routeLabel(route)} (${runs} runs)...\n`);
        results.push(await auditRoute(origin, route, runs, chrome.port, axe.get(routeLabel(route)) ?? []));
      }
    }
    if (doWorkspace) {
      const axe = await signInAndCheck(chrome.port, staffOrigin, invitation, staffRoutes);
      for (const [audit, why] of Object.entries(workspaceSkippedAudits)) {
        process.stdout.write(`Workspace: Lighthouse's ${audit} audit is skipped: ${why}.\n`);
      }
      for (const route of staffRoutes) {
        process.stdout.write(`Auditing ${route}, signed in, desktop (${runs} runs)...\n`);
        staffResults.push(
          await auditRoute(staffOrigin, route, runs, chrome.port, axe.get(route) ?? [], "workspace"),
        );
      }
    }
    if (doWorkspace) {
      // The server purged at start what the retention rules say is due; every sample lead must still be here.
      const held = await countLeads(databaseUrl);
      process.stdout.write(`Workspace: ${held} leads in the database while it was scored.\n`);
      if (held < workspaceLeads)
        throw new Error(`Only ${held} of the ${workspaceLeads} sample leads were held`);
    }
  } finally {
    chrome.kill();
    server.kill("SIGTERM");
  }

  const failures = [...results, ...staffResults]
    .map((result) => ({ route: result.route, problems: shortcomings(result), audits: result.failingAudits }))
    .filter((entry) => entry.problems.length > 0);
  mkdirSync("reports", { recursive: true });
  writeFileSync(
    "reports/audit.json",
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        runs,
        results,
        workspace: doWorkspace
          ? { leads: workspaceLeads, skippedAudits: workspaceSkippedAudits, results: staffResults }
          : null,
        failures,
      },
      null,
      2,
    )}\n`,
  );
  const notes = failures.map(
    (entry) =>
      `- ${entry.route}: ${entry.problems.join("; ")} (audits losing points: ${entry.audits.join(", ") || "none"})`,
  );
  const sections: string[] = [];
  if (doPublic) {
    sections.push(
      `Public pages: Lighthouse mobile (simulated throttling), median of ${runs} runs per route; axe-core WCAG 2.2 AA. Total blocking time at most ${tbtBudgetMs} ms. On the noindex pages (the job alerts' and the applicant's) Lighthouse's ${Object.entries(
        noindexSkippedAudits,
      )
        .map(([audit, why]) => `${audit} audit is skipped: ${why}`)
        .join("; ")}.`,
      "",
      markdownTable(results),
      "",
      "The largest paint on each route:",
      "",
      lcpElements(results),
      "",
    );
  }
  if (doWorkspace) {
    const skipped = Object.entries(workspaceSkippedAudits).map(([audit, why]) => `${audit} (${why})`);
    sections.push(
      `Staff workspace: Lighthouse desktop, signed in, ${workspaceLeads.toLocaleString("en-GB")} leads in the database, median of ${runs} runs per page; axe-core WCAG 2.2 AA, signed in. Skipped: ${skipped.join(", ")}. Exempt from the public pages' JavaScript budget.`,
      "",
      markdownTable(staffResults),
      "",
    );
  }
  const markdown = [
    "# Site audit",
    "",
    ...sections,
    failures.length === 0 ? "Every route meets the bar." : ["Below the bar:", ...notes].join("\n"),
    "",
  ].join("\n");
  writeFileSync("reports/audit.md", markdown);
  process.stdout.write(`\n${markdown}`);
  process.exitCode = failures.length === 0 ? 0 : 1;
}

if (import.meta.main) {
  await main();
}
