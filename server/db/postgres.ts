/**
 * The PostgreSQL driver, over pg: a pool of connections whose commits reach the disk, a few more for
 * Database.relaxed whose commits need not, and statements prepared once per connection and pipelined.
 */
import pg from "pg";
import { timed, timedStatement } from "../observability/profile.ts";
import { numberedPlaceholders, postgres } from "./dialect.ts";
import { isSwitchingOver, isUnavailable } from "./errors.ts";
import type {
  Database,
  DatabaseOptions,
  Queryable,
  Row,
  ScriptTransaction,
  Transaction,
  TransactionOptions,
  Value,
} from "./types.ts";

/**
 * Connections in each process's PostgreSQL pool: enough for a burst of submissions at once (each holds
 * one for its transaction's two round trips) with the workspace's reads beside them. Several processes
 * on one server need `max_connections` above their sum (plus four each for Database.relaxed).
 */
export const postgresPoolSize = 20;

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

function toPg(params: Value[]): unknown[] {
  return params.map((value) => (value instanceof Uint8Array ? Buffer.from(value) : value));
}

// Ids and millisecond times are BIGINT columns; they fit a JavaScript number with room to spare.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);

/** Opens a pool of connections to the PostgreSQL database a postgres:// URL names. */
export function openPostgres(url: string, options: DatabaseOptions): Database {
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
  // An idle client losing its connection must not bring the server down (the pool drops it).
  pool.on("error", () => {});
  relaxedPool.on("error", () => {});

  // Bumped whenever a connection shows that its server is not, or no longer, the primary (a failover:
  // see isSwitchingOver). Connections opened before then are suspect: each is closed when next taken
  // from a pool instead of being used, so the next attempt opens a fresh one, which goes wherever the
  // database's address leads now (the new primary, once there is one).
  let generation = 0;
  const openedIn = new WeakMap<pg.PoolClient, number>();
  for (const each of [pool, relaxedPool]) {
    each.on("connect", (client) => {
      openedIn.set(client, generation);
      // A connection that breaks while checked out but between statements would otherwise throw an
      // unhandled 'error' and end the process; its next statement fails instead, and it is dropped.
      client.on("error", () => {});
    });
  }
  function noticeFailure(error: unknown): void {
    if (isSwitchingOver(error)) generation++;
  }
  async function checkout(from: pg.Pool): Promise<pg.PoolClient> {
    const since = generation;
    for (;;) {
      let client: pg.PoolClient;
      try {
        client = await from.connect();
      } catch (error) {
        noticeFailure(error);
        throw error;
      }
      if ((openedIn.get(client) ?? -1) >= since) return client;
      client.release(true);
    }
  }
  /** Gives a connection back to its pool, or closes it when the error says it is broken. */
  function giveBack(client: pg.PoolClient, error?: unknown): void {
    if (error === undefined) {
      client.release();
      return;
    }
    noticeFailure(error);
    client.release(isUnavailable(error));
  }
  /** One statement on a connection of its own from the pool. `again`: repeat it once after a failover error. */
  async function onPool(
    from: pg.Pool,
    config: pg.QueryConfig | string,
    again: boolean,
  ): Promise<pg.QueryResult> {
    for (let attempt = 0; ; attempt++) {
      let client: pg.PoolClient | null = null;
      try {
        client = await checkout(from);
        const result = await client.query(config);
        giveBack(client);
        return result;
      } catch (error) {
        if (client) giveBack(client, error);
        if (!again || attempt > 0 || !isSwitchingOver(error)) throw error;
      }
    }
  }

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
  function queryable(query: (config: pg.QueryConfig) => Promise<pg.QueryResult>): Queryable {
    return {
      async all<T extends Row>(sql: string, params: Value[] = []) {
        return (await timedStatement(sql, () => query(prepared(sql, params)))).rows as T[];
      },
      async run(sql: string, params: Value[] = []) {
        return (await timedStatement(sql, () => query(prepared(sql, params)))).rowCount ?? 0;
      },
    };
  }
  function on(client: pg.PoolClient | pg.Client): Queryable {
    return queryable((config) => {
      writeTogether(client);
      return client.query(config);
    });
  }
  // A statement on its own is not repeated: it may have been done before its answer was lost. The
  // rate-limit counters of Database.relaxed are: a request counted twice in a failover costs nothing.
  const direct = queryable((config) => onPool(pool, config, false));
  const relaxed = queryable((config) => onPool(relaxedPool, config, true));

  /** One try at a transaction, on a connection no failover has made suspect. */
  async function attempt<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const client = await timed("pool: wait for a connection", () => checkout(pool));
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
      noticeFailure(error);
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
  }

  return {
    sql: postgres,
    ...direct,
    relaxed,
    async transaction<T>(fn: (tx: Transaction) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
      try {
        return await attempt(fn);
      } catch (error) {
        // Broken by a failover, or begun on a server that cannot write: once more, on a fresh
        // connection, when the caller has said a repeat is harmless (its COMMIT may have been done
        // before the answer was lost).
        if (!options.idempotent || !isSwitchingOver(error)) throw error;
        return await attempt(fn);
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
      await onPool(pool, sql, false);
    },
    async acceptsWrites() {
      const client = await checkout(pool);
      try {
        const { rows } = await client.query<{ transaction_read_only: string }>("SHOW transaction_read_only");
        const writable = rows[0]?.transaction_read_only === "off";
        // A server that cannot write is a standby, or a primary being demoted: the pool's connections
        // to it are no use for the work that matters, so the next ones are opened afresh.
        if (!writable) generation++;
        client.release(!writable);
        return writable;
      } catch (error) {
        giveBack(client, error);
        throw error;
      }
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
