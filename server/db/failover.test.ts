// What a real server process does while its PostgreSQL database fails over under it, as an operator's
// Patroni cluster behind HAProxy does: every connection is ended at once (pg_terminate_backend, as a
// primary that stops or is demoted ends them), and for a while the database answers but cannot write
// (default_transaction_read_only, as a standby answers). A fresh database of its own, so ending every
// connection to it touches nothing else.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import {
  applicationForm,
  freshPostgresDatabase,
  postApplication,
  postEnquiry,
  type ServerProcess,
  startServerProcess,
  TestSmtp,
  validEnquiry,
} from "../../tests/support/harness.ts";
import { isSwitchingOver, isUnavailable } from "./errors.ts";

type Answer = { status: number; success: boolean; message: string; retryAfter: string | null };

async function answerOf(response: Response): Promise<Answer> {
  const reply = (await response.json()) as { success: boolean; message: string };
  return { ...reply, status: response.status, retryAfter: response.headers.get("retry-after") };
}

const key = () => `failover-${randomBytes(8).toString("hex")}`;
const referenceIn = (message: string) => /(ENQ|APP)-[0-9A-Z]{6}/.exec(message)?.[0] ?? null;
const notSaved = /was not saved\. Please try again in a minute, or call us on 0161 496 0123/;

/** A database of its own, a server process on it, and a connection of the operator's to it. */
async function startOnFreshDatabase(env: Record<string, string> = {}) {
  const database = await freshPostgresDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "failover-test-"));
  let server: ServerProcess | null = null;
  const admin = new pg.Client({ connectionString: database.url });
  try {
    server = await startServerProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, ...env });
    await admin.connect();
  } catch (error) {
    await server?.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const name = new URL(database.url).pathname.slice(1);
  return {
    server,
    admin,
    url: database.url,
    /** Ends every other connection to the database, as a primary that stops or is demoted does. */
    async endConnections(): Promise<number> {
      const { rows } = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
      );
      return rows.length;
    },
    /** New connections cannot write (a standby's answer), and the present ones are ended. */
    async readOnly(on: boolean): Promise<void> {
      await admin.query(`ALTER DATABASE ${name} SET default_transaction_read_only = ${on ? "on" : "off"}`);
      if (on) await this.endConnections();
    },
    async close(): Promise<number | null> {
      const code = await server?.stop();
      await admin.end().catch(() => {});
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
      return code ?? null;
    },
  };
}

type Opened = Awaited<ReturnType<typeof startOnFreshDatabase>>;

/**
 * A TCP proxy in front of PostgreSQL that, once armed, cuts the first connection that commits a lead
 * (a COMMIT sent after an INSERT INTO enquiries) as soon as PostgreSQL has answered that COMMIT, without
 * passing the answer on: a commit whose acknowledgement a failover lost.
 */
class CommitCutter {
  port = 0;
  armed = false;
  cut = 0;
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private readonly target: { host: string; port: number };

  constructor(target: { host: string; port: number }) {
    this.target = target;
  }

  async listen(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("error", () => {});
        socket.on("close", () => this.sockets.delete(socket));
      }
      let lead = false;
      let committing = false;
      client.on("data", (chunk: Buffer) => {
        const text = chunk.toString("latin1");
        if (this.armed && text.includes("INSERT INTO enquiries")) lead = true;
        if (this.armed && lead && this.cut === 0 && text.includes("COMMIT\0")) committing = true;
        upstream.write(chunk);
      });
      upstream.on("data", (chunk: Buffer) => {
        if (committing && chunk.toString("latin1").includes("COMMIT\0")) {
          this.cut++;
          committing = false;
          client.destroy();
          upstream.destroy();
          return;
        }
        client.write(chunk);
      });
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe("a PostgreSQL failover under a running server", () => {
  let opened: Opened | null = null;
  afterEach(async () => {
    await opened?.close();
    opened = null;
  });

  it("retries a post broken by ended connections once on a fresh one: each acknowledged once, no restart", async () => {
    // Long enough for twenty posts to queue behind the lock below on a busy machine.
    opened = await startOnFreshDatabase({ DATABASE_QUERY_TIMEOUT_MS: "20000" });
    const { server, admin } = opened;
    const answers: { key: string; answer: Answer }[] = [];
    const post = async (i: number) => {
      const idempotencyKey = key();
      const response =
        i % 5 === 4
          ? await postApplication(server.url, applicationForm(), { "Idempotency-Key": idempotencyKey })
          : await postEnquiry(server.url, validEnquiry(), { "Idempotency-Key": idempotencyKey });
      answers.push({ key: idempotencyKey, answer: await answerOf(response) });
    };

    // Between posts: the pool's idle connections are all ended.
    await post(0);
    expect(await opened.endConnections()).toBeGreaterThan(0);
    await Promise.all(Array.from({ length: 5 }, (_, i) => post(i)));

    // During posts: twenty held inside their transactions (the lead tables are locked), then every
    // connection ended under them, as a primary's crash ends them mid-transaction.
    // Held on a connection of its own: the operator's sees the others afresh on each look only outside
    // a transaction.
    const locker = new pg.Client({ connectionString: opened.url });
    locker.on("error", () => {});
    await locker.connect();
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE enquiries, applications IN EXCLUSIVE MODE");
    const inFlight = Array.from({ length: 20 }, (_, i) => post(i));
    const waiting = async () =>
      Number(
        (
          await admin.query<{ n: string }>(
            "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          )
        ).rows[0]?.n,
      );
    await expect.poll(waiting, { timeout: 15_000, interval: 20 }).toBe(20);
    expect(await opened.endConnections()).toBeGreaterThanOrEqual(20);
    // The lock went with its connection.
    await locker.end().catch(() => {});
    await Promise.all(inFlight);

    // The database itself never went away: each post broken by an ended connection succeeded on its
    // second try, on a fresh connection.
    expect(answers.map(({ answer }) => answer.status)).toEqual(answers.map(() => 200));
    const rows = await admin.query<{ reference: string; idempotency_key: string }>(
      "SELECT reference, idempotency_key FROM enquiries UNION ALL SELECT reference, idempotency_key FROM applications",
    );
    for (const { key: sent, answer } of answers) {
      expect(rows.rows.filter((row) => row.idempotency_key === sent)).toEqual([
        { reference: referenceIn(answer.message), idempotency_key: sent },
      ]);
    }
    // A post after it all, without a restart.
    expect((await answerOf(await postEnquiry(server.url, validEnquiry()))).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect(server.logs.filter((line) => line.level === "error" || line.level === "fatal")).toEqual([]);
    expect(await opened.close()).toBe(0);
    opened = null;
  }, 60_000);

  it("answers a post whose COMMIT was done but whose answer was lost with its reference, stored once", async () => {
    const database = await freshPostgresDatabase();
    const real = new URL(database.url);
    // Between the server and PostgreSQL: the first connection to commit a lead is cut just after
    // PostgreSQL answers its COMMIT, so the commit is done and the server never hears of it.
    const proxy = new CommitCutter({ host: real.hostname, port: Number(real.port || 5432) });
    await proxy.listen();
    const proxied = new URL(database.url);
    proxied.port = String(proxy.port);
    const dataDir = mkdtempSync(path.join(tmpdir(), "failover-test-"));
    const admin = new pg.Client({ connectionString: database.url });
    let server: ServerProcess | null = null;
    try {
      server = await startServerProcess({ DATABASE_URL: proxied.toString(), DATA_DIR: dataDir });
      await admin.connect();
      proxy.armed = true;
      const idempotencyKey = key();
      const answer = await answerOf(
        await postEnquiry(server.url, validEnquiry(), { "Idempotency-Key": idempotencyKey }),
      );
      expect(proxy.cut).toBe(1);
      expect(answer.status).toBe(200);
      const { rows } = await admin.query<{ reference: string }>(
        "SELECT reference FROM enquiries WHERE idempotency_key = $1",
        [idempotencyKey],
      );
      expect(rows).toEqual([{ reference: referenceIn(answer.message) }]);
      // Its own lead, found again by the second try: stored, not a repeat of an earlier post.
      expect(server.logs).toContainEqual(
        expect.objectContaining({ msg: "submission stored", reference: rows[0]?.reference, repeated: false }),
      );
      // Its e-mails were queued once, with the lead.
      const mails = await admin.query("SELECT id FROM outbox WHERE reference = $1 AND channel = 'email'", [
        rows[0]?.reference,
      ]);
      expect(mails.rowCount).toBe(2);
      expect(server.logs.filter((line) => line.level === "error" || line.level === "fatal")).toEqual([]);
    } finally {
      await server?.stop();
      await admin.end().catch(() => {});
      await proxy.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("holds posts while the database cannot write, and saves each once when it can again: nobody is told to try again", async () => {
    opened = await startOnFreshDatabase();
    const { server } = opened;
    expect((await answerOf(await postEnquiry(server.url, validEnquiry()))).status).toBe(200);

    await opened.readOnly(true);
    const sentAt = Date.now();
    const answers = Promise.all([
      postEnquiry(server.url, validEnquiry({ lastName: "Held" }), { "Idempotency-Key": key() }).then(
        answerOf,
      ),
      postApplication(server.url, applicationForm()).then(answerOf),
    ]);
    // A failover's few seconds, shortened: the posts wait meanwhile rather than being refused.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await opened.readOnly(false);
    const [enquiry, application] = await answers;
    expect(enquiry).toMatchObject({ status: 200, success: true });
    expect(application).toMatchObject({ status: 200, success: true });
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(2500);
    const { rows } = await opened.admin.query<{ last_name: string }>(
      "SELECT last_name FROM enquiries WHERE last_name = 'Held'",
    );
    expect(rows).toHaveLength(1);
    // The process's log lines arrive over its standard output, a moment after its answers.
    await expect
      .poll(() => server.logs)
      .toContainEqual(
        expect.objectContaining({
          level: "info",
          form: "contact",
          msg: "post saved after waiting for the database",
        }),
      );
    expect(server.logs.filter((line) => line.level === "error" || line.level === "fatal")).toEqual([]);
    expect(await opened.close()).toBe(0);
    opened = null;
  }, 60_000);

  it("answers 503 with Retry-After once the database has not taken a post for the whole hold, /readyz too, and recovers without a restart", async () => {
    opened = await startOnFreshDatabase({ FAILOVER_HOLD_MS: "1000" });
    const { server } = opened;
    const readyz = async () => (await fetch(`${server.url}/readyz`)).status;
    expect(await readyz()).toBe(200);
    expect((await answerOf(await postEnquiry(server.url, validEnquiry()))).status).toBe(200);

    await opened.readOnly(true);
    for (const answer of await Promise.all([
      postEnquiry(server.url, validEnquiry(), { "Idempotency-Key": key() }).then(answerOf),
      postEnquiry(server.url, validEnquiry()).then(answerOf),
      postApplication(server.url, applicationForm()).then(answerOf),
    ])) {
      expect(answer).toMatchObject({ status: 503, success: false, retryAfter: "30" });
      expect(answer.message).toMatch(notSaved);
    }
    const readOnly = await fetch(`${server.url}/readyz`);
    expect(readOnly.status).toBe(503);
    expect(await readOnly.json()).toMatchObject({ status: "unavailable", database: "read-only" });
    // A post made without JavaScript comes back to the form with the same words, not a 500.
    const navigation = await fetch(`${server.url}/contact-handler.php`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: new URLSearchParams(validEnquiry() as Record<string, string>),
    });
    expect(navigation.status).toBe(303);

    // A primary again: ready and taking posts within seconds, on connections opened afresh.
    await opened.readOnly(false);
    await expect.poll(readyz, { timeout: 10_000, interval: 200 }).toBe(200);
    await expect
      .poll(async () => (await answerOf(await postEnquiry(server.url, validEnquiry()))).status, {
        timeout: 10_000,
        interval: 200,
      })
      .toBe(200);
    const [stored] = (await opened.admin.query<{ n: string }>("SELECT COUNT(*) AS n FROM enquiries")).rows;
    expect(Number(stored?.n)).toBe(2);
    expect(server.logs).toContainEqual(
      expect.objectContaining({ level: "warn", msg: "submission not stored: the database is unavailable" }),
    );
    expect(server.logs.filter((line) => line.level === "error" || line.level === "fatal")).toEqual([]);
    expect(await opened.close()).toBe(0);
    opened = null;
  }, 60_000);

  it("sends each e-mail once across a failover between its send and its record, pauses quietly and keeps going", async () => {
    const smtp = new TestSmtp();
    await smtp.start();
    try {
      // A short lease, so a message whose record was lost would be claimed and sent again soon.
      opened = await startOnFreshDatabase({
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        SMTP_REQUIRE_TLS: "false",
        OUTBOX_LEASE_MS: "4000",
      });
      const current = opened;
      let switching: Promise<void> | null = null;
      // The mail server has the first message when the database stops taking writes, before it answers.
      smtp.answerDelayMs = () => {
        switching ??= current.readOnly(true);
        return 300;
      };
      const first = await answerOf(await postEnquiry(current.server.url, validEnquiry()));
      expect(first.status).toBe(200);
      const reference = referenceIn(first.message);
      await expect.poll(() => switching !== null, { timeout: 10_000 }).toBe(true);
      await switching;
      // Both e-mails of the enquiry reached the mail server while the database could not record them.
      await smtp.waitFor(2);
      smtp.answerDelayMs = () => 0;
      await expect
        .poll(
          () =>
            current.server.logs.some((line) => String(line.msg).includes("paused until it answers again")),
          {
            timeout: 10_000,
          },
        )
        .toBe(true);

      await current.readOnly(false);
      // Recorded as sent by the claim that sent them, not sent again when the lease ran out.
      await expect
        .poll(
          async () =>
            (
              await current.admin.query<{ status: string }>(
                "SELECT status FROM outbox WHERE reference = $1 AND channel = 'email' ORDER BY id",
                [reference],
              )
            ).rows.map((row) => row.status),
          { timeout: 20_000, interval: 200 },
        )
        .toEqual(["sent", "sent"]);
      const ids = smtp.messages.map((mail) => mail.parsed.messageId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toHaveLength(2);

      // And it keeps going: the next enquiry's two e-mails go at once.
      const next = await answerOf(await postEnquiry(current.server.url, validEnquiry()));
      expect(next.status).toBe(200);
      await smtp.waitFor(4);
      const logs = current.server.logs;
      expect(logs.filter((line) => line.level === "error" || line.level === "fatal")).toEqual([]);
      // One warning for the pause, however many turns it lasted, and one line when it ended.
      expect(logs.filter((line) => String(line.msg).startsWith("delivery queue run failed")).length).toBe(1);
      expect(logs).toContainEqual(
        expect.objectContaining({ msg: "the database is available again; background work resumed" }),
      );
      expect(await current.close()).toBe(0);
      opened = null;
    } finally {
      await smtp.stop();
    }
  }, 60_000);
});

describe("what the errors of a failover are called", () => {
  it("a read-only transaction and an ended connection are a switch-over; a statement timeout is only unavailable", async () => {
    const database = await freshPostgresDatabase();
    const client = new pg.Client({ connectionString: database.url });
    const admin = new pg.Client({ connectionString: database.url });
    client.on("error", () => {});
    try {
      await client.connect();
      await admin.connect();
      await client.query("CREATE TABLE t (v INTEGER)");
      const failure = (sql: string) =>
        client.query(sql).then(
          () => null,
          (error: unknown) => error,
        );

      const readOnly = await failure("BEGIN READ ONLY; INSERT INTO t VALUES (1)");
      await client.query("ROLLBACK");
      expect(readOnly).toMatchObject({ code: "25006" });
      expect(isUnavailable(readOnly)).toBe(true);
      expect(isSwitchingOver(readOnly)).toBe(true);

      const timedOut = await failure("SET statement_timeout = 50; SELECT pg_sleep(1)");
      expect(timedOut).toMatchObject({ code: "57014" });
      expect(isUnavailable(timedOut)).toBe(true);
      expect(isSwitchingOver(timedOut)).toBe(false);
      await client.query("SET statement_timeout = 0");

      const ended = client.query("SELECT pg_sleep(5)").then(
        () => null,
        (error: unknown) => error,
      );
      await expect
        .poll(
          async () =>
            (await admin.query("SELECT 1 FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(5)'")).rowCount,
        )
        .toBe(1);
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
      );
      const endedError = await ended;
      expect(isUnavailable(endedError)).toBe(true);
      expect(isSwitchingOver(endedError)).toBe(true);

      const unique = { code: "23505", message: "duplicate key value violates unique constraint" };
      expect(isUnavailable(unique)).toBe(false);
      expect(isSwitchingOver(unique)).toBe(false);
    } finally {
      await client.end().catch(() => {});
      await admin.end().catch(() => {});
      await database.drop();
    }
  });
});
