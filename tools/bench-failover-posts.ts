// What visitors see when the database's primary machine is lost, and what waiting through it costs:
// `npm run bench:failover-posts`.
//
// 1. Failovers under posts. A two-member Patroni cluster behind HAProxy (tests/support/patroni-cluster.ts)
//    with the shipped timings (deploy/patroni/patroni.yml: ttl 20 s, loop_wait 5 s), a server process on
//    it, and visitors posting enquiries about ten times a second, as the forms' script does. The primary's
//    machine is lost (its Patroni and PostgreSQL killed outright) BENCH_ROUNDS times (default 1). With
//    BENCH_BEFORE=<another checkout of the project, installed>, that checkout's server and its script's
//    behaviour are measured side by side, in the same run, on a database of its own in the same cluster:
//    its visitors send each post once, as its script did; this checkout's visitors send a 503 with
//    Retry-After again by themselves, as use-form-submission.ts now does. Prints, for each, the posts
//    answered "try again" (503), those refused in the end, and the longest wait.
// 2. Held posts at the cap. A server process on a database behind a TCP proxy that then refuses every
//    connection: FAILOVER_HOLD_MAX (64) enquiries of the largest size are held, the next refused at once,
//    and the process's resident memory is read before and while they wait; then the same for the
//    applications the memory budget lets in at once (six, with a 5 MB CV each).
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { contactLimits } from "#core/forms/contact-fields.ts";
import {
  applicationFields,
  applicationForm,
  freshPostgresDatabase,
  type ServerProcess,
  samples,
  startServerProcess,
  validEnquiry,
} from "../tests/support/harness.ts";
import { type Member, startPatroniCluster } from "../tests/support/patroni-cluster.ts";
import { TcpProxy } from "../tests/support/tcp-proxy.ts";

const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const beforeRoot = process.env.BENCH_BEFORE ? path.resolve(process.env.BENCH_BEFORE) : null;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Side = {
  name: string;
  server: ServerProcess;
  /** Whether its visitors' script sends a 503 with Retry-After again by itself. */
  retries: boolean;
};
type Tally = { posts: number; tryAgain: number; refused: number; unanswered: number; longestMs: number };

/** Visitors posting enquiries to one server until stopped, as that side's script sends them. */
function startPosting(side: Side, label: string) {
  const tally: Tally = { posts: 0, tryAgain: 0, refused: 0, unanswered: 0, longestMs: 0 };
  let running = true;
  let counter = 0;
  const visitor = async (n: number) => {
    while (running) {
      const i = counter++;
      const body = JSON.stringify(
        validEnquiry({
          lastName: `Khan${i}`,
          email: `${label}.${i}@example.com`,
          message: `Post ${label} ${i}.`,
        }),
      );
      const key = randomUUID();
      const sentAt = Date.now();
      let status = 0;
      try {
        for (;;) {
          const response = await fetch(`${side.server.url}/contact-handler.php`, {
            method: "POST",
            headers: { "Content-Type": "application/json", "Idempotency-Key": key },
            body,
            signal: AbortSignal.timeout(60_000),
          });
          await response.arrayBuffer();
          status = response.status;
          const retryAfter = response.headers.get("retry-after");
          if (status !== 503 || retryAfter === null) break;
          tally.tryAgain++;
          const wait = Math.min(Number(retryAfter) * 1000, 10_000);
          if (!side.retries || Date.now() + wait - sentAt > 60_000) break;
          await sleep(wait);
        }
      } catch {
        tally.unanswered++;
      }
      tally.posts++;
      if (status !== 200) tally.refused++;
      tally.longestMs = Math.max(tally.longestMs, Date.now() - sentAt);
      await sleep(300 + n * 10);
    }
  };
  const visitors = Array.from({ length: 3 }, (_, n) => visitor(n));
  return {
    async stop() {
      running = false;
      await Promise.all(visitors);
      return tally;
    },
  };
}

/** The resident memory of a process, in MB (Linux's /proc). */
function residentMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024;
}

/** The highest resident memory seen over `ms`, sampled every 50 ms. */
async function peakMb(pid: number | undefined, ms: number): Promise<number> {
  let peak = 0;
  const until = Date.now() + ms;
  while (Date.now() < until) {
    peak = Math.max(peak, residentMb(pid));
    await sleep(50);
  }
  return peak;
}

const dirs: string[] = [];
const stops: (() => Promise<unknown>)[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-failover-posts-"));
  dirs.push(dir);
  return dir;
};

async function failovers() {
  // The shipped timings: the loss of the primary's machine is seen when its leader key expires.
  const cluster = await startPatroniCluster({
    timings: { ttl: 20, loopWait: 5, retryTimeout: 5 },
    databases: ["site", "bench_before", "bench_after"],
  });
  stops.unshift(() => cluster.stop());
  const env = (url: string) => ({
    DATABASE_URL: url,
    DATA_DIR: dataDir(),
    DATABASE_CONNECT_TIMEOUT_MS: "1000",
    DATABASE_QUERY_TIMEOUT_MS: "3000",
  });
  const sides: Side[] = [];
  if (beforeRoot) {
    const before = (await import(path.join(beforeRoot, "tests/support/harness.ts"))) as {
      startServerProcess: typeof startServerProcess;
    };
    const url = cluster.urlOf("bench_before");
    const server = await before.startServerProcess(env(url), 60_000);
    stops.unshift(() => server.stop());
    sides.push({ name: "the earlier checkout", server, retries: false });
  }
  const url = cluster.urlOf("bench_after");
  const server = await startServerProcess(env(url), 60_000);
  stops.unshift(() => server.stop());
  sides.push({ name: "this checkout", server, retries: true });
  await sleep(3000);

  const totals = sides.map(() => ({ posts: 0, tryAgain: 0, refused: 0, unanswered: 0, longestMs: 0 }));
  for (let round = 1; round <= rounds; round++) {
    const primary = (await cluster.primary()) as Member;
    const loads = sides.map((side, i) => startPosting(side, `r${round}s${i}`));
    await sleep(2000);
    const killedAt = Date.now();
    await cluster.killMember(primary);
    let promoted: Member | undefined;
    while (Date.now() - killedAt < 90_000) {
      promoted = await cluster.primary();
      if (promoted && promoted !== primary) break;
      await sleep(250);
    }
    const failoverSeconds = (Date.now() - killedAt) / 1000;
    // Long enough after the promotion for the held posts and the scripts' retries to be answered.
    await sleep(15_000);
    const tallies = await Promise.all(loads.map((load) => load.stop()));
    console.log(
      `Round ${round} of ${rounds}: ${primary.name}'s machine lost, ${promoted?.name} primary ${failoverSeconds.toFixed(1)} s later.`,
    );
    tallies.forEach((tally, i) => {
      const total = totals[i] as Tally;
      total.posts += tally.posts;
      total.tryAgain += tally.tryAgain;
      total.refused += tally.refused;
      total.unanswered += tally.unanswered;
      total.longestMs = Math.max(total.longestMs, tally.longestMs);
    });
    cluster.startMember(primary);
    await cluster.waitHealthy(120_000);
  }
  console.log(`\nThe primary's machine lost ${rounds} time(s) under posts, shipped Patroni timings:\n`);
  console.log(
    `${"".padEnd(34)}${"posts".padStart(7)}${"503 try again".padStart(15)}${"refused".padStart(9)}${"unanswered".padStart(12)}${"longest wait".padStart(14)}`,
  );
  sides.forEach((side, i) => {
    const t = totals[i] as Tally;
    console.log(
      `${side.name.padEnd(34)}${String(t.posts).padStart(7)}${String(t.tryAgain).padStart(15)}${String(t.refused).padStart(9)}${String(t.unanswered).padStart(12)}${`${(t.longestMs / 1000).toFixed(1)} s`.padStart(14)}`,
    );
  });
}

/** A server process of its own on a fresh database behind a proxy that can refuse every connection. */
async function serverBehindProxy() {
  const database = await freshPostgresDatabase();
  stops.unshift(() => database.drop());
  const target = new URL(database.url);
  const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  await proxy.pass();
  stops.unshift(() => proxy.close());
  const proxied = new URL(database.url);
  proxied.port = String(proxy.port);
  const server = await startServerProcess(
    { DATABASE_URL: proxied.toString(), DATA_DIR: dataDir(), DATABASE_CONNECT_TIMEOUT_MS: "1000" },
    60_000,
  );
  stops.unshift(() => server.stop());
  return { proxy, server, pid: server.child.pid };
}

/** Posts one request and reads its whole answer; resolves with the status. */
const answered = (response: Promise<Response>) =>
  response.then(async (r) => {
    await r.arrayBuffer();
    return r.status;
  });

async function heldAtTheCap() {
  const maxHeld = 64;
  const enquiry = (i: number) =>
    JSON.stringify(
      validEnquiry({
        email: `held.${i}@example.com`,
        message: `Held ${i}. ${"We need an evening office clean for forty desks. ".repeat(100)}`.slice(
          0,
          contactLimits.message,
        ),
      }),
    );
  const cv = Buffer.concat([
    samples.pdf,
    Buffer.alloc(5 * 1024 * 1024 - 64 * 1024 - samples.pdf.length, 0x20),
  ]);
  const application = (i: number) =>
    applicationForm(applicationFields({ email: `held.app.${i}@example.com` }), [
      { field: "resume", name: `CV ${i}.pdf`, content: cv, type: "application/pdf" },
    ]);

  // Enquiries, on a process of their own.
  const a = await serverBehindProxy();
  const postEnquiry = (i: number) =>
    answered(
      fetch(`${a.server.url}/contact-handler.php`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: enquiry(i),
      }),
    );
  // Warm: the same kind of posts through the same code, then a moment's quiet.
  for (let i = 0; i < 40; i++) await postEnquiry(1000 + i);
  await sleep(2000);
  const idle = await peakMb(a.pid, 1000);
  await a.proxy.refuse();
  const held = Array.from({ length: maxHeld }, (_, i) => postEnquiry(i));
  await sleep(3000);
  const started = Date.now();
  const beyond = await Promise.all(Array.from({ length: 10 }, (_, i) => postEnquiry(500 + i)));
  const beyondMs = Date.now() - started;
  const whileHeld = await peakMb(a.pid, 3000);
  await a.proxy.pass();
  const statuses = await Promise.all(held);

  // Applications, on another: the memory budget lets six in at once; each holds its files as it waits.
  const b = await serverBehindProxy();
  const postApplication = (i: number) =>
    answered(fetch(`${b.server.url}/careers-handler.php`, { method: "POST", body: application(i) }));
  for (let i = 0; i < 6; i++) await postApplication(1000 + i);
  await sleep(2000);
  const idleB = await peakMb(b.pid, 1000);
  await b.proxy.refuse();
  const applications = Array.from({ length: 6 }, (_, i) => postApplication(i));
  await sleep(4000);
  const whileApplicationsHeld = await peakMb(b.pid, 3000);
  await b.proxy.pass();
  const applicationStatuses = await Promise.all(applications);

  console.log("\nHeld posts at the cap (the database refusing every connection), a server process each:\n");
  console.log(
    `  ${maxHeld} enquiries of ${contactLimits.message} characters held: ${idle.toFixed(1)} MB resident before, ${whileHeld.toFixed(1)} MB while held (+${(whileHeld - idle).toFixed(1)} MB)`,
  );
  console.log(
    `  the next 10 enquiries: ${beyond.filter((s) => s === 503).length} answered 503 at once (${beyondMs} ms for all ten)`,
  );
  console.log(
    `  once the database was back: ${statuses.filter((s) => s === 200).length} of ${maxHeld} held enquiries saved`,
  );
  console.log(
    `  6 applications with a 5 MB CV held: ${idleB.toFixed(1)} MB resident before, ${whileApplicationsHeld.toFixed(1)} MB while held (+${(whileApplicationsHeld - idleB).toFixed(1)} MB)`,
  );
  console.log(
    `  once the database was back: ${applicationStatuses.filter((s) => s === 200).length} of 6 held applications saved`,
  );
}

try {
  if (process.env.BENCH_SKIP_FAILOVER !== "1") await failovers();
  await heldAtTheCap();
} finally {
  for (const stop of stops) await stop().catch(() => {});
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
