// Posts through Caddy: `npm run bench:deploy`.
// Valid enquiries (POST /contact-handler.php, JSON, the same one bench:forms sends) to production server
// processes on one fresh PostgreSQL database: through Caddy (deploy/Caddyfile as the deployment test
// runs it: `tls internal`, high ports) to one, two and three processes, and to one process directly over
// plain HTTP before, between and after them, so the machine's other work weighs on the baseline as on
// the rest. Prints posts per second, p50 and p99, and each row's ratio to the direct baseline (the mean
// of the direct runs). Printed, not asserted.
// Needs the production build (`npm run build`) and Debian's Caddy (`bash scripts/ensure-caddy.sh`).
import { existsSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import {
  caddyBinary,
  freePort,
  prepareDeployment,
  removeDeployment,
  startCaddy,
  startServerProcesses,
  stopServerProcesses,
} from "../tests/support/caddy.ts";
import { freshPostgresDatabase, validEnquiry } from "../tests/support/harness.ts";

const duration = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
// Each row is first loaded, unmeasured, for this long, so every path is measured warm (JIT, connections).
const warmUp = Number(process.env.BENCH_WARM_UP_SECONDS ?? 2);

// A counter keeps each enquiry distinct, so none is answered as a repeat of another.
let counter = 0;
function enquiry(): string {
  counter++;
  return JSON.stringify(
    validEnquiry({ message: `We need an evening office clean, five days a week. Request ${counter}.` }),
  );
}

type Result = { name: string; rps: number; p50: number; p99: number; errors: number; non2xx: number };
let answered2xx = 0;

// autocannon does not check certificates (it connects with rejectUnauthorized: false whatever tlsOptions
// say), so it needs no CA; startCaddy has already checked Caddy's certificate against Caddy's own authority.
async function load(name: string, url: string): Promise<Result> {
  const run = async (seconds: number) => {
    const result = await autocannon({
      url,
      method: "POST",
      connections,
      duration: seconds,
      headers: { "content-type": "application/json", accept: "application/json" },
      requests: [{ setupRequest: (request) => ({ ...request, body: enquiry() }) }],
    });
    answered2xx += result["2xx"];
    return result;
  };
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

if (!existsSync(path.join(process.cwd(), "build/server/index.js"))) {
  console.error("bench:deploy runs the production server: build it first with `npm run build`.");
  process.exit(1);
}
if (!existsSync(caddyBinary)) {
  console.error(`bench:deploy needs Caddy at ${caddyBinary}: run \`bash scripts/ensure-caddy.sh\`.`);
  process.exit(1);
}

const database = await freshPostgresDatabase();
const deployment = await prepareDeployment(database.url);
const ports = [await freePort(), await freePort(), await freePort()];
const results: Result[] = [];
let stored = 0;
try {
  await startServerProcesses(deployment, ports.slice(0, 1));
  const direct = `http://127.0.0.1:${ports[0]}/contact-handler.php`;
  let directRun = 0;
  const loadDirect = async () => {
    directRun++;
    results.push(await load(`direct to 1 process (HTTP), run ${directRun}`, direct));
  };
  await loadDirect();
  for (const count of [1, 2, 3]) {
    // Each process is started for the first row that uses it, and idles through the direct runs after.
    if (count > 1) await startServerProcesses(deployment, ports.slice(count - 1, count));
    const caddy = await startCaddy(deployment, ports.slice(0, count));
    try {
      results.push(
        await load(
          `Caddy (HTTPS) to ${count} process${count === 1 ? "" : "es"}`,
          `${deployment.publicUrl}/contact-handler.php`,
        ),
      );
    } finally {
      await caddy.stop();
    }
    await loadDirect();
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("SELECT COUNT(*) AS n FROM enquiries");
    stored = Number(rows[0]?.n);
  } finally {
    await client.end();
  }
} finally {
  await stopServerProcesses(deployment, ports);
  await database.drop();
  removeDeployment(deployment);
}

const directRuns = results.filter((r) => r.name.startsWith("direct"));
const baseline = {
  rps: directRuns.reduce((sum, r) => sum + r.rps, 0) / directRuns.length,
  p99: directRuns.reduce((sum, r) => sum + r.p99, 0) / directRuns.length,
};
const percent = (n: number) => `${(n * 100).toFixed(0)}%`;
console.log(
  `\nValid enquiries, ${connections} connections, ${duration} s per row after a ${warmUp} s warm-up, one PostgreSQL database, loopback\n`,
);
console.table(
  results.map((r) => ({
    path: r.name,
    "posts/s": Math.round(r.rps),
    "p50 ms": r.p50,
    "p99 ms": r.p99,
    "posts/s vs direct": percent(r.rps / baseline.rps),
    "p99 vs direct": percent(r.p99 / baseline.p99),
    "errors/non-2xx": `${r.errors}/${r.non2xx}`,
  })),
);
const spread = directRuns.map((r) => Math.round(r.rps));
console.log(
  `Direct baseline: the mean of ${directRuns.length} direct runs, ${Math.round(baseline.rps)} posts/s (from ${Math.min(...spread)} to ${Math.max(...spread)}: ` +
    `how much the machine's other work moves the figures), p99 ${baseline.p99.toFixed(0)} ms.`,
);
console.log(
  `${answered2xx} posts answered 2xx within the runs (warm-ups included); ${stored} enquiries stored (a run's last posts in flight are stored but not counted).`,
);
