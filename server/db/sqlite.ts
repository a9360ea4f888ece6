/**
 * The SQLite driver, over node:sqlite: one synchronous connection per process, with a group commit that
 * shares each commit's sync among the transactions of one event-loop turn, and a worker thread that
 * checkpoints the write-ahead log beside it.
 */
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from "node:fs";
import path from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { Worker } from "node:worker_threads";
import { timedStatementSync } from "../observability/profile.ts";
import { sqlite } from "./dialect.ts";
import { isSqliteBusy, isUnavailable } from "./errors.ts";
import type {
  Database,
  DatabaseOptions,
  Queryable,
  Row,
  ScriptTransaction,
  Transaction,
  Value,
} from "./types.ts";

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

/** Opens the SQLite database in `file` (":memory:" for one that lives only as long as the process). */
export function openSqlite(file: string, options: DatabaseOptions): Database {
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
      if (!isSqliteBusy(error) || Date.now() > until) throw error;
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
