import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { Worker } from "node:worker_threads";
import pg from "pg";

/**
 * The one way the server reaches its database: SQLite (node:sqlite) by default,
 * PostgreSQL when DATABASE_URL is a postgres:// URL. Queries are written once,
 * with `?` placeholders, and run unchanged on both.
 */

export type Value = string | number | bigint | null | Uint8Array;
export type Row = Record<string, unknown>;

/** Something queries can run on: the database itself, or an open transaction. */
export type Queryable = {
  /** Rows returned by a SELECT (or by INSERT/UPDATE ... RETURNING). */
  all<T extends Row = Row>(sql: string, params?: Value[]): Promise<T[]>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, params?: Value[]): Promise<number>;
};

export type Database = Queryable & {
  dialect: "sqlite" | "postgres";
  /** Runs fn inside one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
};

/** Opens the database named by a DATABASE_URL value: postgres://, file:, or a plain path. */
export function openDatabase(url: string, options: { schema?: string } = {}): Database {
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options.schema);
  const file = url.startsWith("file:") ? url.slice("file:".length) : url;
  return openSqlite(file);
}

function openSqlite(file: string): Database {
  if (file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new DatabaseSync(file);
  // Deleted rows are overwritten with zeros and freed pages can be given back (server/lifecycle/), so
  // deleted personal data cannot be read back from the file. auto_vacuum takes effect on a new file.
  db.exec("PRAGMA secure_delete = ON; PRAGMA auto_vacuum = INCREMENTAL");
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = NORMAL");
  db.exec("PRAGMA foreign_keys = ON");
  // Several server processes may share the file: wait for a writer rather than fail.
  db.exec("PRAGMA busy_timeout = 5000");
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

  const direct: Queryable = {
    async all<T extends Row>(sql: string, params: Value[] = []) {
      return prepare(sql).all(...(params as SQLInputValue[])) as T[];
    },
    async run(sql: string, params: Value[] = []) {
      return Number(prepare(sql).run(...(params as SQLInputValue[])).changes);
    },
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
    fn: (tx: Queryable) => Promise<unknown>;
    resolve: (value: unknown) => void;
    reject: (error: unknown) => void;
  };
  let queue: Job[] = [];
  let scheduled = false;

  async function runBatch(
    jobs: Job[],
  ): Promise<{ ok: true; values: unknown[] } | { ok: false; error: unknown }> {
    while (inTransaction) await current;
    let finished = () => {};
    current = new Promise<void>((resolve) => {
      finished = resolve;
    });
    inTransaction = true;
    try {
      prepare("BEGIN IMMEDIATE").run();
      const values: unknown[] = [];
      for (const job of jobs) values.push(await job.fn(direct));
      prepare("COMMIT").run();
      return { ok: true, values };
    } catch (error) {
      if (db.isTransaction) prepare("ROLLBACK").run();
      return { ok: false, error };
    } finally {
      inTransaction = false;
      finished();
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
    if (jobs.length === 1) {
      jobs[0]?.reject(batch.error);
      return;
    }
    for (const job of jobs) {
      const alone = await runBatch([job]);
      if (alone.ok) job.resolve(alone.values[0]);
      else job.reject(alone.error);
    }
  }

  return {
    dialect: "sqlite",
    all: (sql, params) => outside(() => direct.all(sql, params)),
    run: (sql, params) => outside(() => direct.run(sql, params)),
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ fn, resolve: resolve as (value: unknown) => void, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(() => void flush());
        }
      });
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

/** Rewrites `?` placeholders as PostgreSQL's `$1, $2, ...` (our SQL never has `?` in strings). */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

function toPg(params: Value[]): unknown[] {
  return params.map((value) => (value instanceof Uint8Array ? Buffer.from(value) : value));
}

// Ids and millisecond times are BIGINT columns; they fit a JavaScript number with room to spare.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);

function openPostgres(url: string, schema?: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection must not bring the server down.
  pool.on("error", () => {});
  const texts = new Map<string, string>();
  function text(sql: string): string {
    let converted = texts.get(sql);
    if (!converted) {
      converted = numbered(sql);
      texts.set(sql, converted);
    }
    return converted;
  }
  function on(client: pg.Pool | pg.PoolClient): Queryable {
    return {
      async all<T extends Row>(sql: string, params: Value[] = []) {
        return (await client.query(text(sql), toPg(params))).rows as T[];
      },
      async run(sql: string, params: Value[] = []) {
        return (await client.query(text(sql), toPg(params))).rowCount ?? 0;
      },
    };
  }
  const direct = on(pool);
  return {
    dialect: "postgres",
    ...direct,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await fn(on(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async close() {
      await pool.end();
    },
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
