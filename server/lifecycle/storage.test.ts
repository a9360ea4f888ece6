import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import { reclaimSpace } from "./storage.ts";

describe("reclaiming space on SQLite", () => {
  let dir = "";
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("switches an older file to incremental auto-vacuum once, and gives freed pages back", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "storage-test-"));
    const file = path.join(dir, "old.sqlite");
    // A file made the way the server made them before: no auto-vacuum.
    const old = new DatabaseSync(file);
    old.exec("PRAGMA journal_mode = WAL; CREATE TABLE t (v BLOB NOT NULL)");
    old.close();

    const db = openDatabase(file);
    try {
      expect(await db.all("PRAGMA auto_vacuum")).toEqual([{ auto_vacuum: 0 }]);
      expect(await db.all("PRAGMA secure_delete")).toEqual([{ secure_delete: 1 }]);
      for (let i = 0; i < 40; i++)
        await db.run("INSERT INTO t (v) VALUES (?)", [new Uint8Array(50_000).fill(i)]);
      await reclaimSpace(db);
      expect(await db.all("PRAGMA auto_vacuum")).toEqual([{ auto_vacuum: 2 }]);
      const full = statSync(file).size;
      expect(full).toBeGreaterThan(40 * 50_000);

      await db.run("DELETE FROM t");
      expect(await reclaimSpace(db)).toEqual({ checkpointed: true });
      expect(statSync(file).size).toBeLessThan(full / 10);
      expect(statSync(`${file}-wal`).size).toBe(0);
    } finally {
      await db.close();
    }
  });
});
