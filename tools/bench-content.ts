// Pages drawn from the database beside the build's files, in one run: `npm run bench:content`.
// Decision 029: after a publication each process draws the public pages again in memory and serves them
// as the files were. This measures what that costs a visitor. Two production servers of this build, each
// on a fresh SQLite file: one as installed, serving the prerendered files; the other after a content
// publication (`npm run content -- import` of an accreditation with a changed number, into its database,
// while it runs), serving its drawing once it is ready (the changed number shown, no per-visit nonce, no
// file's Last-Modified). Then the same public pages are loaded with autocannon, in rounds, each page on
// one server then the other, the order swapped each round, so the machine's other work weighs on both
// alike. Prints a table per page: requests per second and p99 of each, the ratio, the p99's difference,
// and whether it meets the goal (at least 0.8x the files' throughput, p99 within 5 ms). Printed, not
// asserted. Needs the production build (`npm run build`).
//
// BENCH_SECONDS (default 5 per load, after BENCH_WARM_UP_SECONDS, default 1), BENCH_CONNECTIONS
// (default 10), BENCH_ROUNDS (default 3), BENCH_PORT (the first of two ports, default 4381).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The public pages measured: the home page, About and a service page (all show accreditations). */
export const benchedPages = ["/", "/about", "/services/security-officers"] as const;

/** How the page was served. */
export type Source = "file" | "drawn";

/** One load of one page on one server. */
export type Load = { page: string; source: Source; rps: number; p99: number; errors: number; non2xx: number };

/** The goal: the drawn page's throughput at least this share of the file's... */
export const throughputGoal = 0.8;
/** ...and its p99 at most this many milliseconds above the file's. */
export const p99GoalMs = 5;

/** One page's comparison: each source's mean over its loads, the ratio and the p99's difference. */
export type Comparison = {
  page: string;
  loads: number;
  fileRps: number;
  drawnRps: number;
  ratio: number;
  fileP99: number;
  drawnP99: number;
  p99Difference: number;
  failures: number;
  meetsGoal: boolean;
};

const mean = (values: number[]) =>
  values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;

/** Each page's comparison of its drawn loads with its file loads, in the order the pages are given. */
export function compare(pages: readonly string[], loads: readonly Load[]): Comparison[] {
  return pages.map((page) => {
    const of = (source: Source) => loads.filter((load) => load.page === page && load.source === source);
    const files = of("file");
    const drawn = of("drawn");
    const fileRps = mean(files.map((load) => load.rps));
    const drawnRps = mean(drawn.map((load) => load.rps));
    const fileP99 = mean(files.map((load) => load.p99));
    const drawnP99 = mean(drawn.map((load) => load.p99));
    const failures = [...files, ...drawn].reduce((sum, load) => sum + load.errors + load.non2xx, 0);
    const ratio = drawnRps / fileRps;
    const p99Difference = drawnP99 - fileP99;
    return {
      page,
      loads: Math.min(files.length, drawn.length),
      fileRps,
      drawnRps,
      ratio,
      fileP99,
      drawnP99,
      p99Difference,
      failures,
      meetsGoal: failures === 0 && ratio >= throughputGoal && p99Difference <= p99GoalMs,
    };
  });
}

const whole = (value: number) => (Number.isNaN(value) ? "–" : Math.round(value).toLocaleString("en-GB"));
const ms = (value: number) => (Number.isNaN(value) ? "–" : `${value.toFixed(1)} ms`);

/** The comparisons side by side, as a Markdown table. */
export function comparisonTable(comparisons: readonly Comparison[]): string {
  const header =
    "| Page | Files req/s | Drawn req/s | Drawn ÷ files | Files p99 | Drawn p99 | p99 difference | Goal |";
  const rule = "| --- | --: | --: | --: | --: | --: | --: | --- |";
  const rows = comparisons.map((row) => {
    const failed = row.failures === 0 ? "" : ` (${row.failures} failed requests)`;
    const sign = row.p99Difference > 0 ? "+" : "";
    return `| ${row.page} | ${whole(row.fileRps)} | ${whole(row.drawnRps)} | ${Number.isNaN(row.ratio) ? "–" : `${row.ratio.toFixed(2)}x`} | ${ms(row.fileP99)} | ${ms(row.drawnP99)} | ${sign}${ms(row.p99Difference)} | ${row.meetsGoal ? "met" : "not met"}${failed} |`;
  });
  return [header, rule, ...rows].join("\n");
}

/** The published content's file for `npm run content -- import`: one accreditation with its number changed. */
export function changedAccreditationFile(
  format: string,
  key: string,
  accreditation: Record<string, unknown>,
  number: string,
): { format: string; items: { kind: "accreditation"; key: string; body: unknown }[] } {
  return { format, items: [{ kind: "accreditation", key, body: { ...accreditation, number } }] };
}

// --- Everything below starts the servers and loads them. ---

const repoRoot = path.resolve(import.meta.dirname, "..");

type Server = { url: string; databaseUrl: string; stop(): Promise<void> };

/** A production server of this build on a fresh SQLite file of its own; resolves once it answers. */
async function startServer(label: string, port: number): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-content-${label}-`));
  const databaseUrl = path.join(dataDir, "site.sqlite");
  const server: ChildProcess = spawn(process.execPath, ["server/main.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "error",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
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
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`${label}: the server exited with code ${server.exitCode}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, databaseUrl, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`${label}: the server did not answer /healthz within 60 seconds`);
}

/** How a page is served now: the build's file (Last-Modified), a drawing (no nonce), or rendered per visit. */
async function servedAs(url: string): Promise<{ as: "file" | "drawn" | "rendered"; body: string }> {
  const response = await fetch(url);
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  if (response.headers.get("content-security-policy")?.includes("nonce-")) return { as: "rendered", body };
  return { as: response.headers.get("last-modified") ? "file" : "drawn", body };
}

async function main() {
  if (!existsSync(path.join(repoRoot, "build", "server", "index.js"))) {
    console.error("bench:content runs the production server: build it first with `npm run build`.");
    process.exit(1);
  }
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const warmUp = Number(process.env.BENCH_WARM_UP_SECONDS ?? 1);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const firstPort = Number(process.env.BENCH_PORT ?? 4381);
  const autocannon = (await import("autocannon")).default;
  const { contentFileFormat } = await import("../server/content/content.ts");
  const { accreditations } = await import("#core/config/accreditations.ts");
  const { contentKey } = await import("#core/content/model.ts");
  const sia = accreditations[0];
  if (!sia) throw new Error("The shipped content lists no accreditation");

  const servers: Server[] = [];
  const loads: Load[] = [];
  const started = Date.now();
  try {
    const files = await startServer("files", firstPort);
    servers.push(files);
    const drawn = await startServer("drawn", firstPort + 1);
    servers.push(drawn);

    // A publication in the second server's database, as staff or `npm run content -- import` make one.
    const number = `BENCH-${Date.now().toString(36).toUpperCase()}`;
    const file = path.join(mkdtempSync(path.join(tmpdir(), "bench-content-file-")), "content.json");
    writeFileSync(
      file,
      JSON.stringify(changedAccreditationFile(contentFileFormat, contentKey(sia.scheme), { ...sia }, number)),
    );
    execFileSync(process.execPath, ["scripts/content.ts", "import", file], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: drawn.databaseUrl, LOG_LEVEL: "error" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    rmSync(path.dirname(file), { recursive: true, force: true });

    // Each page answers as intended before any load: a file on one, the drawing (with the new number) on the other.
    const deadline = Date.now() + 60_000;
    for (const page of benchedPages) {
      const asFile = await servedAs(`${files.url}${page}`);
      if (asFile.as !== "file") throw new Error(`${page} is not served as a file by the first server`);
      for (;;) {
        const asDrawn = await servedAs(`${drawn.url}${page}`);
        if (asDrawn.as === "drawn" && asDrawn.body.includes(number)) break;
        if (Date.now() > deadline) throw new Error(`${page} was not drawn from the publication within 60 s`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }

    const load = async (page: string, source: Source) => {
      const url = `${source === "file" ? files.url : drawn.url}${page}`;
      const headers = { accept: "text/html", "accept-encoding": "br, gzip" };
      if (warmUp > 0) await autocannon({ url, connections, duration: warmUp, headers });
      const result = await autocannon({ url, connections, duration: seconds, headers });
      loads.push({
        page,
        source,
        rps: result.requests.average,
        p99: result.latency.p99,
        errors: result.errors,
        non2xx: result.non2xx,
      });
    };
    for (let round = 1; round <= rounds; round += 1) {
      const order: Source[] = round % 2 === 1 ? ["file", "drawn"] : ["drawn", "file"];
      for (const page of benchedPages) {
        for (const source of order) {
          process.stdout.write(
            `Round ${round} of ${rounds}: ${page}, ${source === "file" ? "the file" : "drawn"}...\n`,
          );
          await load(page, source);
        }
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }

  console.log(
    `\nThe build's prerendered files beside the pages drawn after a publication: ${connections} connections, ${seconds} s per load after a ${warmUp} s warm-up, ${rounds} rounds (the mean of each), loopback, brotli or gzip accepted.\n`,
  );
  console.log(comparisonTable(compare(benchedPages, loads)));
  console.log(
    `\nGoal: drawn at least ${throughputGoal}x the files' requests per second, p99 within ${p99GoalMs} ms. Took ${Math.round((Date.now() - started) / 1000)} s.`,
  );
}

if (import.meta.main) {
  await main();
}
