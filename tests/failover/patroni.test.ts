// The site losing its PostgreSQL primary, and then its standby, while visitors keep posting enquiries:
// two real server processes behind one HAProxy address, a two-member Patroni cluster with synchronous
// replication (tests/support/patroni-cluster.ts), and a real SMTP server. Run by `npm run test:failover`.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formTokenHeader } from "#core/forms/form-token.ts";
import { type ServerProcess, startServerProcess, TestSmtp, validEnquiry } from "../support/harness.ts";
import {
  type Member,
  type PatroniCluster,
  startPatroniCluster,
  testTimings,
} from "../support/patroni-cluster.ts";

/** A visitor's browser gives up on a post after this long; an answer later than this counts as a hang. */
const clientTimeoutMs = 15_000;

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
  status?: number;
  retryAfter?: string | null;
  reference?: string;
  error?: string;
};

/** Visitors posting enquiries to the servers in turn, a few at a time, until stopped. */
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
      const post: Post = { sentAt: Date.now(), answeredAt: 0, message: String(body.message), email };
      try {
        const response = await fetch(`${servers[server]?.url}/contact-handler.php`, {
          method: "POST",
          headers: { "Content-Type": "application/json", [formTokenHeader]: tokens[server] ?? "" },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(clientTimeoutMs),
        });
        const reply = (await response.json()) as { message: string };
        post.status = response.status;
        post.retryAfter = response.headers.get("retry-after");
        if (response.status === 200) post.reference = /ENQ-[0-9A-Z]{6}/.exec(reply.message)?.[0];
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

/** What every post must have been answered with: 200, or 503 with Retry-After; nothing else, no hang. */
function expectAllAnswered(posts: Post[]) {
  expect(posts.filter((p) => p.error)).toEqual([]);
  expect(posts.filter((p) => p.status !== 200 && p.status !== 503)).toEqual([]);
  expect(posts.filter((p) => p.status === 503 && !p.retryAfter)).toEqual([]);
  expect(posts.filter((p) => p.status === 200 && !p.reference)).toEqual([]);
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
    const refused = posts.filter((p) => p.status === 503).length;
    process.stdout.write(
      `\nFailover: PostgreSQL killed on ${oldPrimary.name}, ${newPrimary?.name} primary; first 200 after the kill ${(gapMs / 1000).toFixed(1)} s later (bound ${failoverBoundMs / 1000} s); ${posts.length} posts, ${refused} answered 503 "try again", ${posts.filter((p) => p.error).length} unanswered.\n`,
    );

    expectAllAnswered(posts);
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
      `\nStandby lost: ${whileAlone.length} posts, ${whileAlone.filter((p) => p.status === 503).length} answered 503; ${afterKill.length} sent once the primary stood alone, ${afterKill.filter((p) => p.status === 200).length} accepted.\n`,
    );

    expectAllAnswered(whileAlone);
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
