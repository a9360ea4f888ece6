// The site losing its PostgreSQL primary, and then its standby, while visitors keep posting enquiries:
// two real server processes behind one HAProxy address, a two-member Patroni cluster with synchronous
// replication (tests/support/patroni-cluster.ts), and a real SMTP server. Run by `npm run test:failover`.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formTokenHeader } from "#core/forms/form-token.ts";
import { openDatabase } from "../../server/db/database.ts";
import { type ServerProcess, startServerProcess, TestSmtp, validEnquiry } from "../support/harness.ts";
import {
  httpsRequest,
  type Member,
  type PatroniCluster,
  startPatroniCluster,
  testTimings,
} from "../support/patroni-cluster.ts";

/**
 * An answer later than this counts as a hang: the server holds a post through a failover for up to
 * FAILOVER_HOLD_MS (30 s by default), then answers.
 */
const clientTimeoutMs = 45_000;

/** As the forms' script does (use-form-submission.ts): a 503 with Retry-After is sent again, for a minute. */
const retryWindowMs = 60_000;
const longestRetryWaitMs = 10_000;

/**
 * How soon the site must take posts again after the primary's PostgreSQL dies, with the test's timings:
 * the bound docs/database-failover.md gives for the loss of the whole machine (the leader key expiring after ttl, the
 * standby acting within a loop, HAProxy's checks), which a crash of PostgreSQL alone is well inside.
 */
const failoverBoundMs = (testTimings.ttl + testTimings.loopWait + 2) * 1000;

type Post = {
  sentAt: number;
  answeredAt: number;
  message: string;
  email: string;
  /** The final answer's status, after the script's own retries. */
  status?: number;
  retryAfter?: string | null;
  /** How many answers were 503 "try again" (each sent again by the script, with the same key). */
  refusals: number;
  reference?: string;
  error?: string;
};

/**
 * Visitors with JavaScript posting enquiries to the servers in turn, a few at a time, until stopped. Each
 * post is sent as the forms' script sends it: with an idempotency key, and again by itself after a 503's
 * Retry-After.
 */
function startPosting(servers: ServerProcess[], tokens: string[], label: string) {
  const posts: Post[] = [];
  let running = true;
  let counter = 0;
  const visitor = async (n: number) => {
    while (running) {
      const i = counter++;
      const server = i % servers.length;
      const email = `${label}.${i}@example.com`;
      const body = validEnquiry({ lastName: `Khan${i}`, email });
      const post: Post = {
        sentAt: Date.now(),
        answeredAt: 0,
        message: String(body.message),
        email,
        refusals: 0,
      };
      const key = randomUUID();
      try {
        for (;;) {
          const response = await fetch(`${servers[server]?.url}/contact-handler.php`, {
            method: "POST",
            headers: {
              "Content-Type": "application/json",
              [formTokenHeader]: tokens[server] ?? "",
              "Idempotency-Key": key,
            },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(clientTimeoutMs),
          });
          const reply = (await response.json()) as { message: string };
          post.status = response.status;
          post.retryAfter = response.headers.get("retry-after");
          if (response.status === 200) post.reference = /ENQ-[0-9A-Z]{6}/.exec(reply.message)?.[0];
          if (response.status !== 503 || post.retryAfter === null) break;
          post.refusals++;
          const wait = Math.min(Number(post.retryAfter) * 1000, longestRetryWaitMs);
          if (Date.now() + wait - post.sentAt > retryWindowMs) break;
          await sleep(wait);
        }
      } catch (error) {
        post.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
      post.answeredAt = Date.now();
      posts.push(post);
      // About ten posts a second between the visitors, whatever the answers take.
      await new Promise((resolve) => setTimeout(resolve, 300 + n * 10));
    }
  };
  const visitors = Array.from({ length: 3 }, (_, n) => visitor(n));
  return {
    posts,
    async stop() {
      running = false;
      await Promise.all(visitors);
      return posts;
    },
  };
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Asks a server's /readyz over and over until stopped: what it answered, and when. */
function watchReadiness(server: ServerProcess) {
  const answers: { at: number; status: number }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const status = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.status,
        () => 0,
      );
      answers.push({ at: Date.now(), status });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return answers;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every post ended accepted, with its reference: none refused in the end, none unanswered or hung. (A
 * post may have met a 503 with Retry-After on the way, which the script sent again by itself.)
 */
function expectAllAccepted(posts: Post[]) {
  expect(posts.filter((p) => p.error)).toEqual([]);
  expect(posts.filter((p) => p.status !== 200)).toEqual([]);
  expect(posts.filter((p) => !p.reference)).toEqual([]);
}

describe("a two-member Patroni cluster with synchronous replication, behind HAProxy", () => {
  let cluster: PatroniCluster | null = null;
  let smtp: TestSmtp | null = null;
  let servers: ServerProcess[] = [];
  let tokens: string[] = [];
  let dataDir = "";
  const acknowledged: string[] = [];

  beforeAll(async () => {
    cluster = await startPatroniCluster({ waitForStandby: false });
    smtp = new TestSmtp();
    await smtp.start();
    dataDir = mkdtempSync(path.join(tmpdir(), "site-failover-"));
    const env = {
      DATABASE_URL: cluster.databaseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Cottonopolis Facilities <website@cottonopolis.example>",
      PUBLIC_URL: "https://www.cottonopolis.example/",
      DATABASE_CONNECT_TIMEOUT_MS: "1000",
      DATABASE_QUERY_TIMEOUT_MS: "3000",
      OUTBOX_POLL_MS: "100",
      // A claim is another process's to take over only once its lease runs out. Far longer than the
      // failover, as the default two minutes is, so that a process which sent an e-mail and could not
      // record it has the database back, and records it, before anyone else may send it again; short
      // enough that a claim whose answer the failover swallowed is taken up within the test.
      OUTBOX_LEASE_MS: "45000",
    };
    // The servers start (and migrate) while the standby is cloned and made synchronous.
    const standby = cluster.waitHealthy();
    // Awaited below; a failure meanwhile must not go unhandled while the servers start.
    standby.catch(() => {});
    servers = await Promise.all([startServerProcess(env, 60_000), startServerProcess(env, 60_000)]);
    tokens = await Promise.all(
      servers.map(
        async (s) =>
          ((await (await fetch(`${s.url}/api/form-token?form=contact`)).json()) as { token: string }).token,
      ),
    );
    // A form token counts as a person's only once its page is a few seconds old.
    await Promise.all([standby, sleep(3200)]);
  }, 150_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await smtp?.stop();
    await cluster?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("trusts no neighbour: etcd, Patroni's REST API and PostgreSQL each refuse a client without its certificate, its login or its place", async () => {
    const c = cluster as PatroniCluster;
    const etcdKey = (key: string) => Buffer.from(key).toString("base64");
    const range = (key: string) => ({ method: "POST", body: { key: etcdKey(key) } });

    // etcd: without a certificate from the authority, no connection at all.
    await expect(
      httpsRequest(`${c.etcdUrl}/v3/kv/range`, {
        ...range("/service/site-test/leader"),
        tls: { ca: c.appTls.ca },
      }),
    ).rejects.toThrow();
    // With one (an app machine's) but no login: refused, now that etcd's users are on.
    const anonymous = await httpsRequest(`${c.etcdUrl}/v3/kv/range`, {
      ...range("/service/site-test/leader"),
      tls: c.appTls,
    });
    expect(anonymous.status).not.toBe(200);
    expect(anonymous.body).toMatch(/user name is empty|permission denied/);
    // Patroni's login reads its cluster's leader key, and may not write outside its cluster's keys.
    const login = await httpsRequest(`${c.etcdUrl}/v3/auth/authenticate`, {
      method: "POST",
      body: { name: "patroni", password: c.passwords.etcd },
      tls: c.appTls,
    });
    const token = (JSON.parse(login.body) as { token: string }).token;
    const leader = await httpsRequest(`${c.etcdUrl}/v3/kv/range`, {
      ...range("/service/site-test/leader"),
      headers: { authorization: token },
      tls: c.appTls,
    });
    expect(leader.status).toBe(200);
    expect((JSON.parse(leader.body) as { count?: string }).count).toBe("1");
    const elsewhere = await httpsRequest(`${c.etcdUrl}/v3/kv/put`, {
      method: "POST",
      body: { key: etcdKey("/service/another-cluster/leader"), value: etcdKey("pg1") },
      headers: { authorization: token },
      tls: c.appTls,
    });
    expect(elsewhere.status).not.toBe(200);
    expect(elsewhere.body).toMatch(/permission denied/);

    // Patroni's REST API: nothing, not even a read, without a certificate from the authority.
    const primary = (await c.primary()) as Member;
    await expect(c.api(primary, "/cluster", { tls: { ca: c.appTls.ca } })).rejects.toThrow();
    // A change without the password: 401; with it but from a machine not on the allowlist (127.0.0.3,
    // where the list names only 127.0.0.1): 403. Neither changed anything.
    const change = { method: "PATCH", body: { ttl: 99 } };
    expect((await c.api(primary, "/config", change)).status).toBe(401);
    expect(
      (await c.api(primary, "/config", { ...change, auth: true, localAddress: "127.0.0.3" })).status,
    ).toBe(403);
    expect((await c.api(primary, "/restart", { method: "POST", body: {} })).status).toBe(401);
    const config = JSON.parse((await c.api(primary, "/config")).body) as { ttl: number };
    expect(config.ttl).toBe(testTimings.ttl);
    // With both, from a listed machine, a change is taken (this one sets what is already set).
    expect(
      (await c.api(primary, "/config", { method: "PATCH", body: { ttl: testTimings.ttl }, auth: true }))
        .status,
    ).toBe(200);

    // PostgreSQL: the site's role and password without TLS matches no pg_hba line.
    const plain = new URL(c.databaseUrl);
    plain.search = "?sslmode=disable";
    await expect(query(plain.toString(), "SELECT 1")).rejects.toMatchObject({
      code: "28000",
      message: expect.stringContaining("no encryption"),
    });
    // Nor does the superuser over the network, TLS or not: it is let in only through the socket.
    const superuser = new URL(c.databaseUrl);
    superuser.username = "postgres";
    await expect(query(superuser.toString(), "SELECT 1")).rejects.toMatchObject({ code: "28000" });
    // With TLS checking the server's certificate, as the site's DATABASE_URL has it: in, encrypted.
    expect(
      await query<{ ssl: boolean }>(
        c.databaseUrl,
        "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
      ),
    ).toEqual([{ ssl: true }]);

    // The site's own database layer honours the URL's sslmode and sslrootcert: it reaches the primary
    // with the authority's certificate, and refuses a server whose certificate another authority
    // signed, or that does not name the address dialled (localhost is not in it).
    const reach = async (url: string) => {
      const db = openDatabase(url, { connectTimeoutMs: 2000 });
      try {
        return await db.all<{ one: number }>("SELECT 1 AS one");
      } finally {
        await db.close();
      }
    };
    expect(await reach(c.databaseUrl)).toEqual([{ one: 1 }]);
    const otherAuthority = mkdtempSync(path.join(tmpdir(), "other-authority-"));
    try {
      const made = spawnSync("sh", [
        path.resolve(import.meta.dirname, "../../deploy/make-certificates.sh"),
        otherAuthority,
        "ca",
      ]);
      expect(made.status).toBe(0);
      const stranger = new URL(c.databaseUrl);
      stranger.searchParams.set("sslrootcert", path.join(otherAuthority, "ca.crt"));
      await expect(reach(stranger.toString())).rejects.toThrow(/certificate/);
    } finally {
      rmSync(otherAuthority, { recursive: true, force: true });
    }
    const misnamed = new URL(c.databaseUrl);
    misnamed.hostname = "localhost";
    await expect(reach(misnamed.toString())).rejects.toThrow(/altnames|does not match/);
  }, 60_000);

  it("loses the primary's PostgreSQL: every post answered, nothing acknowledged lost or doubled, each e-mail sent once, the old primary back as a standby", async () => {
    const c = cluster as PatroniCluster;
    const oldPrimary = (await c.primary()) as Member;
    expect(oldPrimary).toBeDefined();
    const load = startPosting(servers, tokens, "before-failover");
    await sleep(2000);
    const readiness = watchReadiness(servers[0] as ServerProcess);
    const logLengthAtKill = readFileSync(oldPrimary.log, "utf8").length;
    const killedAt = Date.now();
    process.kill(c.postmasterPid(oldPrimary), "SIGKILL");
    // Posts go on until the other member has been primary for a while.
    let newPrimary: Member | undefined;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      newPrimary = await c.primary();
      if (newPrimary && newPrimary !== oldPrimary) break;
      await sleep(200);
    }
    await sleep(3000);
    const posts = await load.stop();
    const ready = await readiness.stop();

    expect(newPrimary?.name).not.toBe(oldPrimary.name);
    const firstAfter = posts
      .filter((p) => p.sentAt > killedAt && p.status === 200)
      .sort((a, b) => a.answeredAt - b.answeredAt)[0];
    const gapMs = firstAfter ? firstAfter.answeredAt - killedAt : Number.NaN;
    const tryAgain = posts.reduce((n, p) => n + p.refusals, 0);
    const heldLongest = Math.max(
      0,
      ...posts.filter((p) => p.sentAt > killedAt).map((p) => p.answeredAt - p.sentAt),
    );
    process.stdout.write(
      `\nFailover: PostgreSQL killed on ${oldPrimary.name}, ${newPrimary?.name} primary; first 200 after the kill ${(gapMs / 1000).toFixed(1)} s later (bound ${failoverBoundMs / 1000} s); ${posts.length} posts, ${tryAgain} answers of 503 "try again", ${posts.filter((p) => p.status !== 200).length} refused in the end, ${posts.filter((p) => p.error).length} unanswered; the longest wait ${(heldLongest / 1000).toFixed(1)} s.\n`,
    );

    expectAllAccepted(posts);
    // Held through the failover, not refused: no visitor was even asked to try again.
    expect(tryAgain).toBe(0);
    expect(posts.filter((p) => p.sentAt > killedAt && p.status === 200).length).toBeGreaterThan(0);
    expect(gapMs).toBeLessThan(failoverBoundMs);
    // /readyz says "not ready" while there is no primary to write to, and "ready" again after.
    expect(ready.filter((r) => r.at > killedAt && r.status === 503).length).toBeGreaterThan(0);
    expect(ready.at(-1)?.status).toBe(200);

    // Zero lost, none stored twice: read on the new primary directly, not through HAProxy.
    const ours = posts.filter((p) => p.reference).map((p) => p.reference as string);
    acknowledged.push(...ours);
    const rows = await query<{ reference: string; message: string }>(
      c.memberUrl(newPrimary as Member),
      "SELECT reference, message FROM enquiries",
    );
    const stored = new Set(rows.map((r) => r.reference));
    expect(ours.filter((reference) => !stored.has(reference))).toEqual([]);
    const perMessage = new Map<string, number>();
    for (const row of rows) perMessage.set(row.message, (perMessage.get(row.message) ?? 0) + 1);
    expect([...perMessage.entries()].filter(([, n]) => n > 1)).toEqual([]);
    expect(new Set(rows.map((r) => r.reference)).size).toBe(rows.length);

    // The delivery queue drains: nothing waiting, nothing half-sent.
    await expect
      .poll(
        async () =>
          Number(
            (
              await query<{ n: string }>(
                c.memberUrl(newPrimary as Member),
                "SELECT COUNT(*) AS n FROM outbox WHERE channel = 'email' AND status IN ('queued', 'sending')",
              )
            )[0]?.n,
          ),
        { timeout: 90_000, interval: 250 },
      )
      .toBe(0);
    await sleep(500);
    // Each stored enquiry's two e-mails, the company's copy and the visitor's acknowledgement, arrived
    // exactly once.
    const mails = (smtp as TestSmtp).messages.map((m) => m.parsed.subject ?? "");
    const copies = (subject: string) => mails.filter((s) => s === subject).length;
    const counts = rows.map((r) => ({
      reference: r.reference,
      acknowledgement: copies(`We have your enquiry (${r.reference})`),
      notification: mails.filter((s) => s.startsWith(`New enquiry ${r.reference} from `)).length,
    }));
    expect(counts.filter((c) => c.acknowledgement !== 1 || c.notification !== 1)).toEqual([]);

    // Patroni brings the old primary back, rewound onto the new timeline, as the synchronous standby,
    // and it holds every acknowledged enquiry.
    await c.waitHealthy(60_000);
    // How it came back, from what its Patroni logged after the kill.
    const since = readFileSync(oldPrimary.log, "utf8").slice(logLengthAtKill);
    const rejoinedBy = /running pg_rewind from/.test(since)
      ? "pg_rewind"
      : /replica has been created|reinitializ/i.test(since)
        ? "a fresh copy"
        : "following the new timeline as it stood (nothing had diverged, so nothing to rewind)";
    process.stdout.write(`${oldPrimary.name} rejoined as the synchronous standby by ${rejoinedBy}.\n`);
    const members = await c.state();
    const leader = members.find((m) => m.role === "leader");
    expect(leader?.name).toBe(newPrimary?.name);
    expect(members.find((m) => m.name === oldPrimary.name)).toMatchObject({
      role: "sync_standby",
      timeline: leader?.timeline,
    });
    await expect
      .poll(
        async () => {
          const copy = await query<{ reference: string }>(
            c.memberUrl(oldPrimary),
            "SELECT reference FROM enquiries",
          );
          const there = new Set(copy.map((r) => r.reference));
          return ours.filter((reference) => !there.has(reference));
        },
        { timeout: 10_000 },
      )
      .toEqual([]);
  }, 180_000);

  it("loses the standby's machine: with synchronous_mode_strict off, posts keep being accepted on the primary alone", async () => {
    const c = cluster as PatroniCluster;
    const primary = (await c.primary()) as Member;
    const standby = c.members.find((m) => m !== primary) as Member;
    const load = startPosting(servers, tokens, "standby-lost");
    await sleep(1500);
    const killedAt = Date.now();
    await c.killMember(standby);
    // Patroni on the primary stops waiting for a standby that is gone: synchronous_standby_names empties.
    await expect
      .poll(
        async () =>
          (
            await query<{ names: string }>(
              c.memberUrl(primary),
              "SELECT current_setting('synchronous_standby_names') AS names",
            )
          )[0]?.names,
        { timeout: 30_000, interval: 250 },
      )
      .toBe("");
    await sleep(3000);
    const whileAlone = await load.stop();
    const afterKill = whileAlone.filter((p) => p.sentAt > killedAt + testTimings.loopWait * 1000 + 1000);
    process.stdout.write(
      `\nStandby lost: ${whileAlone.length} posts, ${whileAlone.reduce((n, p) => n + p.refusals, 0)} answers of 503; ${afterKill.length} sent once the primary stood alone, ${afterKill.filter((p) => p.status === 200).length} accepted.\n`,
    );

    expectAllAccepted(whileAlone);
    // Once the primary has stopped waiting for it, every post is accepted.
    expect(afterKill.length).toBeGreaterThan(0);
    expect(afterKill.filter((p) => p.status !== 200)).toEqual([]);
    const ours = whileAlone.filter((p) => p.reference).map((p) => p.reference as string);
    const stored = new Set(
      (await query<{ reference: string }>(c.memberUrl(primary), "SELECT reference FROM enquiries")).map(
        (r) => r.reference,
      ),
    );
    expect(ours.filter((reference) => !stored.has(reference))).toEqual([]);

    // The machine comes back: its member catches up and is made synchronous again.
    c.startMember(standby);
    await c.waitHealthy(60_000);
    await expect
      .poll(
        async () => {
          const copy = await query<{ reference: string }>(
            c.memberUrl(standby),
            "SELECT reference FROM enquiries",
          );
          const there = new Set(copy.map((r) => r.reference));
          return [...acknowledged, ...ours].filter((reference) => !there.has(reference));
        },
        { timeout: 10_000 },
      )
      .toEqual([]);
  }, 120_000);
});
