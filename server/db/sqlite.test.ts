import { chmodSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./database.ts";
import { isUnavailable } from "./errors.ts";

describe("SQLite group commit", () => {
  let dir = "";
  let db: Database | null = null;
  afterEach(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("commits transactions started together, rolling back only the one that fails", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "db-test-"));
    db = openDatabase(path.join(dir, "t.sqlite"));
    await db.exec("CREATE TABLE t (v TEXT NOT NULL)");
    const open = db;
    const results = await Promise.allSettled(
      ["one", "two", "three"].map((v) =>
        open.transaction(async (tx) => {
          await tx.run("INSERT INTO t (v) VALUES (?)", [v]);
          if (v === "two") throw new Error("no");
          await tx.run("INSERT INTO t (v) VALUES (?)", [`${v}-again`]);
          return v;
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const rows = await open.all<{ v: string }>("SELECT v FROM t ORDER BY rowid");
    expect(rows.map((r) => r.v)).toEqual(["one", "one-again", "three", "three-again"]);
  });

  it("keeps statements from outside a transaction out of it", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "db-test-"));
    db = openDatabase(path.join(dir, "t.sqlite"));
    await db.exec("CREATE TABLE t (v TEXT NOT NULL)");
    const open = db;
    const failing = open.transaction(async (tx) => {
      await tx.run("INSERT INTO t (v) VALUES ('inside')");
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error("roll back");
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const outside = open.run("INSERT INTO t (v) VALUES ('outside')");
    await expect(failing).rejects.toThrow("roll back");
    await outside;
    const rows = await open.all<{ v: string }>("SELECT v FROM t");
    expect(rows.map((r) => r.v)).toEqual(["outside"]);
  });

  it("fails a whole batch at once, without retrying each, while another process holds the write lock", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "db-test-"));
    const file = path.join(dir, "t.sqlite");
    db = openDatabase(file, { queryTimeoutMs: 200 });
    await db.exec("CREATE TABLE t (v TEXT NOT NULL)");
    const open = db;
    const other = new DatabaseSync(file);
    other.exec("BEGIN IMMEDIATE");
    try {
      const started = Date.now();
      const results = await Promise.allSettled(
        ["a", "b", "c", "d"].map((v) =>
          open.transaction((tx) => tx.run("INSERT INTO t (v) VALUES (?)", [v])),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected", "rejected"]);
      expect(results.every((r) => r.status === "rejected" && isUnavailable(r.reason))).toBe(true);
      // One busy wait for the batch, not one more for each of its four transactions.
      expect(Date.now() - started).toBeLessThan(4 * 200);
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
  });

  it("keeps the database file and its journal readable by their owner only, like the keys", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "db-test-"));
    const file = path.join(dir, "t.sqlite");
    // A permissive umask, as a shell or a container may have: the files must not depend on it.
    const umask = process.umask(0o022);
    try {
      db = openDatabase(file);
      await db.exec("CREATE TABLE t (v TEXT NOT NULL)");
      await db.run("INSERT INTO t (v) VALUES ('x')");
      for (const name of [file, `${file}-wal`, `${file}-shm`]) {
        expect((statSync(name).mode & 0o777).toString(8), name).toBe("600");
      }
      await db.close();
      // A file copied in readable by everyone is made private when it is next opened.
      chmodSync(file, 0o644);
      db = openDatabase(file);
      expect((statSync(file).mode & 0o777).toString(8)).toBe("600");
    } finally {
      process.umask(umask);
    }
  });
});
