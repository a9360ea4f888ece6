// What the lead endpoints do when the database fails under them, and when the server is stopped
// while posts keep coming.
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { readResultToken } from "#core/forms/result-token.server.ts";
import {
  freshPostgresDatabase,
  type Harness,
  postEnquiry,
  postgresUrl,
  startHarness,
  startServerProcess,
  TestSmtp,
  validEnquiry,
} from "../../tests/support/harness.ts";
import { TcpProxy } from "../../tests/support/tcp-proxy.ts";

type Answer = { status: number; success: boolean; message: string; retryAfter: string | null; ms: number };

async function post(h: Harness, body = validEnquiry()): Promise<Answer> {
  const started = Date.now();
  const response = await postEnquiry(h.url, body);
  const reply = (await response.json()) as { success: boolean; message: string };
  return {
    ...reply,
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    ms: Date.now() - started,
  };
}

function referenceIn(message: string): string {
  const match = /ENQ-[0-9A-Z]{6}/.exec(message);
  if (!match) throw new Error(`No reference in: ${message}`);
  return match[0];
}

const notSaved = /your message was not saved\. Please try again in a minute, or call us on 0161 496 0123/;

describe("PostgreSQL behind a proxy that refuses, then stalls", () => {
  let proxy: TcpProxy | null = null;
  let h: Harness | null = null;
  afterEach(async () => {
    await proxy?.close();
    await h?.close();
    proxy = null;
    h = null;
  });

  it("answers 503 with Retry-After within the timeouts, acknowledges only what it stored, and recovers", async () => {
    const target = new URL(postgresUrl);
    proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.pass();
    const proxied = new URL(postgresUrl);
    proxied.port = String(proxy.port);
    h = await startHarness("postgres", {
      DATABASE_URL: proxied.toString(),
      DATABASE_CONNECT_TIMEOUT_MS: "800",
      DATABASE_QUERY_TIMEOUT_MS: "1000",
      // Each post waits a second for the database to come back (a failover's wait, shortened) before 503.
      FAILOVER_HOLD_MS: "1000",
    });
    const harness = h;
    const acknowledged: string[] = [];
    const readyz = async () => (await fetch(`${harness.url}/readyz`)).status;
    // However a failure shows itself, the answer comes within the hold and the connect and query
    // timeouts: the first try's failure, the hold from then, and a last try begun just inside it.
    // (The slack is for a machine busy with other tests.)
    const bound = 2 * (800 + 1000) + 1000 + 3000;
    const expectNotSaved = (answer: Answer) => {
      expect(answer).toMatchObject({ status: 503, success: false, retryAfter: "30" });
      expect(answer.message).toMatch(notSaved);
      expect(answer.ms).toBeLessThan(bound);
    };

    const ok = await post(harness);
    expect(ok.status).toBe(200);
    acknowledged.push(referenceIn(ok.message));
    expect(await readyz()).toBe(200);

    // Refused: nothing listens where the database was.
    await proxy.refuse();
    for (const answer of await Promise.all([post(harness), post(harness), post(harness)]))
      expectNotSaved(answer);
    expect(await readyz()).toBe(503);
    // A post made without JavaScript comes back to the form with the same message.
    const navigation = await fetch(`${harness.url}/contact-handler.php`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: new URLSearchParams(validEnquiry() as Record<string, string>),
    });
    expect(navigation.status).toBe(303);
    const token = new URL(String(navigation.headers.get("location")), harness.url).searchParams.get("result");
    expect(readResultToken(token ?? "", "contact", harness.services.secrets.resultSecret)).toEqual({
      type: "error",
      message: expect.stringMatching(notSaved),
    });

    // Back, then stalled: connections open but silent, the pool's and new ones alike.
    await proxy.pass();
    await expect.poll(readyz, { timeout: 5000 }).toBe(200);
    const before = await post(harness);
    expect(before.status).toBe(200);
    acknowledged.push(referenceIn(before.message));
    await proxy.stall();
    for (const answer of await Promise.all(Array.from({ length: 6 }, () => post(harness))))
      expectNotSaved(answer);
    const stalledReadyz = Date.now();
    expect(await readyz()).toBe(503);
    expect(Date.now() - stalledReadyz).toBeLessThan(bound);

    // Passing again: posts succeed at once, without a restart.
    await proxy.pass();
    const after = await post(harness);
    expect(after.status).toBe(200);
    acknowledged.push(referenceIn(after.message));
    expect(await readyz()).toBe(200);

    // Every post answered with success is stored (read straight from the server, not through the proxy).
    const direct = new pg.Client({
      connectionString: postgresUrl,
      options: `-c search_path=${harness.store.schema}`,
    });
    await direct.connect();
    try {
      const rows = await direct.query<{ reference: string }>("SELECT reference FROM enquiries");
      const stored = rows.rows.map((row) => row.reference);
      for (const reference of acknowledged) expect(stored).toContain(reference);
    } finally {
      await direct.end();
    }
    expect(harness.logs).toContainEqual(
      expect.objectContaining({
        level: "warn",
        form: "contact",
        msg: "submission not stored: the database is unavailable",
      }),
    );
  }, 60_000);
});

describe("SQLite while another process holds the write lock", () => {
  it("answers 503 after the bounded busy wait, then stores the post once the lock is released", async () => {
    const h = await startHarness("sqlite", { DATABASE_QUERY_TIMEOUT_MS: "300", FAILOVER_HOLD_MS: "500" });
    const other = new DatabaseSync(h.store.databaseUrl);
    try {
      other.exec("BEGIN IMMEDIATE");
      const blocked = await post(h);
      expect(blocked).toMatchObject({ status: 503, success: false, retryAfter: "30" });
      expect(blocked.message).toMatch(notSaved);
      other.exec("COMMIT");
      const stored = await post(h);
      expect(stored.status).toBe(200);
      const [row] = await h.services.db.all<{ n: number }>("SELECT COUNT(*) AS n FROM enquiries");
      expect(Number(row?.n)).toBe(1);
    } finally {
      if (other.isTransaction) other.exec("ROLLBACK");
      other.close();
      await h.close();
    }
  });
});

/** One enquiry over a kept-alive connection: its answer, or how it failed and on what kind of connection. */
function postKeptAlive(url: string, agent: http.Agent, body: string) {
  return new Promise<{ status: number; message: string } | { error: string; reused: boolean }>((resolve) => {
    const req = http.request(
      `${url}/contact-handler.php`,
      {
        method: "POST",
        agent,
        headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            message: (JSON.parse(text) as { message: string }).message,
          }),
        );
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? String(error), reused: req.reusedSocket }),
    );
    req.end(body);
  });
}

describe.each(["sqlite", "postgres"] as const)("SIGTERM under load on %s", (dialect) => {
  it("stores every acknowledged post, resets no kept-alive connection, and exits within 10 s", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "leads-sigterm-"));
    const postgres = dialect === "postgres" ? await freshPostgresDatabase() : null;
    const databaseUrl = postgres?.url ?? path.join(dataDir, "site.sqlite");
    const smtp = new TestSmtp();
    // Slow enough that sends are in hand when the signal comes.
    smtp.answerDelayMs = () => 150;
    await smtp.start();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    try {
      const server = await startServerProcess({
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      });
      const acknowledged: string[] = [];
      const unanswered: { message: string; error: string; reused: boolean }[] = [];
      // Sixteen clients post one after another on kept-alive connections until the server turns them away.
      const clients = Array.from({ length: 16 }, async () => {
        for (let i = 0; i < 500; i++) {
          const enquiry = validEnquiry();
          const result = await postKeptAlive(server.url, agent, JSON.stringify(enquiry));
          if ("status" in result) {
            expect(result.status).toBe(200);
            acknowledged.push(referenceIn(result.message));
            continue;
          }
          unanswered.push({ message: String(enquiry.message), ...result });
          if (!result.reused) return;
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 800));
      const signalled = Date.now();
      server.child.kill("SIGTERM");
      const code = await server.exited;
      const took = Date.now() - signalled;
      await Promise.all(clients);

      expect(code).toBe(0);
      expect(took).toBeLessThan(10_000);
      expect(acknowledged.length).toBeGreaterThan(10);
      // A request sent on a connection the server had kept alive is always answered. Only a new
      // connection can fail: refused once nothing listens, or reset by the system if it was still
      // waiting to be taken when the server stopped listening; either way the request was never read.
      expect(unanswered.filter((u) => u.reused)).toEqual([]);
      expect(unanswered.every((u) => u.error === "ECONNREFUSED" || u.error === "ECONNRESET")).toBe(true);

      const read = async <T>(sql: string): Promise<T[]> => {
        if (!postgres) {
          const db = new DatabaseSync(databaseUrl, { readOnly: true });
          try {
            return db.prepare(sql).all() as T[];
          } finally {
            db.close();
          }
        }
        const client = new pg.Client({ connectionString: postgres.url });
        await client.connect();
        try {
          return (await client.query(sql)).rows as T[];
        } finally {
          await client.end();
        }
      };
      const rows = await read<{ reference: string; message: string }>(
        "SELECT reference, message FROM enquiries",
      );
      const stored = new Set(rows.map((r) => r.reference));
      for (const reference of acknowledged) expect(stored.has(reference)).toBe(true);
      // What failed was not stored, so sending it again is safe.
      const messages = new Set(rows.map((r) => r.message));
      for (const failed of unanswered) expect(messages.has(failed.message)).toBe(false);
      // The sends in hand were finished or put back, not left claimed by a process that is gone.
      expect(await read("SELECT id FROM outbox WHERE status = 'sending'")).toEqual([]);
      expect(server.logs).toContainEqual(expect.objectContaining({ msg: "server closed" }));
    } finally {
      agent.destroy();
      await smtp.stop();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
