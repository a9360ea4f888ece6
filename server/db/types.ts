/**
 * What the rest of the server sees of its database, whichever it is. Each driver (./sqlite.ts,
 * ./postgres.ts) returns a Database of this shape; ./database.ts chooses between them.
 */
import type { SqlDialect } from "./dialect.ts";

export type Value = string | number | bigint | null | Uint8Array;
export type Row = Record<string, unknown>;

/** Something queries can run on: the database itself, or an open transaction. */
export type Queryable = {
  /** Rows returned by a SELECT (or by INSERT/UPDATE ... RETURNING). */
  all<T extends Row = Row>(sql: string, params?: Value[]): Promise<T[]>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, params?: Value[]): Promise<number>;
};

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

/** How a transaction may be run. */
export type TransactionOptions = {
  /**
   * The caller's word that running fn twice does no harm (a repeat stores nothing more, as a lead's
   * idempotency key makes sure): on PostgreSQL, a transaction broken by a failover is then run once
   * more on a fresh connection before its error is thrown.
   */
  idempotent?: boolean;
};

export type Database = Queryable & {
  /** The pieces of SQL that differ between the databases, this one's. */
  sql: SqlDialect;
  /** Runs fn inside one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>, options?: TransactionOptions): Promise<T>;
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
  /**
   * PostgreSQL: whether the server the pool reaches can write now (false on a standby or a primary
   * being demoted, as in a failover). SQLite has no such state.
   */
  acceptsWrites?: () => Promise<boolean>;
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
