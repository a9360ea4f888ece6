// What synchronous replication costs a visitor's post: `npm run bench:failover`.
// Runs, in one go and with the same load, the real contact handler (one server process, as
// tools/bench-forms.ts loads it) on: a two-member Patroni cluster behind HAProxy with synchronous
// replication (each commit waits for the standby), secured as deploy/ ships it (TLS on every
// connection), the same cluster switched to asynchronous replication (synchronous_mode off through
// Patroni's REST API), and a single plain PostgreSQL with no standby (and no TLS).
// The three are measured in turn, BENCH_ROUNDS times over (default 3), each with a server process of its
// own kept for the whole run, so a machine busy with other work weighs on all three alike; each row shows
// its median round. Prints requests per second, p50/p99 latency and each one's ratio to the plain server.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { type ServerProcess, startServerProcess, validEnquiry } from "../tests/support/harness.ts";
import {
  type Member,
  type PatroniCluster,
  startPatroniCluster,
  startPlainPostgres,
} from "../tests/support/patroni-cluster.ts";

const duration = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
// Each server is first loaded, unmeasured, for this long, so every one is measured warm.
const warmUp = Number(process.env.BENCH_WARM_UP_SECONDS ?? 2);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

// Each enquiry distinct, from its own mailbox, so none is answered as a repeat of another.
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

type Result = { name: string; rps: number; p50: number; p99: number; errors: number; non2xx: number };

/** A server process of its own on `databaseUrl`, for one of the configurations. */
async function startServer(databaseUrl: string): Promise<{ server: ServerProcess; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-failover-"));
  const server = await startServerProcess({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir }, 60_000);
  return {
    server,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Loads a server's contact endpoint for the warm-up, then for the measured run. */
async function measure(name: string, server: ServerProcess): Promise<Result> {
  const run = (seconds: number) =>
    autocannon({
      url: `${server.url}/contact-handler.php`,
      method: "POST",
      connections,
      duration: seconds,
      headers: { "content-type": "application/json", accept: "application/json" },
      requests: [{ setupRequest: (request) => ({ ...request, body: enquiry() }) }],
    });
  if (warmUp > 0) await run(warmUp);
  const result = await run(duration);
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** The primary's synchronous_standby_names, read directly. */
async function synchronousNames(cluster: PatroniCluster): Promise<string> {
  const primary = await cluster.primary();
  if (!primary) return "?";
  const client = new pg.Client({ connectionString: cluster.memberUrl(primary) });
  await client.connect();
  try {
    const { rows } = await client.query<{ names: string }>(
      "SELECT current_setting('synchronous_standby_names') AS names",
    );
    return rows[0]?.names ?? "?";
  } finally {
    await client.end();
  }
}

/** Turns Patroni's synchronous_mode on or off for the whole cluster and waits until the primary follows. */
async function setSynchronous(cluster: PatroniCluster, on: boolean) {
  const member = cluster.members[0] as Member;
  // A change to the cluster: Patroni takes it only with its REST API's password.
  const response = await cluster.api(member, "/config", {
    method: "PATCH",
    body: { synchronous_mode: on },
    auth: true,
  });
  if (response.status !== 200)
    throw new Error(`Patroni refused the change: ${response.status} ${response.body}`);
  const deadline = Date.now() + 30_000;
  while (((await synchronousNames(cluster)) !== "") === !on) {
    if (Date.now() > deadline) throw new Error("The primary did not follow the change of synchronous_mode");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const names = {
  sync: "Patroni, synchronous replication, through HAProxy",
  async: "Patroni, asynchronous replication, through HAProxy",
  plain: "one plain PostgreSQL, no standby",
};
const runs: Record<keyof typeof names, Result[]> = { sync: [], async: [], plain: [] };
// One database for each configuration measured on the cluster, made with it (the site's role may
// reach only the databases it was given).
const cluster = await startPatroniCluster({ databases: ["site", "bench_sync", "bench_async"] });
const stops: (() => Promise<void>)[] = [() => cluster.stop()];
try {
  const plain = await startPlainPostgres();
  stops.unshift(() => plain.stop());
  const started = async (databaseUrl: string) => {
    const s = await startServer(databaseUrl);
    stops.unshift(() => s.stop());
    return s.server;
  };
  const servers = {
    sync: await started(cluster.urlOf("bench_sync")),
    async: await started(cluster.urlOf("bench_async")),
    plain: await started(plain.databaseUrl),
  };
  console.log(`Patroni cluster up: primary ${(await cluster.primary())?.name}, standby synchronous.`);
  for (let round = 1; round <= rounds; round++) {
    await setSynchronous(cluster, true);
    runs.sync.push(await measure(names.sync, servers.sync));
    await setSynchronous(cluster, false);
    runs.async.push(await measure(names.async, servers.async));
    runs.plain.push(await measure(names.plain, servers.plain));
    console.log(
      `Round ${round} of ${rounds}: ${runs.sync.at(-1)?.rps.toFixed(0)}, ${runs.async.at(-1)?.rps.toFixed(0)} and ${runs.plain.at(-1)?.rps.toFixed(0)} posts a second.`,
    );
  }
} finally {
  for (const stop of stops) await stop();
}

/** The round whose requests per second are the median of its configuration's rounds. */
const median = (list: Result[]) =>
  [...list].sort((a, b) => a.rps - b.rps)[Math.floor(list.length / 2)] as Result;
const results = [median(runs.sync), median(runs.async), median(runs.plain)];
const baseline = results.at(-1) as Result;
console.log(
  `\nContact posts, ${connections} connections, ${duration} s each after ${warmUp} s of warm-up, one server process; median of ${rounds} rounds:\n`,
);
console.log(
  `${"".padEnd(52)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"vs plain".padStart(10)}${"non-2xx".padStart(9)}`,
);
for (const r of results) {
  console.log(
    `${r.name.padEnd(52)}${r.rps.toFixed(0).padStart(9)}${String(r.p50).padStart(9)}${String(r.p99).padStart(9)}${`${((r.rps / baseline.rps) * 100).toFixed(0)}%`.padStart(10)}${String(r.non2xx + r.errors).padStart(9)}`,
  );
}
