// Load test for the job alerts: `npm run bench:alerts`.
// 10,000 confirmed daily alerts that all match one open vacancy, in a real server process (the
// composition root, the two form endpoints) on SQLite, then on PostgreSQL when it answers. Prints how long
// queueing a day's alerts takes (server/alerts/sending.ts, the e-mails into the outbox), the server's
// peak memory while it does, and a contact form post's p50/p99 under load alone beside the same while
// alerts are being queued (round after round, for the whole load). Figures only; nothing is asserted.

import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import express from "express";
import pg from "pg";
import { pino } from "pino";
import { validEnquiry } from "../tests/support/harness.ts";

const subscribers = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const duration = Number(process.env.BENCH_SECONDS ?? 6);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const warmUp = Number(process.env.BENCH_WARM_UP_SECONDS ?? 2);
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const port = Number(process.env.BENCH_PORT ?? 4390);
// A Monday at 07:00 in the UK (GMT): the daily alerts (and the weekly ones) are due.
const queueAt = Date.parse("2030-03-04T07:00:00Z");

let counter = 0;
/** A distinct enquiry from its own mailbox each time, as real ones are. */
function enquiry(): string {
  counter++;
  return JSON.stringify(
    validEnquiry({
      email: `aisha.khan.${counter}@example.co.uk`,
      message: `We need an evening office clean, five days a week. Request ${counter}.`,
    }),
  );
}

type Load = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function loadContact(url: string, seconds: number): Promise<Load> {
  const result = await autocannon({
    url,
    method: "POST",
    connections,
    duration: seconds,
    headers: { "content-type": "application/json", accept: "application/json" },
    requests: [{ setupRequest: (request) => ({ ...request, body: enquiry() }) }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** The server process: the real services and form endpoints; the parent drives it with messages. */
async function serve(databaseUrl: string, dataDir: string, schema: string | undefined) {
  const { parseEnv } = await import("../server/env.ts");
  const { createServices } = await import("../server/services.ts");
  const { queueJobAlerts } = await import("../server/alerts/sending.ts");
  const { createAlertLinks } = await import("../server/alerts/links.ts");
  const { alertLinkKey } = await import("../server/protection/alert-link.ts");
  const env = parseEnv({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    CONTACT_RATE_LIMIT: "100000000",
    CAREERS_RATE_LIMIT: "100000000",
  });
  const services = await createServices(env, pino({ level: "silent" }), schema ? { schema } : {});
  const { db } = services;
  const publicUrl = "https://www.cottonopolis.example";
  const options = {
    publicUrl,
    links: createAlertLinks(alertLinkKey(services.secrets.resultSecret), publicUrl),
    replyTo: "jobs@cottonopolis.example",
  };
  const app = express();
  app.disable("x-powered-by");
  app.use(services.leads);
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));

  async function seed() {
    await db.run(
      `INSERT INTO vacancies (reference, slug, status, title, service, location, postcode, employment_type,
         pay_from_pence, pay_to_pence, pay_period, hours, description, closes_on, created_at, updated_at,
         published_at, closed_at, content_changed_at)
       VALUES ('VAC-BENCH2', 'event-steward-bench2', 'open', 'Event Steward', 'steward', 'Etihad Campus, Manchester',
         'M11 3FF', 'TEMPORARY', 1260, 1260, 'HOUR', 'Match days', 'Guide fans to their seats and keep the stands safe.',
         '2030-12-31', ?, ?, ?, NULL, ?)`,
      [queueAt - 3_600_000, queueAt - 3_600_000, queueAt - 3_600_000, queueAt - 3_600_000],
    );
    for (let start = 0; start < subscribers; start += 500) {
      const rows = Array.from({ length: Math.min(500, subscribers - start) }, (_, i) => start + i);
      await db.transaction(async (tx) => {
        await tx.run(
          `INSERT INTO job_alerts (id, email, services, employment_types, place, frequency, status, consent,
             consent_how, created_at, confirmed_at, renewed_at)
           VALUES ${rows.map(() => "(?, ?, 'steward', 'TEMPORARY', '', 'daily', 'active', 'Send me new jobs.', 'form, confirmed by e-mail', ?, ?, ?)").join(", ")}`,
          rows.flatMap((n) => [
            randomBytes(16).toString("base64url"),
            `subscriber.${n}@example.co.uk`,
            queueAt - 86_400_000 * 2,
            queueAt - 86_400_000,
            queueAt - 86_400_000,
          ]),
        );
      });
    }
  }

  /** Back to before the day's alerts went, so a round can queue them again. */
  async function reset() {
    await db.run("DELETE FROM job_alert_sent");
    await db.run("DELETE FROM outbox WHERE purpose = 'job-alert'");
    await db.run("UPDATE job_alerts SET last_period = NULL, last_sent_at = NULL");
  }

  async function queueRound() {
    const started = performance.now();
    const queued = await queueJobAlerts(db, queueAt, options);
    return { ms: performance.now() - started, queued };
  }

  let looping: Promise<{ rounds: number; ms: number[] }> | null = null;
  let stopLoop = false;
  process.on("message", async (message: string) => {
    if (message === "seed") {
      await seed();
      process.send?.({ seeded: true });
    } else if (message === "reset-peak") {
      try {
        // Linux: from here on, the peak resident size is counted from the current size.
        writeFileSync("/proc/self/clear_refs", "5");
      } catch {
        // Elsewhere the peak since start is all there is.
      }
      process.send?.(memory());
    } else if (message === "queue") {
      await reset();
      const round = await queueRound();
      process.send?.({ ...round, ...memory() });
    } else if (message === "loop") {
      stopLoop = false;
      looping = (async () => {
        const ms: number[] = [];
        while (!stopLoop) {
          await reset();
          ms.push((await queueRound()).ms);
        }
        return { rounds: ms.length, ms };
      })();
      process.send?.({ looping: true });
    } else if (message === "stop-loop") {
      stopLoop = true;
      const result = await looping;
      process.send?.(result ?? { rounds: 0, ms: [] });
    }
  });
  process.on("SIGTERM", () => {
    server.closeAllConnections();
    server.close(() => void services.close().then(() => process.exit(0)));
  });
  process.send?.("ready");
}

/** This process's peak resident memory (since start, or since the last reset) and its heap now. */
function memory() {
  let peak = process.resourceUsage().maxRSS * 1024;
  try {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
    if (hwm?.[1]) peak = Number(hwm[1]) * 1024;
  } catch {
    // Not Linux: maxRSS.
  }
  const usage = process.memoryUsage();
  return { peakRssBytes: peak, rssBytes: usage.rss, heapUsedBytes: usage.heapUsed };
}

function spawnServer(args: string[]): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url).pathname, ["server", ...args], { stdio: "inherit" });
    child.once("message", () => resolve(child));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

function ask<T>(child: ChildProcess, message: string): Promise<T> {
  return new Promise((resolve) => {
    child.once("message", (answer: T) => resolve(answer));
    child.send(message);
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners("exit");
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
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

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

type Figures = {
  database: string;
  queueSeconds: number;
  queued: number;
  rssBefore: string;
  peakRss: string;
  heapAfter: string;
  alone: Load;
  beside: Load;
  rounds: number;
};

async function bench(database: string, args: string[]): Promise<Figures> {
  const child = await spawnServer(args);
  const url = `http://127.0.0.1:${port}/contact-handler.php`;
  try {
    await ask(child, "seed");
    if (warmUp > 0) await loadContact(url, warmUp);
    const alone = await loadContact(url, duration);
    const before = await ask<{ rssBytes: number }>(child, "reset-peak");
    const round = await ask<{ ms: number; queued: number; peakRssBytes: number; heapUsedBytes: number }>(
      child,
      "queue",
    );
    await ask(child, "loop");
    const beside = await loadContact(url, duration);
    const loop = await ask<{ rounds: number }>(child, "stop-loop");
    return {
      database,
      queueSeconds: round.ms / 1000,
      queued: round.queued,
      rssBefore: mib(before.rssBytes),
      peakRss: mib(round.peakRssBytes),
      heapAfter: mib(round.heapUsedBytes),
      alone,
      beside,
      rounds: loop.rounds,
    };
  } finally {
    await stop(child);
  }
}

async function runAll() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-alerts-"));
  const figures: Figures[] = [];
  const admin = (await postgresAvailable()) ? new pg.Client({ connectionString: postgresUrl }) : null;
  const schema = `bench_alerts_${process.pid}`;
  try {
    figures.push(await bench("SQLite", [path.join(dataDir, "alerts.sqlite"), dataDir]));
    if (admin) {
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      figures.push(await bench("PostgreSQL", [postgresUrl, dataDir, schema]));
    } else {
      console.log("PostgreSQL did not answer: measured on SQLite only.");
    }
  } finally {
    if (admin) {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\nA day's job alerts: ${subscribers} confirmed daily subscribers, one matching vacancy; contact posts at ${connections} connections for ${duration} s each.`,
  );
  console.table(
    figures.map((f) => ({
      database: f.database,
      "e-mails queued": f.queued,
      "time to queue (s)": f.queueSeconds.toFixed(2),
      "per second": Math.round(f.queued / f.queueSeconds),
      "server RSS before": f.rssBefore,
      "server peak RSS while queueing": f.peakRss,
      "heap after": f.heapAfter,
    })),
  );
  console.table(
    figures.flatMap((f) => [
      { database: f.database, "contact posts": "alone", ...loadRow(f.alone), "alert rounds": "" },
      {
        database: f.database,
        "contact posts": "while alerts are queued",
        ...loadRow(f.beside),
        "alert rounds": f.rounds,
      },
    ]),
  );
}

function loadRow(load: Load) {
  return {
    "req/s": Math.round(load.rps),
    "p50 ms": load.p50,
    "p99 ms": load.p99,
    "errors/non-2xx": `${load.errors}/${load.non2xx}`,
  };
}

const role = process.argv[2];
if (role === "server") {
  const [, , , databaseUrl = "", dataDir = "", schema] = process.argv;
  await serve(databaseUrl, dataDir, schema);
} else {
  await runAll();
}
