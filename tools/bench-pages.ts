// Page speed, this build beside earlier ones, in one run: `npm run bench:pages`.
// Builds this checkout's working tree (`npm run build`, labelled "now") and each git commit named in
// BENCH_BEFORE (comma-separated; default ee8d402), each exported with `git archive` into a temporary
// folder, installed there with its own pinned Node and built, then kept in
// node_modules/.cache/bench-pages/<full sha>/ so the next run reuses it (labelled by its short sha).
// Each build's production server runs on a free loopback port of its own, on a fresh SQLite file (an
// earlier build's from a temporary copy of its folder: Node strips no types under node_modules/).
// Every public page (publicPages in core/seo.ts, this checkout's) is then scored by Lighthouse, with the
// mobile preset and simulated throttling that `npm run audit` uses and a fresh cache each run, in turns:
// each round, each page, each build one after the other, so a machine busy with other work weighs on all
// builds alike. A page an earlier build does not have (404) is reported as missing.
// Per run it records total blocking time, first and largest contentful paint, whether the largest paint
// was the first (as the audit judges a page that paints late), and the scripts' transfer size and number.
// Prints, per page, one row per build: the median TBT (and each run's), median FCP and LCP, in how many
// runs the largest paint was the first, and the median script size. Writes reports/bench-pages.json (every
// run's figures) and reports/bench-pages.md (the tables). Printed, not asserted.
//
// Options: --runs=N (rounds, default 5), --only=/path,/path (those pages only).
// BENCH_BEFORE: the earlier commits, comma-separated (default ee8d402).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { publicPages } from "#core/seo.ts";
import type { Lhr } from "./audit.ts";
import { median, type ObservedPaints, paintedLater } from "./audit-report.ts";

/** One Lighthouse run of one page on one build. */
export type PageRun = {
  tbtMs: number;
  fcpMs: number;
  lcpMs: number;
  /** The browser's largest paint was its first one (the audit's "paints late", the other way round). */
  largestPaintIsFirst: boolean;
  /** Scripts' bytes as transferred (compressed), summed. */
  scriptBytes: number;
  scriptRequests: number;
};

/** Every run of one page on one build; `status` is what the page answered before the runs. */
export type PageRecord = {
  page: string;
  build: string;
  status: number;
  runs: PageRun[];
  /** Runs Lighthouse could not complete, with its message. */
  failures: string[];
};

/** A page a build does not serve: scored in no run, shown as missing. */
export function isMissing(record: PageRecord): boolean {
  return record.status >= 400;
}

/** One row of a page's table: the medians over the runs. */
export type BuildSummary = {
  build: string;
  status: number;
  runs: number;
  tbtMs: number;
  tbtValues: number[];
  fcpMs: number;
  lcpMs: number;
  largestPaintFirst: number;
  scriptBytes: number;
  scriptRequests: number;
  failures: number;
};

/** The figures Lighthouse gave for one run. */
export function pageRun(lhr: Lhr): PageRun {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = lhr.audits["resource-summary"]?.details?.items?.find(
    (item) => item.resourceType === "script",
  );
  // resource-summary's script line; without it, the Script requests in network-requests, summed.
  const scripts = (lhr.audits["network-requests"]?.details?.items ?? []).filter(
    (item) => item.resourceType === "Script",
  );
  return {
    tbtMs: numeric("total-blocking-time"),
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    largestPaintIsFirst: !paintedLater(lhr.audits.metrics?.details?.items?.[0] as ObservedPaints | undefined),
    scriptBytes: summary?.transferSize ?? scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    scriptRequests: summary?.requestCount ?? scripts.length,
  };
}

/** The medians of a page's runs on one build. */
export function summarise(record: PageRecord): BuildSummary {
  const of = (pick: (run: PageRun) => number) => median(record.runs.map(pick));
  return {
    build: record.build,
    status: record.status,
    runs: record.runs.length,
    tbtMs: of((run) => run.tbtMs),
    tbtValues: record.runs.map((run) => run.tbtMs),
    fcpMs: of((run) => run.fcpMs),
    lcpMs: of((run) => run.lcpMs),
    largestPaintFirst: record.runs.filter((run) => run.largestPaintIsFirst).length,
    scriptBytes: of((run) => run.scriptBytes),
    scriptRequests: of((run) => run.scriptRequests),
    failures: record.failures.length,
  };
}

const ms = (value: number) => (Number.isNaN(value) ? "–" : `${Math.round(value)} ms`);

/** One page's table: a row per build, in the order given. */
export function pageTable(records: PageRecord[]): string {
  const header = "| Build | TBT, median (each run) | FCP | LCP | Largest paint is first | Script KiB |";
  const rule = "| --- | --: | --: | --: | --: | --: |";
  const rows = records.map((record) => {
    if (isMissing(record)) return `| ${record.build} | missing (${record.status}) | – | – | – | – |`;
    const s = summarise(record);
    const failed = s.failures === 0 ? "" : ` (${s.failures} ${s.failures === 1 ? "run" : "runs"} failed)`;
    if (s.runs === 0) return `| ${s.build}${failed} | – | – | – | – | – |`;
    const cells = [
      `${s.build}${failed}`,
      `${ms(s.tbtMs)} (${s.tbtValues.map((value) => Math.round(value)).join(", ")})`,
      ms(s.fcpMs),
      ms(s.lcpMs),
      `${s.largestPaintFirst}/${s.runs}`,
      (s.scriptBytes / 1024).toFixed(1),
    ];
    return `| ${cells.join(" | ")} |`;
  });
  return [header, rule, ...rows].join("\n");
}

/** The whole report: a table per page, the pages in the order given, each page's builds in the order given. */
export function markdownReport(
  pages: string[],
  builds: string[],
  records: PageRecord[],
  runs: number,
): string {
  const sections = pages.map((page) => {
    const rows = builds.map(
      (build) =>
        records.find((record) => record.page === page && record.build === build) ?? {
          page,
          build,
          status: 0,
          runs: [],
          failures: [],
        },
    );
    return `## ${page}\n\n${pageTable(rows)}\n`;
  });
  return [
    "# Page speed by build",
    "",
    `Lighthouse mobile preset, simulated throttling, a fresh cache each run; ${runs} ${runs === 1 ? "run" : "runs"} per page and build, taken in turns. Builds: ${builds.join(", ")}.`,
    "",
    ...sections,
  ].join("\n");
}

// --- Everything below drives the builds, servers and browser. ---

/** A build to measure: its label, its commit (null for the working tree) and the folder it is built in. */
type Build = { label: string; commit: string | null; root: string };

const repoRoot = path.resolve(import.meta.dirname, "..");
const cacheRoot = path.join(repoRoot, "node_modules", ".cache", "bench-pages");

function git(args: string[]): string {
  return execFileSync("git", ["-C", repoRoot, ...args], { encoding: "utf8" }).trim();
}

/**
 * An earlier commit, built: from the cache when its folder has build/, else exported into a temporary
 * folder, installed and built there, then moved into the cache. Built outside this checkout, so its build
 * tools find neither this checkout's .gitignore (which ignores node_modules/) nor its node_modules/ above
 * the sources they scan.
 */
async function earlierBuild(commit: string): Promise<Build> {
  const run = (await import("./audit.ts")).run;
  const sha = git(["rev-parse", "--verify", `${commit}^{commit}`]);
  const label = git(["rev-parse", "--short", sha]);
  const cached = path.join(cacheRoot, sha);
  if (existsSync(path.join(cached, "build"))) {
    process.stdout.write(`${label}: the build in the cache is used.\n`);
    return { label, commit: sha, root: cached };
  }
  rmSync(cached, { recursive: true, force: true });
  const dir = mkdtempSync(path.join(tmpdir(), `bench-pages-${label}-`));
  try {
    process.stdout.write(`${label}: exporting, installing and building...\n`);
    execFileSync(
      "bash",
      ["-c", 'set -o pipefail; git -C "$1" archive "$2" | tar -x -C "$3"', "_", repoRoot, sha, dir],
      {
        stdio: "inherit",
      },
    );
    await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--prefix", dir]);
    await run("npm", ["run", "build", "--prefix", dir]);
    mkdirSync(cacheRoot, { recursive: true });
    try {
      renameSync(dir, cached);
    } catch {
      // Another file system: copied instead, symbolic links as they are.
      execFileSync("cp", ["-a", dir, cached]);
      rmSync(dir, { recursive: true, force: true });
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    rmSync(cached, { recursive: true, force: true });
    throw error;
  }
  return { label, commit: sha, root: cached };
}

/**
 * Where a build's server runs from: this checkout itself, or a copy of an earlier build's folder beside its
 * cached node_modules/ (linked, not copied). Node strips TypeScript's types from no file under a
 * node_modules/ folder, and the cache is under this checkout's.
 */
function serverRoot(build: Build): { dir: string; remove(): void } {
  if (build.commit === null) return { dir: build.root, remove() {} };
  const dir = mkdtempSync(path.join(tmpdir(), `bench-pages-${build.label}-`));
  for (const entry of readdirSync(build.root)) {
    if (entry === "node_modules") continue;
    cpSync(path.join(build.root, entry), path.join(dir, entry), { recursive: true, verbatimSymlinks: true });
  }
  symlinkSync(path.join(build.root, "node_modules"), path.join(dir, "node_modules"), "dir");
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A build's production server, on a fresh SQLite file and key folder of its own; resolves once it answers. */
async function startBuildServer(build: Build, port: number): Promise<{ stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-pages-data-${build.label}-`));
  const root = serverRoot(build);
  // Its own pinned Node (the `node` package), as `npm start` there would run it.
  const node = path.join(root.dir, "node_modules", ".bin", "node");
  const server: ChildProcess = spawn(existsSync(node) ? node : process.execPath, ["server/main.ts"], {
    cwd: root.dir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      DATABASE_URL: path.join(dataDir, "site.sqlite"),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = once(server, "exit");
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
    root.remove();
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`${build.label}: the server exited with code ${server.exitCode}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`${build.label}: the server did not answer /healthz within 60 seconds`);
}

async function main() {
  const started = Date.now();
  const args = process.argv.slice(2);
  const runs = Number(args.find((arg) => arg.startsWith("--runs="))?.slice(7) ?? 5);
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be a whole number of at least 1");
  const only = args
    .find((arg) => arg.startsWith("--only="))
    ?.slice(7)
    .split(",")
    .filter(Boolean);
  const pages: string[] = only ?? [...publicPages];
  const before = (process.env.BENCH_BEFORE ?? "ee8d402")
    .split(",")
    .map((commit) => commit.trim())
    .filter(Boolean);

  const { freePort, lighthouseRun, run } = await import("./audit.ts");
  const chromeLauncher = await import("chrome-launcher");
  const { chromium: chromiumSettings } = await import("../playwright.config.ts");

  process.stdout.write("now: building the working tree...\n");
  await run("npm", ["run", "build"]);
  const builds: Build[] = [{ label: "now", commit: null, root: repoRoot }];
  for (const commit of before) builds.push(await earlierBuild(commit));

  const servers: { stop(): Promise<void> }[] = [];
  const origins = new Map<string, string>();
  const records: PageRecord[] = [];
  let chrome: { port: number; kill(): void } | undefined;
  try {
    for (const build of builds) {
      const port = await freePort();
      servers.push(await startBuildServer(build, port));
      origins.set(build.label, `http://127.0.0.1:${port}`);
    }
    // What each page answers on each build; a page a build lacks is not scored there.
    for (const page of pages) {
      for (const build of builds) {
        const response = await fetch(`${origins.get(build.label)}${page}`);
        await response.arrayBuffer();
        records.push({ page, build: build.label, status: response.status, runs: [], failures: [] });
      }
    }
    chrome = await chromeLauncher.launch({
      chromePath: chromiumSettings.executablePath,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", ...chromiumSettings.args],
    });
    for (let round = 1; round <= runs; round += 1) {
      for (const page of pages) {
        for (const build of builds) {
          const record = records.find((entry) => entry.page === page && entry.build === build.label);
          if (!record || isMissing(record)) continue;
          process.stdout.write(`Round ${round} of ${runs}: ${page} on ${build.label}...\n`);
          try {
            record.runs.push(
              pageRun(
                await lighthouseRun(`${origins.get(build.label)}${page}`, chrome.port, false, "public"),
              ),
            );
          } catch (error) {
            record.failures.push(error instanceof Error ? error.message : String(error));
          }
        }
      }
    }
  } finally {
    chrome?.kill();
    await Promise.all(servers.map((server) => server.stop()));
  }

  const labels = builds.map((build) => build.label);
  const markdown = markdownReport(pages, labels, records, runs);
  mkdirSync(path.join(repoRoot, "reports"), { recursive: true });
  writeFileSync(
    path.join(repoRoot, "reports", "bench-pages.json"),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        runs,
        builds: builds.map((build) => ({ label: build.label, commit: build.commit ?? "working tree" })),
        pages,
        records,
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(path.join(repoRoot, "reports", "bench-pages.md"), markdown);
  process.stdout.write(`\n${markdown}\nTook ${Math.round((Date.now() - started) / 1000)} s.\n`);
}

if (import.meta.main) {
  await main();
}
