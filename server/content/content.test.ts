import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caseStudies } from "#core/case-studies/index.ts";
import { accreditations } from "#core/config/accreditations.ts";
import { contentKey, shippedContent } from "#core/content/model.ts";
import { postgresUrl } from "../../tests/support/harness.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
import { acceptInvitation, invite } from "../workspace/team.ts";
import { createContent } from "./content.ts";

/** A fresh, migrated database of each kind. */
async function fresh(dialect: "sqlite" | "postgres"): Promise<{ db: Database; drop(): Promise<void> }> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "content-test-"));
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
  const schema = `content_test_${randomBytes(6).toString("hex")}`;
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

async function person(
  db: Database,
  name: string,
  rights: { admin?: boolean; edit?: boolean; approve?: boolean },
) {
  const [row] = await db.all<{ id: number }>(
    `INSERT INTO staff (email, name, user_handle, created_at, is_admin, can_edit_content, can_approve_content)
       VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      `${randomBytes(4).toString("hex")}@cottonopolis.example`,
      name,
      randomBytes(8).toString("hex"),
      Date.now(),
      rights.admin ? 1 : 0,
      rights.edit ? 1 : 0,
      rights.approve ? 1 : 0,
    ],
  );
  return { id: Number(row?.id) };
}

const sia = accreditations[0];
if (!sia) throw new Error("The shipped files list no accreditation");
const siaKey = contentKey(sia.scheme);
const renewed = { ...sia, number: "ACS-2027-9911", validUntil: "2032-03-03", sample: false };

describe.each(["sqlite", "postgres"] as const)("site content (%s)", (dialect) => {
  let db: Database;
  let drop: () => Promise<void>;
  let editor: { id: number };
  let approver: { id: number };
  let admin: { id: number };
  let outsider: { id: number };

  beforeAll(async () => {
    ({ db, drop } = await fresh(dialect));
    editor = await person(db, "Edith Editor", { edit: true });
    approver = await person(db, "Arun Approver", { approve: true });
    admin = await person(db, "Ada Admin", { admin: true });
    outsider = await person(db, "Olu Other", {});
  });
  afterAll(async () => drop());

  it("publishes the shipped files once, however many processes seed at once", async () => {
    const processes = [createContent({ db }), createContent({ db }), createContent({ db })];
    const added = await Promise.all(processes.map((content) => content.seed()));
    // Each accreditation and case study, the Careers, About, home, five service, Contact and privacy pages'
    // words, the header and footer's, and the company's details.
    expect(added.reduce((a, b) => a + b, 0)).toBe(accreditations.length + caseStudies.length + 12);
    expect(await processes[0]?.seed()).toBe(0);
    for (const content of processes) {
      expect(content.published()).toEqual(shippedContent);
      expect(content.differsFromBuild()).toBe(false);
    }
    const history = await processes[0]?.history("accreditation", siaKey);
    expect(history?.map((v) => [v.version, v.state, v.authorId])).toEqual([[1, "published", null]]);
  });

  it("publishes a renewal only when someone other than its author approves it, on every process", async () => {
    const here = createContent({ db });
    const there = createContent({ db });
    await here.seed();
    await there.refresh();

    expect(
      await here.save(outsider, { kind: "accreditation", key: siaKey, body: renewed, basedOn: 1, ask: true }),
    ).toMatchObject({ ok: false, status: 403 });
    const saved = await here.save(editor, {
      kind: "accreditation",
      key: siaKey,
      body: renewed,
      basedOn: 1,
      ask: true,
    });
    expect(saved).toEqual({ ok: true, version: 2, state: "awaiting" });

    // Its author cannot approve it even as an administrator; an editor without the approver right cannot.
    const byAdmin = createContent({ db });
    const own = await byAdmin.save(admin, {
      kind: "accreditation",
      key: siaKey,
      body: { ...renewed, number: "ACS-OWN" },
      basedOn: 2,
      ask: true,
    });
    expect(own).toMatchObject({ ok: true, version: 3 });
    expect(await here.approve(admin, { kind: "accreditation", key: siaKey, version: 3 })).toMatchObject({
      ok: false,
      status: 403,
      problem: "You made this version, so someone else must approve it.",
    });
    expect(await here.approve(editor, { kind: "accreditation", key: siaKey, version: 3 })).toMatchObject({
      ok: false,
      status: 403,
    });
    // Version 2 was superseded by 3: approving it now is refused.
    expect(await here.approve(approver, { kind: "accreditation", key: siaKey, version: 2 })).toMatchObject({
      ok: false,
      status: 409,
    });
    // A claim is never published without a second person.
    expect(await here.publish(admin, { kind: "accreditation", key: siaKey, version: 3 })).toMatchObject({
      ok: false,
      status: 403,
    });

    expect(await here.approve(approver, { kind: "accreditation", key: siaKey, version: 3 })).toEqual({
      ok: true,
      version: 3,
      state: "published",
    });
    expect(here.published().accreditations[0]?.number).toBe("ACS-OWN");
    expect(there.published().accreditations[0]?.number).toBe(sia.number);
    await there.refresh();
    expect(there.published().accreditations[0]?.number).toBe("ACS-OWN");
    expect(there.differsFromBuild()).toBe(true);

    const history = await here.history("accreditation", siaKey);
    expect(history?.map((v) => [v.version, v.state])).toEqual([
      [1, "superseded"],
      [2, "superseded"],
      [3, "published"],
    ]);
    expect(history?.[2]).toMatchObject({ authorName: "Ada Admin", approverName: "Arun Approver" });
    const audit = await db.all<{ action: string; detail: string }>(
      "SELECT action, detail FROM audit_log WHERE action LIKE 'content-%' ORDER BY id",
    );
    expect(audit).toEqual([
      { action: "content-approval-asked", detail: `accreditation ${siaKey} v2` },
      { action: "content-approval-asked", detail: `accreditation ${siaKey} v3` },
      { action: "content-approved", detail: `accreditation ${siaKey} v3` },
    ]);
  });

  it("publishes a service page's new words to every process, each checked by that page's own shape", async () => {
    const here = createContent({ db });
    const there = createContent({ db });
    await here.seed();
    await there.refresh();
    const key = "service-cleaning";
    const shipped = shippedContent.servicePages.cleaning as typeof shippedContent.servicePages.cleaning & {
      industries: { items: string[] };
    };
    // Another page's shape is refused by the field, and nothing is saved.
    const wrong = await here.save(editor, {
      kind: "page",
      key,
      body: shippedContent.aboutPage,
      basedOn: 1,
      ask: false,
    });
    expect(wrong).toMatchObject({ ok: false, status: 400 });
    expect(wrong.ok ? {} : wrong.problems).toHaveProperty(["hero.badge"]);
    const body = {
      ...shipped,
      hero: { ...shipped.hero, title: "Cleaners Who Know Your Building" },
      industries: { ...shipped.industries, items: [...shipped.industries.items].reverse() },
    };
    expect(await here.save(editor, { kind: "page", key, body, basedOn: 1, ask: false })).toEqual({
      ok: true,
      version: 2,
      state: "draft",
    });
    expect(await here.publish(editor, { kind: "page", key, version: 2 })).toMatchObject({ ok: true });
    await there.refresh();
    const shown = there.published().servicePages;
    expect(shown.cleaning.hero.title).toBe("Cleaners Who Know Your Building");
    expect((shown.cleaning as typeof body).industries.items[0]).toBe("Industrial units");
    expect(shown.steward).toEqual(shippedContent.servicePages.steward);
    expect(there.differsFromBuild()).toBe(true);
    // The shipped words back, as the other tests expect them.
    await here.save(editor, { kind: "page", key, body: shipped, basedOn: 2, ask: false });
    expect(await here.publish(editor, { kind: "page", key, version: 3 })).toMatchObject({ ok: true });
  });

  it("refuses a save based on a version that is no longer the newest, and saves nothing", async () => {
    const content = createContent({ db });
    const before = (await content.history("accreditation", siaKey))?.length;
    const stale = await content.save(editor, {
      kind: "accreditation",
      key: siaKey,
      body: { ...renewed, number: "ACS-LATE" },
      basedOn: 1,
      ask: false,
    });
    expect(stale).toMatchObject({ ok: false, status: 409, changed: true });
    expect(stale.ok ? "" : stale.problem).toContain("after you opened version 1");
    // Two saves of the same version at once: one wins, the other is told.
    const both = await Promise.all(
      ["ACS-A", "ACS-B"].map((number) =>
        createContent({ db }).save(editor, {
          kind: "accreditation",
          key: siaKey,
          body: { ...renewed, number },
          basedOn: 3,
          ask: false,
        }),
      ),
    );
    expect(both.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(both.filter((outcome) => !outcome.ok)).toMatchObject([{ status: 409, changed: true }]);
    expect((await content.history("accreditation", siaKey))?.length).toBe((before ?? 0) + 1);
  });

  it("refuses a register link to another host and an oversized field, by the field, saving nothing", async () => {
    const content = createContent({ db });
    const before = (await content.history("accreditation", siaKey))?.length ?? 0;
    const elsewhere = await content.save(editor, {
      kind: "accreditation",
      key: siaKey,
      body: { ...renewed, checkUrl: "https://sia-register.example.com/acs" },
      basedOn: before,
      ask: false,
    });
    expect(elsewhere).toMatchObject({
      ok: false,
      status: 400,
      problems: { checkUrl: expect.stringContaining("www.services.sia.homeoffice.gov.uk") },
    });
    const plain = await content.save(editor, {
      kind: "accreditation",
      key: siaKey,
      body: { ...renewed, checkUrl: "http://www.services.sia.homeoffice.gov.uk/Pages/acs-roac.aspx" },
      basedOn: before,
      ask: false,
    });
    expect(plain).toMatchObject({ ok: false, status: 400, problems: { checkUrl: expect.any(String) } });
    const long = await content.save(editor, {
      kind: "accreditation",
      key: siaKey,
      body: { ...renewed, number: "9".repeat(41) },
      basedOn: before,
      ask: false,
    });
    expect(long).toMatchObject({
      ok: false,
      status: 400,
      problems: { number: "The number must be 40 characters or fewer." },
    });
    expect((await content.history("accreditation", siaKey))?.length).toBe(before);
  });

  it("gives Edit site content and Approve site content with an invitation, to someone new or once accepted", async () => {
    const content = createContent({ db });
    const fresh = await invite(
      db,
      { email: "newcomer@cottonopolis.example", name: "Nia New", editContent: true },
      Date.now(),
    );
    if (fresh.existing) throw new Error("A new person already had an account");
    expect(await content.permissions({ id: fresh.staffId })).toEqual({ edit: true, approve: false });
    const again = await invite(
      db,
      { email: "newcomer@cottonopolis.example", approveContent: true },
      Date.now(),
    );
    // Nothing changes until the invitation is accepted with a passkey.
    expect(await content.permissions({ id: fresh.staffId })).toEqual({ edit: true, approve: false });
    const [row] = await db.all<{ token_hash: string }>(
      "SELECT token_hash FROM invitations WHERE staff_id = ? AND grant_approve_content = 1",
      [fresh.staffId],
    );
    expect(again.existing).toBe(true);
    await db.transaction((tx) => acceptInvitation(tx, row?.token_hash ?? "", Date.now()));
    expect(await content.permissions({ id: fresh.staffId })).toEqual({ edit: true, approve: true });
  });

  it("restores an earlier version as a new one that needs approval again", async () => {
    const content = createContent({ db });
    await content.refresh();
    const latest = (await content.history("accreditation", siaKey))?.length ?? 0;
    const restored = await content.restore(editor, {
      kind: "accreditation",
      key: siaKey,
      version: 1,
      basedOn: latest,
    });
    expect(restored).toEqual({ ok: true, version: latest + 1, state: "awaiting" });
    expect(content.published().accreditations[0]?.number).toBe("ACS-OWN");
    await content.approve(approver, { kind: "accreditation", key: siaKey, version: latest + 1 });
    expect(content.published()).toEqual(shippedContent);
    expect(content.differsFromBuild()).toBe(false);
    const history = await content.history("accreditation", siaKey);
    expect(history?.at(-1)).toMatchObject({
      restoredFrom: 1,
      state: "published",
      authorName: "Edith Editor",
    });
  });
});
