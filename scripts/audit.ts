/**
 * `npm run audit`: builds the site, serves the production build on a free loopback port, and scores every
 * route with Lighthouse (mobile, simulated throttling; the median of several runs) and axe-core (WCAG 2.2
 * AA). Writes reports/audit.json and reports/audit.md, prints the table, and exits non-zero when a page
 * falls below 100 in any category (the 404 page is exempt from SEO, which marks down every non-200 page)
 * or has an accessibility violation.
 *
 * Options: --runs=N (default 3), --skip-build (audit the build already in build/), --only=/path,/path.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { chromium as playwrightChromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { publicPages } from "../app/lib/seo.ts";
import { londonDate, vacanciesPath, vacancyPath } from "../app/lib/vacancies/model.ts";
import { chromium as chromiumSettings } from "../playwright.config.ts";
import { openDatabase } from "../server/db/database.ts";
import { migrate } from "../server/db/migrate.ts";
import { createVacancies } from "../server/vacancies/vacancies.ts";
import {
  type Category,
  categories,
  lcpElements,
  markdownTable,
  median,
  notFoundPath,
  type RouteResult,
  shortcomings,
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

type Lhr = {
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

/** One Lighthouse run; a run that fails to record its trace, as happens now and then, is tried again. */
async function lighthouseRun(url: string, port: number, expectError: boolean, attempt = 1): Promise<Lhr> {
  const result = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...categories],
      // The 404 page is meant to answer 404; without this Lighthouse refuses to score it.
      ignoreStatusCode: expectError,
    },
    expectError ? notFoundConfig(new URL(url).pathname) : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr as unknown as Lhr & { runtimeError?: { message: string } };
  if (lhr.runtimeError) {
    if (attempt < 3) return lighthouseRun(url, port, expectError, attempt + 1);
    throw new Error(`Lighthouse failed on ${url} three times: ${lhr.runtimeError.message}`);
  }
  return lhr;
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
): Promise<RouteResult> {
  const url = `${origin}${route}`;
  const reports: Lhr[] = [];
  for (let i = 0; i < runs; i += 1)
    reports.push(await lighthouseRun(url, chromePort, route === notFoundPath));
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
    route,
    runs,
    scores,
    lcpMs: metric("largest-contentful-paint"),
    fcpMs: metric("first-contentful-paint"),
    lateLargestPaints: reports.filter(
      (lhr) =>
        (lhr.audits["largest-contentful-paint"]?.numericValue ?? 0) >
        (lhr.audits["first-contentful-paint"]?.numericValue ?? 0),
    ).length,
    lcpElement: lcpElement(middle),
    tbtMs: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    scriptBytes: median(reports.map((lhr) => summaryItem(lhr, "script")?.transferSize ?? 0)),
    totalBytes: median(reports.map((lhr) => summaryItem(lhr, "total")?.transferSize ?? 0)),
    requests: median(reports.map((lhr) => summaryItem(lhr, "total")?.requestCount ?? 0)),
    axeViolations,
    failingAudits: failingAudits(middle),
  };
}

/** axe-core on every route, in Debian's Chromium, after hydration. */
async function axeAll(origin: string, routes: string[]): Promise<Map<string, string[]>> {
  const browser = await playwrightChromium.launch(chromiumSettings);
  const found = new Map<string, string[]>();
  try {
    const page = await (await browser.newContext()).newPage();
    for (const route of routes) {
      await page.goto(`${origin}${route}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
        .analyze();
      found.set(
        route,
        results.violations.map((violation) => violation.id),
      );
    }
  } finally {
    await browser.close();
  }
  return found;
}

/** Writes one open vacancy, as staff would publish it, into a fresh database; returns its page's path. */
async function seedVacancy(databaseUrl: string): Promise<string> {
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
  return vacancyPath(saved.vacancy.slug);
}

async function main() {
  const args = process.argv.slice(2);
  const runs = Number(args.find((arg) => arg.startsWith("--runs="))?.slice(7) ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be a whole number of at least 1");
  const only = args
    .find((arg) => arg.startsWith("--only="))
    ?.slice(7)
    .split(",");

  if (!args.includes("--skip-build")) await run("npm", ["run", "build"]);
  // A database of its own with one open vacancy, so the vacancy list and a vacancy's page are scored too.
  const dataDir = mkdtempSync(path.join(tmpdir(), "audit-"));
  const sample = await seedVacancy(path.join(dataDir, "site.sqlite"));
  const routes = only ?? [...publicPages, vacanciesPath, sample, notFoundPath];
  const port = await freePort();
  const server = await startServer(port, {
    DATA_DIR: dataDir,
    DATABASE_URL: path.join(dataDir, "site.sqlite"),
  });
  process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
  const origin = `http://127.0.0.1:${port}`;
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumSettings.executablePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", ...chromiumSettings.args],
  });
  const results: RouteResult[] = [];
  try {
    const axe = await axeAll(origin, routes);
    for (const route of routes) {
      process.stdout.write(`Auditing ${route} (${runs} runs)...\n`);
      results.push(await auditRoute(origin, route, runs, chrome.port, axe.get(route) ?? []));
    }
  } finally {
    chrome.kill();
    server.kill("SIGTERM");
  }

  const table = markdownTable(results);
  const failures = results
    .map((result) => ({ route: result.route, problems: shortcomings(result), audits: result.failingAudits }))
    .filter((entry) => entry.problems.length > 0);
  mkdirSync("reports", { recursive: true });
  writeFileSync(
    "reports/audit.json",
    `${JSON.stringify({ date: new Date().toISOString(), runs, results, failures }, null, 2)}\n`,
  );
  const notes = failures.map(
    (entry) =>
      `- ${entry.route}: ${entry.problems.join("; ")} (audits losing points: ${entry.audits.join(", ") || "none"})`,
  );
  const markdown = [
    "# Site audit",
    "",
    `Lighthouse mobile (simulated throttling), median of ${runs} runs per route; axe-core WCAG 2.2 AA.`,
    "",
    table,
    "",
    "The largest paint on each route:",
    "",
    lcpElements(results),
    "",
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
