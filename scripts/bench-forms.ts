// Load test for the two form endpoints: `npm run bench:forms`.
// Runs, on loopback and in one go: a bare node:http endpoint that only parses the same JSON,
// a durable floor (the same, plus one INSERT committed before the reply, with the same group commit),
// then the real contact and careers handlers on SQLite (and on PostgreSQL when it answers),
// and prints requests per second, p50/p99 latency and each one's ratio to the bare endpoint.
// Then: contact on SQLite with the old synchronous=NORMAL beside the durable FULL, both endpoints
// at 100 concurrent connections with the durable setting, and the server's peak memory while 20
// clients each upload a 5 MB CV at once.
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
import { parseEnv } from "../server/env.ts";
import { createServices } from "../server/services.ts";
import { applicationFields, samples, validEnquiry } from "../tests/support/harness.ts";

const duration = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
// Each endpoint is first loaded, unmeasured, for this long, so every server is measured warm (JIT, caches).
const warmUp = Number(process.env.BENCH_WARM_UP_SECONDS ?? 2);
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const basePort = Number(process.env.BENCH_PORT ?? 4370);
const ports = { bare: basePort, sqlite: basePort + 1, postgres: basePort + 2, floor: basePort + 3 };
const manyConnections = 100;
const uploaders = 20;
const applicationSlotsNote =
  "applications within a budget of about six 5 MB bodies at once (server/leads/handlers.ts), the rest waiting unread";
/** A 5 MB CV: the test PDF padded to the careers form's stated limit. */
const bigCv = Buffer.concat([samples.pdf, Buffer.alloc(5 * 1024 * 1024 - samples.pdf.length, 0x20)]);

// The same valid enquiry and application the lead tests send; a counter keeps each one distinct,
// so none is answered as a repeat of another.
let counter = 0;
function enquiry(): string {
  counter++;
  return JSON.stringify(
    validEnquiry({ message: `We need an evening office clean, five days a week. Request ${counter}.` }),
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

async function startLeads(
  databaseUrl: string,
  dataDir: string,
  schema: string | undefined,
  synchronous: "FULL" | "NORMAL",
) {
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
} else if (role === "leads") {
  const [, , , databaseUrl = "", dataDir = "", port = "0", synchronous = "FULL", schema] = process.argv;
  const { server } = await startLeads(
    databaseUrl,
    dataDir,
    schema,
    synchronous === "NORMAL" ? "NORMAL" : "FULL",
  );
  await listen(server, Number(port));
  // The parent asks for this process's peak resident memory, and may first reset the peak to the current
  // size (Linux: clear_refs 5), so the peak it reads next is that of what happened since.
  process.on("message", (message: string) => {
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

function spawnServer(args: string[]): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url).pathname, args, { stdio: "inherit" });
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

async function runAll() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-forms-"));
  const results: Result[] = [];
  const synchronous: Result[] = [];
  const crowded: Result[] = [];
  const uploads: UploadResult[] = [];
  let baseline = 0;
  const sqliteArgs = (file: string, setting: "FULL" | "NORMAL" = "FULL") => [
    "leads",
    path.join(dataDir, file),
    dataDir,
    String(ports.sqlite),
    setting,
  ];
  const contactUrl = (port: number) => `http://127.0.0.1:${port}/contact-handler.php`;
  const careersUrl = (port: number) => `http://127.0.0.1:${port}/careers-handler.php`;
  const multipart = `multipart/form-data; boundary=${boundary}`;
  try {
    // The bare endpoint is measured just before and just after contact on SQLite, and the ratio uses
    // the mean of the two, so other work on the machine weighs on both sides of the ratio alike.
    // Only the process under load is running while it is measured.
    const bareUrl = `http://127.0.0.1:${ports.bare}/`;
    const bareServer = await spawnServer(["bare"]);
    const bareBefore = await load("bare node:http JSON", bareUrl, "application/json", enquiry);
    await stop(bareServer);

    const sqlite = await spawnServer(sqliteArgs("bench.sqlite"));
    const contactSqlite = await load(
      "contact, SQLite",
      contactUrl(ports.sqlite),
      "application/json",
      enquiry,
    );
    await stop(sqlite);

    const bareAgain = await spawnServer(["bare"]);
    const bareAfter = await load("bare node:http JSON (again)", bareUrl, "application/json", enquiry);
    await stop(bareAgain);
    baseline = (bareBefore.rps + bareAfter.rps) / 2;
    const floor = await spawnServer(["floor", path.join(dataDir, "floor.sqlite")]);
    const floorResult = await load(
      "durable floor (bare + one INSERT)",
      `http://127.0.0.1:${ports.floor}/`,
      "application/json",
      enquiry,
    );
    await stop(floor);
    results.push(bareBefore, bareAfter, floorResult, contactSqlite);

    const sqliteCareers = await spawnServer(sqliteArgs("bench.sqlite"));
    results.push(await load("careers, SQLite", careersUrl(ports.sqlite), multipart, application));
    await stop(sqliteCareers);

    // What syncing every commit costs: the old setting and the durable one, each on a fresh file,
    // alternated twice so that the machine's other work weighs on both alike.
    for (const [round, setting] of (["NORMAL", "FULL", "NORMAL", "FULL"] as const).entries()) {
      const server = await spawnServer(sqliteArgs(`sync-${round}.sqlite`, setting));
      synchronous.push(
        await load(
          `contact, SQLite, synchronous=${setting}${setting === "FULL" ? " (now)" : " (before)"}`,
          contactUrl(ports.sqlite),
          "application/json",
          enquiry,
        ),
      );
      await stop(server);
    }

    const sqliteCrowd = await spawnServer(sqliteArgs("crowd.sqlite"));
    crowded.push(
      await load("contact, SQLite", contactUrl(ports.sqlite), "application/json", enquiry, manyConnections),
    );
    crowded.push(
      await load("careers, SQLite", careersUrl(ports.sqlite), multipart, application, manyConnections),
    );
    await stop(sqliteCrowd);

    uploads.push(await uploadPeak("SQLite", sqliteArgs("uploads.sqlite"), ports.sqlite));

    if (await postgresAvailable()) {
      const schema = `bench_${process.pid}`;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      const postgresArgs = ["leads", postgresUrl, dataDir, String(ports.postgres), "FULL", schema];
      try {
        const postgres = await spawnServer(postgresArgs);
        results.push(
          await load("contact, PostgreSQL", contactUrl(ports.postgres), "application/json", enquiry),
        );
        results.push(await load("careers, PostgreSQL", careersUrl(ports.postgres), multipart, application));
        crowded.push(
          await load(
            "contact, PostgreSQL",
            contactUrl(ports.postgres),
            "application/json",
            enquiry,
            manyConnections,
          ),
        );
        crowded.push(
          await load(
            "careers, PostgreSQL",
            careersUrl(ports.postgres),
            multipart,
            application,
            manyConnections,
          ),
        );
        await stop(postgres);
        uploads.push(await uploadPeak("PostgreSQL", postgresArgs, ports.postgres));
      } finally {
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      }
    } else {
      console.log(`PostgreSQL not reachable at ${postgresUrl}: skipped.`);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  report(results, baseline);
  reportSynchronous(synchronous);
  reportCrowded(crowded);
  reportUploads(uploads);
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
  const floor = results.find((r) => r.name.startsWith("durable floor"));
  if (contact) {
    const ratio = contact.rps / baseline;
    console.log(
      `Contact on SQLite reaches ${(ratio * 100).toFixed(0)}% of the bare endpoint (target: at least 50%): ${ratio >= 0.5 ? "met" : "NOT met"}.`,
    );
    if (floor) {
      console.log(
        `The durable floor reaches ${((floor.rps / baseline) * 100).toFixed(0)}% of it; contact reaches ${((contact.rps / floor.rps) * 100).toFixed(0)}% of the floor.`,
      );
    }
  }
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
