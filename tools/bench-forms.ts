// Load test for the two form endpoints: `npm run bench:forms`.
// Runs, on loopback and in one go: a bare node:http endpoint that only parses the same JSON,
// a durable floor on SQLite (the same, plus one INSERT committed before the reply, with the same group
// commit), then the real contact and careers handlers on SQLite, and on PostgreSQL when it answers,
// beside PostgreSQL's own durable floor (one INSERT committed through the same pool), and prints
// requests per second, p50/p99 latency and each one's ratio to the bare endpoint and to its floor.
// Then: contact on SQLite with the old synchronous=NORMAL beside the durable FULL, both endpoints
// at 100 concurrent connections with the durable setting, and the server's peak memory while 20
// clients each upload a 5 MB CV at once. Then where a contact post's time goes on each database
// (server/observability/profile.ts, turned on in the server process of a short extra run). With BENCH_BEFORE, the
// floors, contact and careers on an earlier checkout and on this one, one right after the other.
import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import autocannon from "autocannon";
import express from "express";
import pg from "pg";
import { pino } from "pino";
import type { PhaseTotal } from "../server/observability/profile.ts";
import { applicationFields, samples, validEnquiry } from "../tests/support/harness.ts";

const duration = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
// Each endpoint is first loaded, unmeasured, for this long, so every server is measured warm (JIT, caches).
const warmUp = Number(process.env.BENCH_WARM_UP_SECONDS ?? 2);
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const basePort = Number(process.env.BENCH_PORT ?? 4370);
const ports = { bare: basePort, sqlite: basePort + 1, postgres: basePort + 2, floor: basePort + 3 };
// BENCH_BEFORE: another checkout of the project (the code before a change). The floors, contact and careers
// are then measured on it and on this one, one after the other, in the same run.
const beforeRoot = process.env.BENCH_BEFORE ? path.resolve(process.env.BENCH_BEFORE) : null;
// BENCH_COMPARE_ONLY=1: only that comparison and the profiles, not the rest of the suite.
// BENCH_ROUNDS: how many times the comparison is run (each side's median run is shown).
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const compareOnly = process.env.BENCH_COMPARE_ONLY === "1";
// Where a server process takes the server's code from (set for it by spawnServer).
const codeRoot = process.env.BENCH_CODE_ROOT ?? path.resolve(import.meta.dirname, "..");
const manyConnections = 100;
/** How long the profiled runs load the server (after the same warm-up). */
const profileSeconds = Number(process.env.BENCH_PROFILE_SECONDS ?? 3);
const uploaders = 20;
const applicationSlotsNote =
  "applications within a budget of about six 5 MB bodies at once (server/leads/handlers.ts), the rest waiting unread";
/** A 5 MB CV: the test PDF padded to the careers form's stated limit. */
const bigCv = Buffer.concat([samples.pdf, Buffer.alloc(5 * 1024 * 1024 - samples.pdf.length, 0x20)]);

// The same valid enquiry and application the lead tests send; a counter keeps each one distinct,
// so none is answered as a repeat of another, and each comes from its own mailbox, as real enquiries
// do (one mailbox is acknowledged only a few times a day, and its submissions count one after another).
let counter = 0;
function enquiry(): string {
  counter++;
  return JSON.stringify(
    validEnquiry({
      email: `aisha.khan.${counter}@example.co.uk`,
      message: `We need an evening office clean, five days a week. Request ${counter}.`,
    }),
  );
}

const boundary = "----benchBoundary7MA4YWxkTrZu0gW";
function application(): string {
  counter++;
  const fields = applicationFields({
    email: `tomasz.${counter}@example.com`,
    address: `${counter} Jersey Street, Manchester M4 6JB`,
  });
  let body = "";
  for (const [name, value] of Object.entries(fields)) {
    body += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  body += `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n${samples.pdf.toString("latin1")}\r\n`;
  return `${body}--${boundary}--\r\n`;
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
}

type Result = {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

async function load(
  name: string,
  url: string,
  contentType: string,
  body: () => string,
  clients = connections,
): Promise<Result> {
  // The same settings for every endpoint: connections, duration and warm-up.
  const run = (seconds: number) =>
    autocannon({
      url,
      method: "POST",
      connections: clients,
      duration: seconds,
      headers: { "content-type": contentType, accept: "application/json" },
      requests: [{ setupRequest: (request) => ({ ...request, body: body() }) }],
    });
  if (warmUp > 0) await run(warmUp);
  const result = await run(duration);
  return {
    name,
    connections: clients,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

// The yardstick: read the body, parse the JSON, answer JSON. Nothing stored.
const bare = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const data = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { firstName: string };
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ success: true, message: `Thank you, ${data.firstName}!` }));
  });
});

/**
 * The durable floor: the bare endpoint plus the least a stored lead can cost here. Each body is inserted
 * as one row of a one-table SQLite file (WAL, synchronous=FULL) and answered after its commit, with the
 * group commit the real store uses (every request of one event-loop turn in one transaction). What the
 * real handler costs beyond this is its own work: validation, the rate limit, duplicate detection, three
 * rows and their indexes.
 */
function floorServer(file: string): Server {
  const db = new DatabaseSync(file);
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = FULL");
  db.exec(
    "CREATE TABLE IF NOT EXISTS leads (id INTEGER PRIMARY KEY, body TEXT NOT NULL, created_at INTEGER NOT NULL)",
  );
  const insert = db.prepare("INSERT INTO leads (body, created_at) VALUES (?, ?)");
  const begin = db.prepare("BEGIN IMMEDIATE");
  const commit = db.prepare("COMMIT");
  let waiting: { raw: string; answer: () => void }[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    begin.run();
    for (const job of batch) insert.run(job.raw, Date.now());
    commit.run();
    for (const job of batch) job.answer();
  };
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const data = JSON.parse(raw) as { firstName: string };
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({
        raw,
        answer: () => {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify({ success: true, message: `Thank you, ${data.firstName}!` }));
        },
      });
    });
  });
}

/**
 * The durable floor on PostgreSQL: the bare endpoint plus one INSERT committed before the reply,
 * through the same database layer and connection pool the real handlers use (openDatabase).
 */
async function postgresFloorServer(url: string, schema: string): Promise<Server> {
  const { openDatabase } = (await import(
    `${codeRoot}/server/db/database.ts`
  )) as typeof import("../server/db/database.ts");
  const db = openDatabase(url, { schema });
  await db.exec(
    "CREATE TABLE IF NOT EXISTS floor_leads (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, body TEXT NOT NULL, created_at BIGINT NOT NULL)",
  );
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const data = JSON.parse(raw) as { firstName: string };
      db.run("INSERT INTO floor_leads (body, created_at) VALUES (?, ?)", [raw, Date.now()]).then(
        () => {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify({ success: true, message: `Thank you, ${data.firstName}!` }));
        },
        () => {
          res.writeHead(503, { "content-type": "application/json" });
          res.end(JSON.stringify({ success: false, message: "Not saved." }));
        },
      );
    });
  });
  process.on("SIGTERM", () => {
    server.closeAllConnections();
    server.close(() => void db.close().then(() => process.exit(0)));
  });
  return server;
}

async function startLeads(
  databaseUrl: string,
  dataDir: string,
  schema: string | undefined,
  synchronous: "FULL" | "NORMAL",
) {
  const { parseEnv } = (await import(`${codeRoot}/server/env.ts`)) as typeof import("../server/env.ts");
  const { createServices } = (await import(
    `${codeRoot}/server/services.ts`
  )) as typeof import("../server/services.ts");
  const env = parseEnv({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    CONTACT_RATE_LIMIT: "100000000",
    CAREERS_RATE_LIMIT: "100000000",
  });
  const services = await createServices(env, pino({ level: "silent" }), {
    ...(schema ? { schema } : {}),
    synchronous,
  });
  const app = express();
  app.disable("x-powered-by");
  app.use(services.leads);
  process.on("SIGTERM", () => {
    server.closeAllConnections();
    server.close(() => void services.close().then(() => process.exit(0)));
  });
  const server = createServer(app);
  return { services, server };
}

async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

// Each server runs in its own process, as in production, so the load generator does not share its CPU.
const role = process.argv[2];
if (role === "bare") {
  await listen(bare, ports.bare);
  process.send?.("ready");
} else if (role === "floor") {
  await listen(floorServer(process.argv[3] ?? ""), ports.floor);
  process.send?.("ready");
} else if (role === "postgres-floor") {
  await listen(await postgresFloorServer(process.argv[3] ?? "", process.argv[4] ?? ""), ports.floor);
  process.send?.("ready");
} else if (role === "leads") {
  const [, , , databaseUrl = "", dataDir = "", port = "0", synchronous = "FULL", schema] = process.argv;
  const { server } = await startLeads(
    databaseUrl,
    dataDir,
    schema,
    synchronous === "NORMAL" ? "NORMAL" : "FULL",
  );
  await listen(server, Number(port));
  // Profiled runs time each phase of every request from here on (server/observability/profile.ts); the parent asks
  // for the totals with "profile".
  const profile =
    process.env.BENCH_PROFILE === "1" ? await import(`${codeRoot}/server/observability/profile.ts`) : null;
  profile?.startProfiling();
  process.on("message", (message: string) => {
    if (message === "profile") {
      const cpu = process.cpuUsage();
      process.send?.({ profile: profile?.takeProfile() ?? [], cpuMs: (cpu.user + cpu.system) / 1000 });
    }
  });
  // The parent asks for this process's peak resident memory, and may first reset the peak to the current
  // size (Linux: clear_refs 5), so the peak it reads next is that of what happened since.
  process.on("message", (message: string) => {
    if (message === "profile") return;
    if (message === "reset-peak") {
      try {
        writeFileSync("/proc/self/clear_refs", "5");
      } catch {
        // Elsewhere the peak since start is all there is.
      }
      process.send?.({ peakRssBytes: 0 });
      return;
    }
    let peak = process.resourceUsage().maxRSS * 1024;
    try {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
      if (hwm?.[1]) peak = Number(hwm[1]) * 1024;
    } catch {
      // Not Linux: maxRSS, the peak since start.
    }
    process.send?.({ peakRssBytes: peak, rssBytes: process.memoryUsage().rss });
  });
  process.send?.("ready");
} else {
  await runAll();
}

function spawnServer(
  args: string[],
  options: { root?: string; profile?: boolean } = {},
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const env = {
      ...process.env,
      BENCH_CODE_ROOT: options.root ?? codeRoot,
      BENCH_PROFILE: options.profile ? "1" : "0",
    };
    const child = fork(new URL(import.meta.url).pathname, args, { stdio: "inherit", env });
    child.once("message", () => resolve(child));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners("exit");
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** Asks the server process for its peak resident memory (or to reset it to the current size). */
function peakRss(child: ChildProcess, request = "peak-rss"): Promise<number> {
  return new Promise((resolve) => {
    child.once("message", (message: { peakRssBytes: number }) => resolve(message.peakRssBytes));
    child.send(request);
  });
}

type UploadResult = { name: string; idlePeak: number; uploadPeak: number; ok: number; seconds: number };

/**
 * Starts a fresh server, sends one upload to warm it, notes its peak memory, then has 20 clients
 * each upload a 5 MB CV at the same moment and notes the peak again.
 */
async function uploadPeak(name: string, args: string[], port: number): Promise<UploadResult> {
  const child = await spawnServer(args);
  const url = `http://127.0.0.1:${port}/careers-handler.php`;
  const upload = async () => {
    counter++;
    const form = new FormData();
    for (const [field, value] of Object.entries(
      applicationFields({ email: `tomasz.${counter}@example.com` }),
    )) {
      form.append(field, value);
    }
    form.append("resume", new Blob([new Uint8Array(bigCv)], { type: "application/pdf" }), "cv.pdf");
    const response = await fetch(url, {
      method: "POST",
      body: form,
      headers: { accept: "application/json" },
    });
    await response.arrayBuffer();
    return response.status;
  };
  try {
    await upload();
    await peakRss(child, "reset-peak");
    const idlePeak = await peakRss(child);
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: uploaders }, upload));
    const seconds = (performance.now() - started) / 1000;
    const uploadPeak = await peakRss(child);
    return { name, idlePeak, uploadPeak, ok: statuses.filter((s) => s === 200).length, seconds };
  } finally {
    await stop(child);
  }
}

/** A profiled run: each phase's totals, and the server process's own CPU time over the run. */
type Profile = { name: string; posts: number; seconds: number; cpuMs: number; phases: PhaseTotal[] };
type Comparison = { name: string; before: Result; after: Result };

/** The run with the median throughput (of an even number, the lower middle one). */
function median(results: Result[]): Result {
  const sorted = [...results].sort((a, b) => a.rps - b.rps);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error("No runs to take the median of");
  return middle;
}

async function runAll() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-forms-"));
  const results: Result[] = [];
  const synchronous: Result[] = [];
  const crowded: Result[] = [];
  const uploads: UploadResult[] = [];
  const profiles: Profile[] = [];
  const comparisons: Comparison[] = [];
  let baseline = 0;
  let files = 0;
  const sqliteArgs = (file: string, setting: "FULL" | "NORMAL" = "FULL") => [
    "leads",
    path.join(dataDir, file),
    dataDir,
    String(ports.sqlite),
    setting,
  ];
  const contactUrl = (port: number) => `http://127.0.0.1:${port}/contact-handler.php`;
  const careersUrl = (port: number) => `http://127.0.0.1:${port}/careers-handler.php`;
  const floorUrl = `http://127.0.0.1:${ports.floor}/`;
  const multipart = `multipart/form-data; boundary=${boundary}`;
  const postgres = (await postgresAvailable()) ? new pg.Client({ connectionString: postgresUrl }) : null;
  const schemas: string[] = [];
  /** A fresh schema for one PostgreSQL server, dropped at the end. */
  async function freshSchema(): Promise<string> {
    const schema = `bench_${process.pid}_${schemas.length}`;
    await postgres?.query(`CREATE SCHEMA ${schema}`);
    schemas.push(schema);
    return schema;
  }
  const postgresArgs = (schema: string) => [
    "leads",
    postgresUrl,
    dataDir,
    String(ports.postgres),
    "FULL",
    schema,
  ];
  /** Starts a server, loads it once, stops it. */
  async function measure(
    name: string,
    args: string[],
    url: string,
    contentType: string,
    body: () => string,
    clients = connections,
    root = codeRoot,
  ): Promise<Result> {
    const server = await spawnServer(args, { root });
    try {
      return await load(name, url, contentType, body, clients);
    } finally {
      await stop(server);
    }
  }
  try {
    await postgres?.connect();
    if (!compareOnly) {
      // The bare endpoint is measured just before and just after contact on SQLite, and the ratio uses
      // the mean of the two, so other work on the machine weighs on both sides of the ratio alike.
      // Only the process under load is running while it is measured.
      const bareUrl = `http://127.0.0.1:${ports.bare}/`;
      const bareBefore = await measure("bare node:http JSON", ["bare"], bareUrl, "application/json", enquiry);
      const contactSqlite = await measure(
        "contact, SQLite",
        sqliteArgs("bench.sqlite"),
        contactUrl(ports.sqlite),
        "application/json",
        enquiry,
      );
      const bareAfter = await measure(
        "bare node:http JSON (again)",
        ["bare"],
        bareUrl,
        "application/json",
        enquiry,
      );
      baseline = (bareBefore.rps + bareAfter.rps) / 2;
      const floorResult = await measure(
        "durable floor, SQLite (bare + one INSERT)",
        ["floor", path.join(dataDir, "floor.sqlite")],
        floorUrl,
        "application/json",
        enquiry,
      );
      results.push(bareBefore, bareAfter, floorResult, contactSqlite);
      results.push(
        await measure(
          "careers, SQLite",
          sqliteArgs("bench.sqlite"),
          careersUrl(ports.sqlite),
          multipart,
          application,
        ),
      );

      // What syncing every commit costs: the old setting and the durable one, each on a fresh file,
      // alternated twice so that the machine's other work weighs on both alike.
      for (const [round, setting] of (["NORMAL", "FULL", "NORMAL", "FULL"] as const).entries()) {
        synchronous.push(
          await measure(
            `contact, SQLite, synchronous=${setting}${setting === "FULL" ? " (now)" : " (before)"}`,
            sqliteArgs(`sync-${round}.sqlite`, setting),
            contactUrl(ports.sqlite),
            "application/json",
            enquiry,
          ),
        );
      }

      crowded.push(
        await measure(
          "durable floor, SQLite (bare + one INSERT)",
          ["floor", path.join(dataDir, "floor-crowd.sqlite")],
          floorUrl,
          "application/json",
          enquiry,
          manyConnections,
        ),
      );
      const sqliteCrowd = await spawnServer(sqliteArgs("crowd.sqlite"));
      crowded.push(
        await load("contact, SQLite", contactUrl(ports.sqlite), "application/json", enquiry, manyConnections),
      );
      crowded.push(
        await load("careers, SQLite", careersUrl(ports.sqlite), multipart, application, manyConnections),
      );
      await stop(sqliteCrowd);

      uploads.push(await uploadPeak("SQLite", sqliteArgs("uploads.sqlite"), ports.sqlite));

      if (postgres) {
        for (const clients of [connections, manyConnections]) {
          const into = clients === connections ? results : crowded;
          into.push(
            await measure(
              "durable floor, PostgreSQL (bare + one INSERT)",
              ["postgres-floor", postgresUrl, await freshSchema()],
              floorUrl,
              "application/json",
              enquiry,
              clients,
            ),
          );
          const server = await spawnServer(postgresArgs(await freshSchema()));
          into.push(
            await load(
              "contact, PostgreSQL",
              contactUrl(ports.postgres),
              "application/json",
              enquiry,
              clients,
            ),
          );
          into.push(
            await load("careers, PostgreSQL", careersUrl(ports.postgres), multipart, application, clients),
          );
          await stop(server);
        }
        uploads.push(await uploadPeak("PostgreSQL", postgresArgs(await freshSchema()), ports.postgres));
      }
    }

    // Where a contact post's time goes, on each database: a short profiled run of this checkout.
    profiles.push(
      await profileOf("contact, SQLite", sqliteArgs(`profile-${files++}.sqlite`), contactUrl(ports.sqlite)),
    );
    if (postgres) {
      profiles.push(
        await profileOf("contact, PostgreSQL", postgresArgs(await freshSchema()), contactUrl(ports.postgres)),
      );
    }

    if (beforeRoot) {
      // Each figure on the earlier checkout and on this one, one right after the other (the order
      // alternating), each on a fresh database, so the machine's other work weighs on both alike.
      type Case = {
        name: string;
        args: () => Promise<string[]>;
        url: string;
        contentType: string;
        body: () => string;
        clients: number;
      };
      const cases: Case[] = [];
      if (postgres) {
        for (const clients of [connections, manyConnections]) {
          cases.push(
            {
              name: "durable floor, PostgreSQL",
              args: async () => ["postgres-floor", postgresUrl, await freshSchema()],
              url: floorUrl,
              contentType: "application/json",
              body: enquiry,
              clients,
            },
            {
              name: "contact, PostgreSQL",
              args: async () => postgresArgs(await freshSchema()),
              url: contactUrl(ports.postgres),
              contentType: "application/json",
              body: enquiry,
              clients,
            },
            {
              name: "careers, PostgreSQL",
              args: async () => postgresArgs(await freshSchema()),
              url: careersUrl(ports.postgres),
              contentType: multipart,
              body: application,
              clients,
            },
          );
        }
      }
      cases.push(
        {
          name: "durable floor, SQLite",
          args: async () => ["floor", path.join(dataDir, `compare-${files++}.sqlite`)],
          url: floorUrl,
          contentType: "application/json",
          body: enquiry,
          clients: connections,
        },
        {
          name: "contact, SQLite",
          args: async () => sqliteArgs(`compare-${files++}.sqlite`),
          url: contactUrl(ports.sqlite),
          contentType: "application/json",
          body: enquiry,
          clients: connections,
        },
      );
      // BENCH_ROUNDS times over (each round in the other order), keeping each side's median run, as the
      // machine's other work can halve a figure for a few seconds.
      const runs = cases.map(() => ({ before: [] as Result[], after: [] as Result[] }));
      for (let round = 0; round < rounds; round++) {
        for (const [i, c] of cases.entries()) {
          const run = async (root: string) =>
            measure(c.name, await c.args(), c.url, c.contentType, c.body, c.clients, root);
          const sides =
            (i + round) % 2 === 0 ? (["before", "after"] as const) : (["after", "before"] as const);
          for (const side of sides)
            runs[i]?.[side].push(await run(side === "before" ? beforeRoot : codeRoot));
        }
      }
      for (const [i, c] of cases.entries()) {
        const { before = [], after = [] } = runs[i] ?? {};
        comparisons.push({ name: c.name, before: median(before), after: median(after) });
      }
    }
  } finally {
    for (const schema of schemas) await postgres?.query(`DROP SCHEMA ${schema} CASCADE`);
    await postgres?.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!compareOnly) {
    report(results, baseline);
    reportSynchronous(synchronous);
    reportCrowded(crowded);
    reportUploads(uploads);
  }
  reportProfiles(profiles);
  reportComparisons(comparisons);
  if (!postgres) console.log(`\nPostgreSQL not reachable at ${postgresUrl}: skipped.`);
}

/** A short run of a server that times each phase of every request; the warm-up is left out. */
async function profileOf(name: string, args: string[], url: string): Promise<Profile> {
  const child = await spawnServer(args, { profile: true });
  const ask = () =>
    new Promise<{ profile: PhaseTotal[]; cpuMs: number }>((resolve) => {
      child.once("message", (message: { profile: PhaseTotal[]; cpuMs: number }) => resolve(message));
      child.send("profile");
    });
  const run = (seconds: number) =>
    autocannon({
      url,
      method: "POST",
      connections,
      duration: seconds,
      headers: { "content-type": "application/json", accept: "application/json" },
      requests: [{ setupRequest: (request) => ({ ...request, body: enquiry() }) }],
    });
  try {
    if (warmUp > 0) await run(warmUp);
    const before = await ask();
    const started = performance.now();
    await run(profileSeconds);
    const seconds = (performance.now() - started) / 1000;
    const { profile: phases, cpuMs } = await ask();
    const posts = phases.find((p) => p.phase.startsWith("post:"))?.count ?? 0;
    return { name, posts, seconds, cpuMs: cpuMs - before.cpuMs, phases };
  } finally {
    await stop(child);
  }
}

function row(r: Result) {
  return {
    endpoint: r.name,
    connections: r.connections,
    "req/s": Math.round(r.rps),
    "p50 ms": r.p50,
    "p99 ms": r.p99,
    "errors/non-2xx": `${r.errors}/${r.non2xx}`,
  };
}

function report(results: Result[], baseline: number) {
  console.log(
    `\n${connections} connections, ${duration} s each after a ${warmUp} s warm-up, loopback, each server in its own process\n`,
  );
  console.table(
    results.map((r) => ({
      endpoint: r.name,
      "req/s": Math.round(r.rps),
      "p50 ms": r.p50,
      "p99 ms": r.p99,
      "vs bare (mean)": `${((r.rps / baseline) * 100).toFixed(0)}%`,
      "errors/non-2xx": `${r.errors}/${r.non2xx}`,
    })),
  );
  const contact = results.find((r) => r.name === "contact, SQLite");
  const floor = results.find((r) => r.name.startsWith("durable floor, SQLite"));
  if (contact) {
    const ratio = contact.rps / baseline;
    console.log(`Contact on SQLite reaches ${(ratio * 100).toFixed(0)}% of the bare endpoint.`);
    if (floor) {
      console.log(
        `The durable floor reaches ${((floor.rps / baseline) * 100).toFixed(0)}% of it; contact reaches ${((contact.rps / floor.rps) * 100).toFixed(0)}% of the floor.`,
      );
    }
  }
  floorRatios(results);
}

function reportSynchronous(results: Result[]) {
  if (results.length === 0) return;
  console.log(
    "\nSQLite: every commit synced (FULL, now) against synced at checkpoints only (NORMAL, before)\n",
  );
  console.table(results.map(row));
  const mean = (setting: string, pick: (r: Result) => number) => {
    const picked = results.filter((r) => r.name.includes(`=${setting}`)).map(pick);
    return picked.reduce((sum, n) => sum + n, 0) / picked.length;
  };
  const before = mean("NORMAL", (r) => r.rps);
  const now = mean("FULL", (r) => r.rps);
  console.log(
    `Syncing every commit keeps ${((now / before) * 100).toFixed(0)}% of the throughput (means of two runs each); p99 goes from ${mean("NORMAL", (r) => r.p99).toFixed(0)} ms to ${mean("FULL", (r) => r.p99).toFixed(0)} ms.`,
  );
}

function reportCrowded(results: Result[]) {
  if (results.length === 0) return;
  console.log(
    `\n${manyConnections} concurrent connections, durable setting, ${duration} s each after a ${warmUp} s warm-up\n`,
  );
  console.table(results.map(row));
  floorRatios(results);
}

/** Each database's contact and careers against that database's durable floor, measured in the same table. */
function floorRatios(results: Result[]) {
  if (!results.some((r) => r.name.startsWith("durable floor"))) return;
  for (const database of ["SQLite", "PostgreSQL"]) {
    const floor = results.find((r) => r.name.startsWith(`durable floor, ${database}`));
    if (!floor) continue;
    for (const kind of ["contact", "careers"]) {
      const result = results.find((r) => r.name === `${kind}, ${database}`);
      if (!result) continue;
      console.log(
        `${kind} on ${database} at ${result.connections} connections: ${((result.rps / floor.rps) * 100).toFixed(0)}% of its durable floor.`,
      );
    }
  }
  console.log(
    "A post does a lead's whole work (rate limit, lead, timeline, routing, acknowledgement, outbox) where a floor inserts one row; the profiles at the end show where the difference goes, and docs/decisions/021 why it stays.",
  );
}

function reportUploads(results: UploadResult[]) {
  if (results.length === 0) return;
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  console.log(`\nPeak server memory (RSS) while ${uploaders} clients each upload a 5 MB CV at once\n`);
  console.table(
    results.map((r) => ({
      database: r.name,
      "RSS before, MB": mb(r.idlePeak),
      "peak RSS during, MB": mb(r.uploadPeak),
      "growth, MB": mb(r.uploadPeak - r.idlePeak),
      "stored (200)": `${r.ok}/${uploaders}`,
      seconds: r.seconds.toFixed(1),
    })),
  );
  console.log(
    `The uploads themselves total ${mb(uploaders * bigCv.length)} MB; the server reads and stores ${applicationSlotsNote}.`,
  );
}

function reportProfiles(profiles: Profile[]) {
  for (const { name, posts, seconds, cpuMs, phases } of profiles) {
    console.log(
      `\nWhere a post's time goes: ${name}, ${connections} connections, ${posts} posts in ${profileSeconds} s (profiled, so a little slower)\n`,
    );
    console.table(
      phases
        .sort((a, b) => b.ms - a.ms)
        .map((p) => ({
          phase: p.phase,
          "per post": (p.count / Math.max(1, posts)).toFixed(2),
          "mean ms": (p.ms / p.count).toFixed(3),
          "ms per post": (p.ms / Math.max(1, posts)).toFixed(3),
        })),
    );
    console.log(
      `The server process used ${(cpuMs / Math.max(1, posts)).toFixed(3)} ms of CPU per post (${((cpuMs / 1000 / seconds) * 100).toFixed(0)}% of one core over the run).`,
    );
  }
  if (profiles.length > 0) {
    console.log(
      "Statements and phases overlap (a statement is inside its transaction, which is inside the post); with several connections at once their times add up to more than the wall clock.",
    );
  }
}

function reportComparisons(comparisons: Comparison[]) {
  if (comparisons.length === 0) return;
  console.log(
    `\nBefore (${beforeRoot}) and after (this checkout), measured one right after the other, ${duration} s each after a ${warmUp} s warm-up${rounds > 1 ? `; the median of ${rounds} rounds` : ""}\n`,
  );
  console.table(
    comparisons.map(({ name, before, after }) => ({
      endpoint: name,
      connections: after.connections,
      "before req/s": Math.round(before.rps),
      "after req/s": Math.round(after.rps),
      "before p50/p99 ms": `${before.p50}/${before.p99}`,
      "after p50/p99 ms": `${after.p50}/${after.p99}`,
      "errors/non-2xx before, after": `${before.errors}/${before.non2xx}, ${after.errors}/${after.non2xx}`,
    })),
  );
  for (const side of ["before", "after"] as const) {
    for (const database of ["PostgreSQL", "SQLite"]) {
      for (const clients of [connections, manyConnections]) {
        const find = (kind: string) =>
          comparisons.find((c) => c.name === `${kind}, ${database}` && c.after.connections === clients)?.[
            side
          ];
        const floor = find("durable floor");
        const contact = find("contact");
        if (!floor || !contact) continue;
        const ratio = contact.rps / floor.rps;
        console.log(
          `${side}: contact on ${database} at ${clients} connections reaches ${(ratio * 100).toFixed(0)}% of its durable floor.`,
        );
      }
    }
  }
}
