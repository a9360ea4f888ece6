// Site content on a schedule, on a real SQLite file and a real PostgreSQL schema: a time entered as UK
// wall time is refused when it is impossible or past; a scheduled version is published at its time once,
// even when two processes' runners reach it at the same moment; a claim is published at its time only
// once approved; an item is taken down at its time; a cancelled schedule does nothing; and each step is
// on the audit log.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accreditations } from "#core/config/accreditations.ts";
import { shippedCareersPage } from "#core/content/careers-page.ts";
import { contentKey } from "#core/content/model.ts";
import { postgresUrl } from "../../tests/support/harness.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
import { createLogger } from "../observability/logger.ts";
import { createContent } from "./content.ts";
import { createContentSchedule } from "./schedule.ts";

async function fresh(dialect: "sqlite" | "postgres"): Promise<{ db: Database; drop(): Promise<void> }> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "schedule-test-"));
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
  const schema = `schedule_test_${randomBytes(6).toString("hex")}`;
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

async function person(db: Database, name: string, rights: { edit?: boolean; approve?: boolean }) {
  const [row] = await db.all<{ id: number }>(
    `INSERT INTO staff (email, name, user_handle, created_at, is_admin, can_edit_content, can_approve_content)
       VALUES (?, ?, ?, ?, 0, ?, ?) RETURNING id`,
    [
      `${randomBytes(4).toString("hex")}@cottonopolis.example`,
      name,
      randomBytes(8).toString("hex"),
      Date.now(),
      rights.edit ? 1 : 0,
      rights.approve ? 1 : 0,
    ],
  );
  return { id: Number(row?.id) };
}

// Winter, so UK time is UTC: 12:00 in London is 12:00Z.
const noon = Date.parse("2026-12-07T12:00:00Z");
const minute = 60_000;
const quiet = createLogger("silent");

const sia = accreditations[0];
if (!sia) throw new Error("The shipped files list no accreditation");
const siaKey = contentKey(sia.scheme);

describe.each(["sqlite", "postgres"] as const)("site content on a schedule (%s)", (dialect) => {
  let db: Database;
  let drop: () => Promise<void>;
  let editor: { id: number };
  let approver: { id: number };
  let clock = noon;
  const scheduler = () => createContentSchedule({ db, logger: quiet, pollMs: 60_000, clock: () => clock });

  beforeAll(async () => {
    ({ db, drop } = await fresh(dialect));
    editor = await person(db, "Edith Editor", { edit: true });
    approver = await person(db, "Arun Approver", { approve: true });
    await createContent({ db }).seed();
  });
  afterAll(async () => drop());

  const audit = async (action: string) =>
    db.all<{ detail: string }>("SELECT detail FROM audit_log WHERE action = ? ORDER BY id", [action]);

  it("refuses an impossible day, a time the clocks skip, a moment past and a take-down of a page's words", async () => {
    const schedule = scheduler();
    const at = { kind: "page" as const, key: "careers", version: 1 };
    expect(
      await schedule.schedulePublish(editor, { ...at, date: "2027-02-30", time: "09:00" }),
    ).toMatchObject({
      ok: false,
      status: 400,
      problems: { publishDate: "There is no such day: enter the day to publish it, such as 2027-03-30." },
    });
    const skipped = await schedule.schedulePublish(editor, { ...at, date: "2027-03-28", time: "01:30" });
    expect(skipped).toMatchObject({ ok: false, status: 400 });
    expect(skipped.ok ? "" : skipped.problems?.publishTime).toContain("the clocks go forward");
    expect(
      await schedule.schedulePublish(editor, { ...at, date: "2026-12-07", time: "11:59" }),
    ).toMatchObject({
      ok: false,
      status: 400,
      problems: { publishDate: expect.stringContaining("That moment has passed") },
    });
    expect(await schedule.schedulePublish(editor, { ...at, date: "tomorrow", time: "9am" })).toMatchObject({
      ok: false,
      status: 400,
      problems: { publishDate: expect.stringContaining("Enter the day") },
    });
    // Version 1 is published already: only a version not yet published can be scheduled.
    expect(
      await schedule.schedulePublish(editor, { ...at, date: "2026-12-07", time: "13:00" }),
    ).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(
      await schedule.scheduleTakeDown(editor, {
        kind: "page",
        key: "careers",
        date: "2026-12-08",
        time: "09:00",
      }),
    ).toMatchObject({ ok: false, status: 400 });
    expect(
      await schedule.schedulePublish(approver, { ...at, date: "2026-12-07", time: "13:00" }),
    ).toMatchObject({ ok: false, status: 403 });
  });

  it("publishes a scheduled version of the Careers page once at its time, though two processes race for it", async () => {
    const here = createContent({ db });
    const there = createContent({ db });
    await here.refresh();
    await there.refresh();
    expect(here.published().careersPage).toEqual(shippedCareersPage);
    const added = {
      ...shippedCareersPage,
      benefits: [
        ...shippedCareersPage.benefits,
        { icon: "star" as const, title: "Free Uniform", text: "Uniform and safety wear provided." },
      ],
    };
    expect(
      await here.save(editor, { kind: "page", key: "careers", body: added, basedOn: 1, ask: false }),
    ).toEqual({
      ok: true,
      version: 2,
      state: "draft",
    });
    const [first, second] = [scheduler(), scheduler()];
    expect(
      await first.schedulePublish(editor, {
        kind: "page",
        key: "careers",
        version: 2,
        date: "2026-12-07",
        time: "12:30",
      }),
    ).toEqual({ ok: true });
    const [pending] = await first.pending("page", "careers");
    expect(pending).toMatchObject({
      action: "publish",
      version: 2,
      dueAt: noon + 30 * minute,
      scheduledByName: "Edith Editor",
    });

    // Before its time: nothing.
    expect(await first.runDue(noon + 29 * minute)).toBe(0);
    await there.refresh();
    expect(there.published().careersPage).toEqual(shippedCareersPage);

    // At its time, both processes' runners at once (no lease between them): published once.
    const runs = await Promise.all([first.runDue(noon + 30 * minute), second.runDue(noon + 30 * minute)]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(await first.runDue(noon + 31 * minute)).toBe(0);
    await there.refresh();
    expect(there.published().careersPage.benefits.at(-1)?.title).toBe("Free Uniform");
    expect((await here.history("page", "careers"))?.map((v) => [v.version, v.state])).toEqual([
      [1, "superseded"],
      [2, "published"],
    ]);
    expect(await first.pending("page", "careers")).toEqual([]);
    expect(await audit("content-publish-scheduled")).toEqual([
      { detail: "page careers v2 at 7 Dec 2026, 12:30 (UK time)" },
    ]);
    expect(await audit("content-published")).toEqual([
      { detail: "page careers v2 at its scheduled time, 7 Dec 2026, 12:30 (UK time)" },
    ]);
  });

  it("publishes a claim at its time only once approved, and at once when approved late", async () => {
    const content = createContent({ db });
    const renewed = { ...sia, number: "ACS-SCHEDULED", sample: false };
    expect(
      await content.save(editor, {
        kind: "accreditation",
        key: siaKey,
        body: renewed,
        basedOn: 1,
        ask: true,
      }),
    ).toMatchObject({ ok: true, version: 2, state: "awaiting" });
    const schedule = scheduler();
    expect(
      await schedule.schedulePublish(editor, {
        kind: "accreditation",
        key: siaKey,
        version: 2,
        date: "2026-12-07",
        time: "13:00",
      }),
    ).toEqual({ ok: true });
    // Its time comes unapproved: it stays awaiting, still scheduled.
    expect(await schedule.runDue(noon + 61 * minute)).toBe(0);
    expect((await content.history("accreditation", siaKey))?.at(-1)?.state).toBe("awaiting");
    expect(await schedule.pending("accreditation", siaKey)).toHaveLength(1);
    // Approved after its time: published at once, and the schedule is done with.
    clock = noon + 62 * minute;
    const late = createContent({ db, now: () => clock });
    expect(await late.approve(approver, { kind: "accreditation", key: siaKey, version: 2 })).toMatchObject({
      ok: true,
      state: "published",
    });
    expect(late.published().accreditations[0]?.number).toBe("ACS-SCHEDULED");
    expect(await schedule.pending("accreditation", siaKey)).toEqual([]);

    // Approved before its time: approved, still awaiting, published by the schedule at its time.
    const again = { ...sia, number: "ACS-LATER", sample: false };
    expect(
      await late.save(editor, { kind: "accreditation", key: siaKey, body: again, basedOn: 2, ask: true }),
    ).toMatchObject({ ok: true, version: 3 });
    expect(
      await schedule.schedulePublish(editor, {
        kind: "accreditation",
        key: siaKey,
        version: 3,
        date: "2026-12-07",
        time: "14:00",
      }),
    ).toEqual({ ok: true });
    expect(await late.approve(approver, { kind: "accreditation", key: siaKey, version: 3 })).toMatchObject({
      ok: true,
      state: "awaiting",
    });
    expect(await late.approve(approver, { kind: "accreditation", key: siaKey, version: 3 })).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(late.published().accreditations[0]?.number).toBe("ACS-SCHEDULED");
    expect(await schedule.runDue(noon + 2 * 60 * minute)).toBe(1);
    await late.refresh();
    expect(late.published().accreditations[0]?.number).toBe("ACS-LATER");
    const version = (await late.history("accreditation", siaKey))?.at(-1);
    expect(version).toMatchObject({
      state: "published",
      approverName: "Arun Approver",
      approvedAt: noon + 62 * minute,
    });
  });

  it("takes an item down at its time, never before a scheduled publication, and a cancelled change does nothing", async () => {
    clock = noon + 3 * 60 * minute;
    const content = createContent({ db, now: () => clock });
    await content.refresh();
    const schedule = scheduler();
    const key = siaKey;
    // A publication is pending at 16:00: a take-down at or before it is refused by its field.
    expect(
      await content.save(editor, {
        kind: "accreditation",
        key,
        body: { ...sia, number: "ACS-NEXT", sample: false },
        basedOn: 3,
        ask: true,
      }),
    ).toMatchObject({ ok: true, version: 4 });
    expect(
      await schedule.schedulePublish(editor, {
        kind: "accreditation",
        key,
        version: 4,
        date: "2026-12-07",
        time: "16:00",
      }),
    ).toEqual({ ok: true });
    expect(
      await schedule.scheduleTakeDown(editor, {
        kind: "accreditation",
        key,
        date: "2026-12-07",
        time: "15:30",
      }),
    ).toMatchObject({
      ok: false,
      status: 400,
      problems: {
        takeDownDate: "Version 4 is to be published at 7 Dec 2026, 16:00 (UK time): take it down after that.",
      },
    });
    // Cancelled: its time passes and nothing happens.
    const [publish] = await schedule.pending("accreditation", key);
    expect(await schedule.cancel(editor, { kind: "accreditation", key, id: publish?.id ?? "" })).toEqual({
      ok: true,
    });
    expect(
      await schedule.cancel(editor, { kind: "accreditation", key, id: publish?.id ?? "" }),
    ).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await audit("content-schedule-cancelled")).toEqual([
      { detail: `publication of accreditation ${key} v4 at 7 Dec 2026, 16:00 (UK time)` },
    ]);

    expect(
      await schedule.scheduleTakeDown(editor, {
        kind: "accreditation",
        key,
        date: "2026-12-07",
        time: "15:30",
      }),
    ).toEqual({
      ok: true,
    });
    // A new scheduler, as after a restart, finds it in the database and carries it out at its time.
    expect(await scheduler().runDue(noon + 3 * 60 * minute + 29 * minute)).toBe(0);
    expect(await scheduler().runDue(noon + 3 * 60 * minute + 30 * minute)).toBe(1);
    await content.refresh();
    expect(content.published().accreditations.map((item) => item.scheme)).not.toContain(sia.scheme);
    expect(await audit("content-taken-down")).toEqual([
      { detail: `accreditation ${key} v3 at 7 Dec 2026, 15:30 (UK time)` },
    ]);
    expect(await audit("content-take-down-scheduled")).toHaveLength(1);
  });

  it("runs once through its lease: a second process skips the turn the first holds", async () => {
    clock = noon + 5 * 60 * minute;
    const content = createContent({ db });
    const latest = (await content.history("page", "careers"))?.at(-1)?.version ?? 0;
    const body = { ...shippedCareersPage, values: shippedCareersPage.values.slice(0, 2) };
    expect(
      await content.save(editor, { kind: "page", key: "careers", body, basedOn: latest, ask: false }),
    ).toMatchObject({
      ok: true,
    });
    const [first, second] = [scheduler(), scheduler()];
    expect(
      await first.schedulePublish(editor, {
        kind: "page",
        key: "careers",
        version: latest + 1,
        date: "2026-12-07",
        time: "17:01",
      }),
    ).toEqual({ ok: true });
    clock = noon + 5 * 60 * minute + 2 * minute;
    const runs = await Promise.all([first.runOnce(), second.runOnce()]);
    expect(runs.sort()).toEqual([0, 1]);
    await content.refresh();
    expect(content.published().careersPage.values).toHaveLength(2);
  });
});
