// Ready to launch on both databases: an administrator's confirmation of an absolute claim is kept (who,
// when, the note), written to the audit log in the same transaction, and refused to anyone else or
// without a note.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresUrl } from "../../tests/support/harness.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
import { createLaunch } from "./launch.ts";

async function fresh(dialect: "sqlite" | "postgres"): Promise<{ db: Database; drop(): Promise<void> }> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "launch-test-"));
    const db = openDatabase(path.join(dir, "t.sqlite"));
    await migrate(db);
    return {
      db,
      async drop() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `launch_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = openDatabase(postgresUrl, { schema });
  await migrate(db);
  return {
    db,
    async drop() {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

async function person(db: Database, name: string, isAdmin: boolean) {
  const [row] = await db.all<{ id: number }>(
    `INSERT INTO staff (email, name, user_handle, created_at, is_admin) VALUES (?, ?, ?, ?, ?) RETURNING id`,
    [
      `${randomBytes(4).toString("hex")}@cottonopolis.example`,
      name,
      randomBytes(8).toString("hex"),
      Date.now(),
      isAdmin ? 1 : 0,
    ],
  );
  return { id: Number(row?.id) };
}

describe.each(["sqlite", "postgres"] as const)("ready to launch (%s)", (dialect) => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await fresh(dialect));
  });
  afterAll(() => drop());

  it("keeps an administrator's confirmation with who, when and the note, and audit-logs it", async () => {
    const at = Date.parse("2026-12-06T10:00:00Z");
    const launch = createLaunch({ db, now: () => at });
    const owner = await person(db, "Priya Shah", true);
    const outcome = await launch.confirm(owner, {
      claim: "100% Client Satisfaction",
      note: "Survey of all 14 clients, May 2026; results in the shared drive",
    });
    expect(outcome).toEqual({ ok: true, claim: "100% client satisfaction" });
    expect(await launch.confirmations()).toEqual([
      {
        claim: "100% client satisfaction",
        confirmedBy: owner.id,
        confirmedByName: "Priya Shah",
        confirmedAt: at,
        note: "Survey of all 14 clients, May 2026; results in the shared drive",
      },
    ]);
    expect(await launch.confirmedKeys()).toEqual(new Set(["100% client satisfaction"]));
    const lines = await db.all<{ action: string; detail: string; staff_id: number }>(
      "SELECT action, detail, staff_id FROM audit_log WHERE action = 'claim-confirmed'",
    );
    expect(lines.map((line) => ({ ...line, staff_id: Number(line.staff_id) }))).toEqual([
      { action: "claim-confirmed", detail: "100% client satisfaction", staff_id: owner.id },
    ]);
  });

  it("refuses someone who is not an administrator, and a confirmation without a note, keeping nothing", async () => {
    const launch = createLaunch({ db });
    const colleague = await person(db, "Sam Lee", false);
    const owner = await person(db, "Jo Bloggs", true);
    expect(
      await launch.confirm(colleague, { claim: "100% client retention", note: "Our records" }),
    ).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await launch.confirm(owner, { claim: "100% client retention", note: " " })).toEqual({
      ok: false,
      status: 400,
      problems: { note: "Say what the evidence is and where it is kept." },
    });
    expect(await launch.confirmedKeys()).not.toContain("100% client retention");
  });
});
