import { chmodSync, closeSync, mkdirSync, openSync, statSync } from "node:fs";
import path from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { timed, timedStatement, timedStatementSync } from "../observability/profile.ts";
import { numberedPlaceholders, postgres, type SqlDialect, sqlite } from "./dialect.ts";
import { isPostgres, sqliteFileOf } from "./url.ts";

/**
 * The one way the server reaches its database: SQLite (node:sqlite) by default,
 * PostgreSQL when DATABASE_URL is a postgres:// URL. Queries are written once,
 * with `?` placeholders, and run unchanged on both; the few pieces of SQL that differ
 * are the database's `sql` (./dialect.ts).
 */

/**
 * Connections in each process's PostgreSQL pool: enough for a burst of submissions at once (each holds
 * one for its transaction's two round trips) with the workspace's reads beside them. Several processes
 * on one server need `max_connections` above their sum (plus four each for Database.relaxed).
 */
export const postgresPoolSize = 20;

export type Value = string | number | bigint | null | Uint8Array;
export type Row = Record<string, unknown>;

/** Something queries can run on: the database itself, or an open transaction. */
export type Queryable = {
  /** Rows returned by a SELECT (or by INSERT/UPDATE ... RETURNING). */
  all<T extends Row = Row>(sql: string, params?: Value[]): Promise<T[]>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, params?: Value[]): Promise<number>;
};

/**
 * Holds what a connection writes until the code running now has finished (the next tick), so statements
 * sent together (a transaction's pipelined batch, or its last statements and COMMIT) leave in one write
 * to the socket, not one each: on loopback every write is a system call that also runs the receiving
 * side's work.
 */
const holding = new WeakSet<object>();
function writeTogether(client: pg.PoolClient | pg.Client): void {
  // The socket pg writes to; not in its types.
  const stream = (client as unknown as { connection?: { stream?: { cork?(): void; uncork?(): void } } })
    .connection?.stream;
  if (!stream?.cork || !stream.uncork || holding.has(stream)) return;
  holding.add(stream);
  stream.cork();
  process.nextTick(() => {
    holding.delete(stream);
    stream.uncork?.();
  });
}

/** An open transaction. */
export type Transaction = Queryable & {
  /**
   * Sends a statement whose answer is not needed now, without waiting for it: on PostgreSQL it travels
   * with the statements after it (and the COMMIT) in one round trip. The transaction waits for it
   * before it commits, and fails with it (nothing of the transaction is then kept).
   */
  send(sql: string, params?: Value[]): void;
};

/** A transaction that may also run scripts of several statements, as migrations are. */
export type ScriptTransaction = Queryable & {
  /** Runs a whole script of several statements as it is; nothing splits it. */
  exec(sql: string): Promise<void>;
};

export type Database = Queryable & {
  /** The pieces of SQL that differ between the databases, this one's. */
  sql: SqlDialect;
  /** Runs fn inside one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * For writes that may be lost in a crash without harm (a rate-limit counter), never for a lead or
   * anything a visitor is told was received: each statement commits on its own without waiting for
   * its commit to reach the disk (PostgreSQL: synchronous_commit off; SQLite: synchronous NORMAL).
   */
  relaxed: Queryable;
  /**
   * Runs fn in one transaction that holds a lock named by `name` across every process on this
   * database (PostgreSQL: an advisory lock; SQLite: BEGIN IMMEDIATE, the file's one writer).
   * Another process asking for the same lock waits until this transaction ends.
   */
  exclusive<T>(name: string, fn: (tx: ScriptTransaction) => Promise<T>): Promise<T>;
  /** Runs a script of several statements. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL: the connection pool's use now, for the metrics (SQLite has no pool). */
  poolUse?: () => { total: number; idle: number; waiting: number; max: number };
};

export type DatabaseOptions = {
  /** PostgreSQL: the schema to work in (the tests' throwaway schemas). */
  schema?: string;
  /** PostgreSQL: longest wait for a connection, new or from the pool. */
  connectTimeoutMs?: number;
  /** PostgreSQL: longest a statement may run or wait for its answer. SQLite: longest wait for another writer. */
  queryTimeoutMs?: number;
  /**
   * SQLite: FULL (the default) puts every commit on disk before it returns. NORMAL is kept only so
   * the benchmark can show what FULL costs; with it a power cut can lose the last commits.
   */
  synchronous?: "FULL" | "NORMAL";
};

/** Opens the database named by a DATABASE_URL value: postgres://, file:, or a plain path. */
export function openDatabase(url: string, options: DatabaseOptions = {}): Database {
  return isPostgres(url) ? openPostgres(url, options) : openSqlite(sqliteFileOf(url), options);
}

/**
 * Makes the database file readable and writable by its owner only, like keys.json beside it: a new file
 * is created so before SQLite opens it, and a looser existing one (with its journal, the -wal and -shm
 * files) is tightened. SQLite gives the journal files it creates the database file's permissions.
 */
function ownerOnly(file: string): void {
  closeSync(openSync(file, "a", 0o600));
  for (const name of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    try {
      if ((statSync(name).mode & 0o077) !== 0) chmodSync(name, 0o600);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Not there (yet), or another user's file this process may use but not change: left as it is.
      if (code !== "ENOENT" && code !== "EPERM") throw error;
    }
  }
}

function openSqlite(file: string, options: DatabaseOptions): Database {
  if (file !== ":memory:") {
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    ownerOnly(file);
  }
  const db = new DatabaseSync(file);
  const busyTimeoutMs = Math.round(options.queryTimeoutMs ?? 5000);
  // Several processes may share the file: a statement waits this long for another's write to end.
  // node:sqlite is synchronous, so the wait holds up this process too: it is kept short.
  db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
  // Deleted rows are overwritten with zeros and freed pages can be given back (server/lifecycle/), so
  // deleted personal data cannot be read back from the file. auto_vacuum takes effect on a new file
  // (setting it there writes, so it waits for another process's first write like the WAL switch).
  db.exec("PRAGMA secure_delete = ON");
  whileBusy(() => db.exec("PRAGMA auto_vacuum = INCREMENTAL"), busyTimeoutMs);
  // Switching a new file to WAL while another process opens it can be refused at once, without the
  // busy wait above: try again for as long as that wait would have lasted.
  whileBusy(() => db.exec("PRAGMA journal_mode = WAL"), busyTimeoutMs);
  // FULL: the WAL is synced at every commit, so a reply sent after a commit survives a power cut.
  // The group commit below shares that sync among every submission of one event-loop turn.
  db.exec(`PRAGMA synchronous = ${options.synchronous === "NORMAL" ? "NORMAL" : "FULL"}`);
  db.exec("PRAGMA foreign_keys = ON");
  // SQLite's own lower() folds only A to Z; PostgreSQL's folds every letter. The same searches must
  // find "Łukasz" and "Zoë" on both, so lower() here is JavaScript's.
  db.function("lower", { deterministic: true }, (value) =>
    typeof value === "string" ? value.toLowerCase() : value,
  );
  // Copying the WAL back into the database (and the fsyncs that go with it) is the dearest part of
  // a commit; a second connection on its own thread does most of it, so requests rarely wait for it.
  // Under steady writes the WAL cannot restart while commits keep arriving, so the request connection
  // still checkpoints at this many pages (about 40 MB); by then little is left to copy.
  const checkpointer = file === ":memory:" ? null : startCheckpointer(path.resolve(file));
  db.exec(`PRAGMA wal_autocheckpoint = ${checkpointer ? 10_000 : 1000}`);

  // Prepared once, reused for every request.
  const statements = new Map<string, StatementSync>();
  function prepare(sql: string): StatementSync {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  }

  // node:sqlite is synchronous and has one connection, so a transaction that awaits
  // must keep other requests' statements out until it ends: they queue behind it.
  let current: Promise<void> = Promise.resolve();
  let inTransaction = false;

  function allNow<T extends Row>(sql: string, params: Value[]): T[] {
    return timedStatementSync(sql, () => prepare(sql).all(...(params as SQLInputValue[])) as T[]);
  }
  function runNow(sql: string, params: Value[]): number {
    return timedStatementSync(sql, () => Number(prepare(sql).run(...(params as SQLInputValue[])).changes));
  }
  const direct: Queryable = {
    async all<T extends Row>(sql: string, params: Value[] = []) {
      return allNow<T>(sql, params);
    },
    async run(sql: string, params: Value[] = []) {
      return runNow(sql, params);
    },
  };
  // node:sqlite runs each statement as it is given: one sent is done before send() returns.
  const inBatch: Transaction = {
    ...direct,
    send(sql, params = []) {
      runNow(sql, params);
    },
  };
  const durable = options.synchronous === "NORMAL" ? "NORMAL" : "FULL";
  /**
   * Runs one statement on its own (its own commit) without syncing that commit to disk; the next synced
   * commit, any lead's, carries it there too. Synchronous from start to end, so no other statement
   * ever runs with the setting.
   */
  function unsynced<T>(fn: () => T): T {
    prepare("PRAGMA synchronous = NORMAL").run();
    try {
      return fn();
    } finally {
      prepare(`PRAGMA synchronous = ${durable}`).run();
    }
  }
  const relaxed: Queryable = {
    all: <T extends Row>(sql: string, params: Value[] = []) =>
      outside(async () => unsynced(() => allNow<T>(sql, params))),
    run: (sql, params = []) => outside(async () => unsynced(() => runNow(sql, params))),
  };

  async function outside<T>(fn: () => Promise<T>): Promise<T> {
    while (inTransaction) await current;
    return fn();
  }

  // Group commit: transactions requested in the same turn of the event loop run one
  // after another inside a single BEGIN ... COMMIT, so the commit (a write to the WAL)
  // is paid once per batch. Every caller hears back only after that COMMIT. When one
  // of them fails, the whole batch is rolled back and each is run again on its own,
  // so a failure never takes another caller's work with it.
  type Job = {
    fn: (tx: Transaction) => Promise<unknown>;
    resolve: (value: unknown) => void;
    reject: (error: unknown) => void;
  };
  let queue: Job[] = [];
  let scheduled = false;

  /** Runs fn between BEGIN IMMEDIATE and COMMIT with every other statement of this connection held back. */
  async function immediate<T>(fn: () => Promise<T>): Promise<T> {
    while (inTransaction) await current;
    let finished = () => {};
    current = new Promise<void>((resolve) => {
      finished = resolve;
    });
    inTransaction = true;
    try {
      timedStatementSync("BEGIN IMMEDIATE", () => prepare("BEGIN IMMEDIATE").run());
      const value = await fn();
      timedStatementSync("COMMIT", () => prepare("COMMIT").run());
      return value;
    } catch (error) {
      if (db.isTransaction) prepare("ROLLBACK").run();
      throw error;
    } finally {
      inTransaction = false;
      finished();
    }
  }

  async function runBatch(
    jobs: Job[],
  ): Promise<{ ok: true; values: unknown[] } | { ok: false; error: unknown }> {
    try {
      const values = await immediate(async () => {
        const results: unknown[] = [];
        for (const job of jobs) results.push(await job.fn(inBatch));
        return results;
      });
      return { ok: true, values };
    } catch (error) {
      return { ok: false, error };
    }
  }

  async function flush() {
    scheduled = false;
    const jobs = queue;
    queue = [];
    if (jobs.length === 0) return;
    const batch = await runBatch(jobs);
    if (batch.ok) {
      jobs.forEach((job, i) => {
        job.resolve(batch.values[i]);
      });
      return;
    }
    // Busy, full or broken: running each job alone would only meet the same wait again, once each.
    if (jobs.length === 1 || isUnavailable(batch.error)) {
      for (const job of jobs) job.reject(batch.error);
      return;
    }
    for (const job of jobs) {
      const alone = await runBatch([job]);
      if (alone.ok) job.resolve(alone.values[0]);
      else job.reject(alone.error);
    }
  }

  return {
    sql: sqlite,
    all: (sql, params) => outside(() => direct.all(sql, params)),
    run: (sql, params) => outside(() => direct.run(sql, params)),
    relaxed,
    transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ fn, resolve: resolve as (value: unknown) => void, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(() => void flush());
        }
      });
    },
    exclusive<T>(_name: string, fn: (tx: ScriptTransaction) => Promise<T>): Promise<T> {
      // SQLite has one writer per file: BEGIN IMMEDIATE waits (busy_timeout) for any other to finish.
      return immediate(() => fn({ ...direct, exec: async (sql) => db.exec(sql) }));
    },
    async exec(sql) {
      await outside(async () => db.exec(sql));
    },
    async close() {
      await checkpointer?.terminate();
      db.close();
    },
  };
}

/** Runs fn, trying again every 20 ms while SQLite answers SQLITE_BUSY, for at most timeoutMs. */
function whileBusy(fn: () => void, timeoutMs: number): void {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      fn();
      return;
    } catch (error) {
      const errcode = (error as { errcode?: unknown }).errcode;
      if (typeof errcode !== "number" || (errcode & 0xff) !== 5 || Date.now() > until) throw error;
      // Start-up only, before the server listens: a blocking pause is harmless here.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}

// Runs in a worker thread with its own connection: a passive checkpoint every 100 ms never blocks
// the request connection's writers or readers, and after a complete one the next commit starts
// the WAL from the beginning again, so it stays small.
const checkpointerSource = `
const { DatabaseSync } = require("node:sqlite");
const { workerData } = require("node:worker_threads");
const db = new DatabaseSync(workerData.file);
const timer = setInterval(() => {
  try {
    db.exec("PRAGMA wal_checkpoint(PASSIVE)");
  } catch {
    // Busy or locked: the next tick tries again, and the request connection is the backstop.
  }
}, 100);
process.on("exit", () => { clearInterval(timer); db.close(); });
`;

function startCheckpointer(file: string): Worker {
  const worker = new Worker(checkpointerSource, { eval: true, workerData: { file } });
  worker.unref();
  // Losing the thread costs speed, not data: the request connection's own checkpoints take over.
  worker.on("error", () => {});
  return worker;
}

function toPg(params: Value[]): unknown[] {
  return params.map((value) => (value instanceof Uint8Array ? Buffer.from(value) : value));
}

// Ids and millisecond times are BIGINT columns; they fit a JavaScript number with room to spare.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);

function openPostgres(url: string, options: DatabaseOptions): Database {
  const connectTimeoutMs = options.connectTimeoutMs ?? 3000;
  const queryTimeoutMs = options.queryTimeoutMs ?? 5000;
  // Every commit is flushed to disk before it returns, whatever the server's own default says.
  const startup = [
    "-c synchronous_commit=on",
    ...(options.schema ? [`-c search_path=${options.schema}`] : []),
  ];
  const connection = { connectionString: url, options: startup.join(" "), keepAlive: true };
  const limits = {
    // Both a new connection and a wait for a free one give up after this long.
    connectionTimeoutMillis: connectTimeoutMs,
    // The server stops a statement that runs too long; the client stops waiting for a server that has
    // gone quiet (a stalled network), a little later, and the connection is then thrown away.
    statement_timeout: queryTimeoutMs,
    query_timeout: queryTimeoutMs + 1000,
    idle_in_transaction_session_timeout: queryTimeoutMs * 2,
  };
  const pool = new pg.Pool({
    ...connection,
    max: postgresPoolSize,
    // Statements are written to the connection as they are asked for, without waiting for the answer
    // to the one before: a transaction's statements that do not depend on each other share one round
    // trip (Transaction.send). Each still runs in order, and in its transaction.
    pipeline: true,
    ...limits,
  });
  // Rate-limit counters and the like (Database.relaxed): a few connections whose commits do not wait
  // for the disk. Nothing else is ever written through them.
  const relaxedPool = new pg.Pool({
    connectionString: url,
    options: [
      "-c synchronous_commit=off",
      ...(options.schema ? [`-c search_path=${options.schema}`] : []),
    ].join(" "),
    keepAlive: true,
    max: 4,
    ...limits,
  });
  // An idle client losing its connection must not bring the server down.
  pool.on("error", () => {});
  relaxedPool.on("error", () => {});
  // Each statement is prepared once per connection, under a name, and then only its values are sent.
  // Statements beyond the first thousand (none are expected) go unnamed, so the server's memory of them
  // stays bounded.
  const statements = new Map<string, { name: string | undefined; text: string }>();
  function prepared(sql: string, params: Value[]): pg.QueryConfig {
    let statement = statements.get(sql);
    if (!statement) {
      statement = {
        name: statements.size < 1000 ? `s${statements.size}` : undefined,
        text: numberedPlaceholders(sql),
      };
      statements.set(sql, statement);
    }
    return { name: statement.name, text: statement.text, values: toPg(params) };
  }
  function on(client: pg.Pool | pg.PoolClient | pg.Client): Queryable {
    const query = (sql: string, params: Value[]) =>
      timedStatement(sql, () => {
        if (!(client instanceof pg.Pool)) writeTogether(client);
        return client.query(prepared(sql, params));
      });
    return {
      async all<T extends Row>(sql: string, params: Value[] = []) {
        return (await query(sql, params)).rows as T[];
      },
      async run(sql: string, params: Value[] = []) {
        return (await query(sql, params)).rowCount ?? 0;
      },
    };
  }
  const direct = on(pool);
  return {
    sql: postgres,
    ...direct,
    relaxed: on(relaxedPool),
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      const client = await timed("pool: wait for a connection", () => pool.connect());
      // A connection that timed out or broke is thrown away, never handed to the next request.
      let broken = false;
      // What was sent without waiting (BEGIN first): each is waited for before the transaction is
      // called done, and the first failure among them fails it.
      const sent: Promise<unknown>[] = [];
      const pipelined = (sql: string, query: () => Promise<unknown>) => {
        const answer = timedStatement(sql, query);
        // Looked at below; until then a failure must not count as unhandled.
        answer.catch(() => {});
        sent.push(answer);
      };
      try {
        // Travels with the transaction's first statements.
        writeTogether(client);
        pipelined("BEGIN", () => client.query("BEGIN"));
        const result = await fn({
          ...on(client),
          send: (sql, params = []) =>
            pipelined(sql, () => {
              writeTogether(client);
              return client.query(prepared(sql, params));
            }),
        });
        // Sent right behind the statements not yet answered. After a failed statement PostgreSQL
        // answers COMMIT by rolling back, so nothing of a failed transaction is kept.
        writeTogether(client);
        pipelined("COMMIT", () => client.query("COMMIT"));
        for (const answer of await Promise.allSettled(sent)) {
          if (answer.status === "rejected") throw answer.reason;
        }
        return result;
      } catch (error) {
        broken = isUnavailable(error);
        if (!broken) {
          await client.query("ROLLBACK").catch(() => {
            broken = true;
          });
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async exclusive<T>(name: string, fn: (tx: ScriptTransaction) => Promise<T>): Promise<T> {
      // A connection of its own, without the pool's statement timeout: waiting for another process's
      // migrations, or running a long one, is expected here.
      const client = new pg.Client({ ...connection, connectionTimeoutMillis: connectTimeoutMs });
      client.on("error", () => {});
      await client.connect();
      try {
        await client.query("BEGIN");
        // Named per database and schema, so separate schemas (the tests') do not wait for each other.
        await client.query(
          "SELECT pg_advisory_xact_lock(hashtext(current_database() || '.' || coalesce(current_schema(), '') || '.' || $1))",
          [name],
        );
        // A query without parameters goes as a simple query, which runs a whole multi-statement script.
        const result = await fn({ ...on(client), exec: async (sql) => void (await client.query(sql)) });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        await client.end().catch(() => {});
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async close() {
      await Promise.all([pool.end(), relaxedPool.end()]);
    },
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? postgresPoolSize,
    }),
  };
}

/** True when an error is a unique-constraint violation, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, errcode, message } = error as { code?: unknown; errcode?: unknown; message?: unknown };
  if (code === "23505") return true;
  if (errcode === 2067 || errcode === 1555) return true;
  return typeof message === "string" && message.includes("UNIQUE constraint failed");
}

// PostgreSQL error classes that mean "not now" rather than "not this": connection exceptions (08),
// insufficient resources (53), operator intervention such as a shutdown or a timeout (57), and
// serialization failures and deadlocks (40001, 40P01).
const unavailableSqlState = /^(08|53|57)|^40001$|^40P01$/;
const unavailableNodeCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// SQLite primary result codes: BUSY, LOCKED, NOMEM, READONLY, IOERR, FULL, CANTOPEN, PROTOCOL.
const unavailableSqliteCodes = new Set([5, 6, 7, 8, 10, 13, 14, 15]);

/**
 * True when an error means the database cannot be reached or cannot take the write just now
 * (unreachable, stalled, timed out, busy, disk full), so the request may succeed if tried again.
 */
export function isUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, errcode, message, cause } = error as {
    code?: unknown;
    errcode?: unknown;
    message?: unknown;
    cause?: unknown;
  };
  if (typeof code === "string" && (unavailableSqlState.test(code) || unavailableNodeCodes.has(code))) {
    return true;
  }
  if (typeof errcode === "number" && unavailableSqliteCodes.has(errcode & 0xff)) return true;
  if (
    typeof message === "string" &&
    /timeout expired|timeout exceeded when trying to connect|Query read timeout|Connection terminated|connection timeout|Client has encountered a connection error/i.test(
      message,
    )
  ) {
    return true;
  }
  return cause !== undefined && cause !== error && isUnavailable(cause);
}
