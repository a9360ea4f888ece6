import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { postgresUrl } from "../../tests/support/harness.ts";
import { type Database, isUniqueViolation, openDatabase } from "./database.ts";

/** A fresh database of each kind, with one table whose values must be unique. */
async function fresh(dialect: "sqlite" | "postgres"): Promise<{ db: Database; drop(): Promise<void> }> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "tx-test-"));
    const db = openDatabase(path.join(dir, "t.sqlite"));
    await db.exec("CREATE TABLE t (v TEXT NOT NULL UNIQUE)");
    return {
      db,
      async drop() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `tx_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = openDatabase(postgresUrl, { schema });
  await db.exec("CREATE TABLE t (v TEXT NOT NULL UNIQUE)");
  return {
    db,
    async drop() {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

describe.each(["sqlite", "postgres"] as const)("transactions on %s", (dialect) => {
  let drop = async () => {};
  afterEach(async () => {
    await drop();
    drop = async () => {};
  });

  it("keeps every statement sent without waiting, in order, once the transaction has resolved", async () => {
    const opened = await fresh(dialect);
    drop = opened.drop;
    const { db } = opened;
    const result = await db.transaction(async (tx) => {
      await tx.run("INSERT INTO t (v) VALUES (?)", ["first"]);
      tx.send("INSERT INTO t (v) VALUES (?)", ["second"]);
      tx.send("UPDATE t SET v = ? WHERE v = ?", ["second, changed", "second"]);
      return "done";
    });
    expect(result).toBe("done");
    const rows = await db.all<{ v: string }>("SELECT v FROM t ORDER BY v");
    expect(rows.map((r) => r.v)).toEqual(["first", "second, changed"]);
  });

  it("fails the whole transaction, keeping none of it, when a statement sent without waiting fails", async () => {
    const opened = await fresh(dialect);
    drop = opened.drop;
    const { db } = opened;
    const failing = db.transaction(async (tx) => {
      await tx.run("INSERT INTO t (v) VALUES (?)", ["lead"]);
      tx.send("INSERT INTO t (v) VALUES (?)", ["mail"]);
      // The same value again: refused by the UNIQUE constraint.
      tx.send("INSERT INTO t (v) VALUES (?)", ["mail"]);
      tx.send("INSERT INTO t (v) VALUES (?)", ["after"]);
      return "told the visitor it was received";
    });
    const error = await failing.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(isUniqueViolation(error)).toBe(true);
    expect(await db.all("SELECT v FROM t")).toEqual([]);
    // The connection is fit for the next transaction.
    await db.transaction(async (tx) => {
      tx.send("INSERT INTO t (v) VALUES (?)", ["next"]);
    });
    expect(await db.all("SELECT v FROM t")).toEqual([{ v: "next" }]);
  });

  it("writes relaxed statements without waiting for the disk, and every other write waiting for it", async () => {
    const opened = await fresh(dialect);
    drop = opened.drop;
    const { db } = opened;
    if (dialect === "postgres") {
      const setting = async (q: Pick<Database, "all">) =>
        (await q.all<{ synchronous_commit: string }>("SHOW synchronous_commit"))[0]?.synchronous_commit;
      expect(await setting(db.relaxed)).toBe("off");
      expect(await setting(db)).toBe("on");
      expect(await db.transaction((tx) => setting(tx))).toBe("on");
    } else {
      const setting = async (q: Pick<Database, "all">) =>
        (await q.all<{ synchronous: number }>("PRAGMA synchronous"))[0]?.synchronous;
      // 1 is NORMAL (the WAL is synced at checkpoints only), 2 is FULL (synced at every commit).
      expect(await setting(db.relaxed)).toBe(1);
      expect(await setting(db)).toBe(2);
      expect(await db.transaction((tx) => setting(tx))).toBe(2);
    }
    expect(await db.relaxed.run("INSERT INTO t (v) VALUES (?)", ["counter"])).toBe(1);
    expect(await db.all("SELECT v FROM t")).toEqual([{ v: "counter" }]);
  });
});

describe("statements on PostgreSQL", () => {
  let drop = async () => {};
  afterEach(async () => {
    await drop();
    drop = async () => {};
  });

  it("are prepared once per connection and then only given their values", async () => {
    const opened = await fresh("postgres");
    drop = opened.drop;
    const prepared = await opened.db.transaction(async (tx) => {
      for (const v of ["a", "b", "c"]) await tx.run("INSERT INTO t (v) VALUES (?)", [v]);
      return tx.all<{ statement: string }>(
        "SELECT statement FROM pg_prepared_statements WHERE statement LIKE 'INSERT INTO t %'",
      );
    });
    expect(prepared).toEqual([{ statement: "INSERT INTO t (v) VALUES ($1)" }]);
  });

  it("leave in one write to the socket when they are sent together", async () => {
    const opened = await fresh("postgres");
    drop = opened.drop;
    const { db } = opened;
    // The pool's connection is made (and its start-up written) before anything is counted.
    await db.all("SELECT 1");
    const port = Number(new URL(postgresUrl).port || 5432);
    // Every chunk node:net hands to the operating system on a connection to PostgreSQL, by call.
    type Write = (this: Socket, ...args: unknown[]) => unknown;
    const socket = Socket.prototype as unknown as { _write: Write; _writev: Write };
    const { _write: write, _writev: writev } = socket;
    const writes: number[] = [];
    socket._write = function (...args) {
      if (this.remotePort === port) writes.push(1);
      return write.apply(this, args);
    };
    socket._writev = function (...args) {
      if (this.remotePort === port) writes.push((args[0] as unknown[]).length);
      return writev.apply(this, args);
    };
    try {
      await db.transaction(async (tx) => {
        tx.send("INSERT INTO t (v) VALUES (?)", ["one"]);
        tx.send("INSERT INTO t (v) VALUES (?)", ["two"]);
        tx.send("INSERT INTO t (v) VALUES (?)", ["three"]);
      });
    } finally {
      socket._write = write;
      socket._writev = writev;
    }
    // BEGIN, three statements and COMMIT: five written one by one before.
    expect(writes.length).toBe(1);
    expect(await db.all("SELECT v FROM t ORDER BY v")).toEqual([{ v: "one" }, { v: "three" }, { v: "two" }]);
  });
});
