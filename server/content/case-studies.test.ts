import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caseStudies } from "#core/case-studies/index.ts";
import type { CaseStudy } from "#core/case-studies/model.ts";
import { postgresUrl } from "../../tests/support/harness.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
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

const shipped = caseStudies[0];
if (!shipped) throw new Error("The shipped files list no case study");

/** A new case study staff write, quoting a named person with their permission recorded. */
const made: CaseStudy = {
  ...shipped,
  slug: "bolton-college-cleaning",
  title: "Spotless classrooms for a Bolton college",
  sample: false,
  testimonial: {
    quote: "The rooms are ready before the first lecture, every day.",
    name: "Zainab Okafor",
    role: "Estates Manager",
    date: "2026-09-01",
    permission: { agreedBy: "Zainab Okafor", agreedOn: "2026-09-02", how: "signed-form" },
  },
};

describe.each(["sqlite", "postgres"] as const)("case studies as site content (%s)", (dialect) => {
  let db: Database;
  let drop: () => Promise<void>;
  let editor: { id: number };
  let approver: { id: number };

  beforeAll(async () => {
    ({ db, drop } = await fresh(dialect));
    editor = await person(db, "Edith Editor", { edit: true });
    approver = await person(db, "Arun Approver", { approve: true });
  });
  afterAll(async () => drop());

  it("seeds the shipped case studies as published, and publishes a new one only with a second person", async () => {
    const here = createContent({ db });
    const there = createContent({ db });
    await here.seed();
    await there.refresh();
    expect(here.published().caseStudies).toEqual(caseStudies);

    const outcome1 = await here.create(editor, { kind: "case-study", body: made, ask: true });
    expect(outcome1).toEqual({ ok: true, version: 1, state: "awaiting", key: "bolton-college-cleaning" });
    expect(await here.create(editor, { kind: "case-study", body: made, ask: false })).toMatchObject({
      ok: false,
      status: 409,
      problems: {
        slug: `The address /case-studies/bolton-college-cleaning is taken by the case study “${made.title}”: choose another.`,
      },
    });
    // Its author cannot publish it: a named person's words need a second person.
    expect(await here.publish(editor, { kind: "case-study", key: made.slug, version: 1 })).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await here.approve(approver, { kind: "case-study", key: made.slug, version: 1 })).toMatchObject({
      ok: true,
      state: "published",
    });
    await there.refresh();
    expect(there.published().caseStudies.map((item) => item.slug)).toContain(made.slug);
    expect(there.differsFromBuild()).toBe(true);
  });

  it("refuses a new case study with a field wrong, by the field, saving nothing", async () => {
    const content = createContent({ db });
    const outcome = await content.create(editor, {
      kind: "case-study",
      body: { ...made, slug: "other-one", results: [] },
      ask: false,
    });
    expect(outcome).toMatchObject({
      ok: false,
      status: 400,
      problems: { figure1: "Give one result or more, as a figure and what it measures." },
    });
    expect(await content.history("case-study", "other-one")).toBeNull();
  });

  it("takes the quote down at once when its person withdraws their permission, saying why", async () => {
    const here = createContent({ db });
    const there = createContent({ db });
    await here.refresh();
    await there.refresh();
    const outcome = await here.withdrawPermission(editor, {
      key: made.slug,
      reason: "She asked by e-mail",
    });
    expect(outcome).toMatchObject({ ok: true, version: 2, state: "published" });
    await there.refresh();
    const shown = there.published().caseStudies.find((item) => item.slug === made.slug);
    expect(shown?.testimonial).toBeNull();
    expect(shown?.title).toBe(made.title);
    const history = await here.history("case-study", made.slug);
    expect(history?.at(-1)).toMatchObject({
      note: "Permission withdrawn: She asked by e-mail. The quote was removed.",
      authorName: "Edith Editor",
    });
    const audit = await db.all<{ detail: string }>(
      "SELECT detail FROM audit_log WHERE action = 'content-permission-withdrawn'",
    );
    expect(audit).toEqual([{ detail: `case-study ${made.slug} v2` }]);
  });

  it("takes a case study off the site on every process, the history saying why", async () => {
    const here = createContent({ db });
    const there = createContent({ db });
    await here.refresh();
    await there.refresh();
    expect(await here.takeDown(editor, { kind: "case-study", key: made.slug, reason: "" })).toMatchObject({
      ok: false,
      status: 400,
      problems: { reason: "Say why it is coming down." },
    });
    expect(
      await here.takeDown(editor, { kind: "case-study", key: made.slug, reason: "The contract ended" }),
    ).toMatchObject({ ok: true, version: 2, state: "withdrawn" });
    await there.refresh();
    expect(there.published().caseStudies.map((item) => item.slug)).not.toContain(made.slug);
    const history = await here.history("case-study", made.slug);
    expect(history?.at(-1)).toMatchObject({ state: "withdrawn", note: "Taken down: The contract ended" });
  });

  it("erases a named person's words and name from every version, on every process, counting not naming", async () => {
    const here = createContent({ db });
    const there = createContent({ db });
    await here.refresh();
    await there.refresh();
    const person = shipped.testimonial.name;
    expect(await here.eraseQuotesBy(editor, person, false)).toMatchObject({ ok: false, status: 403 });
    const erased = await here.eraseQuotesBy(editor, `  ${person.toUpperCase()} `, true);
    expect(erased).toEqual({ ok: true, items: 1, versions: 1 });
    await there.refresh();
    expect(there.published().caseStudies.find((item) => item.slug === shipped.slug)?.testimonial).toBeNull();
    const everything = await db.all<{ body: string }>("SELECT body FROM content_versions");
    expect(everything.some((row) => row.body.includes(person))).toBe(false);
    const audit = await db.all<{ detail: string }>(
      "SELECT detail FROM audit_log WHERE action = 'content-erased'",
    );
    expect(audit).toEqual([{ detail: "a person's words removed from 1 version of 1 case study" }]);
    expect(JSON.stringify(audit)).not.toContain(person);
    // The new case study's first version quoted Zainab Okafor: found there too, though it is no longer live.
    expect(await here.eraseQuotesBy(editor, "Zainab Okafor", true)).toEqual({
      ok: true,
      items: 1,
      versions: 1,
    });
  });

  it("carries the published case studies to another installation as a file, checked before anything is saved", async () => {
    const file = await createContent({ db }).exportPublished();
    const exported = file.items.filter((item) => item.kind === "case-study").map((item) => item.key);
    expect(exported).toContain(shipped.slug);
    expect(exported).not.toContain(made.slug);
    const other = await fresh(dialect);
    try {
      const there = createContent({ db: other.db });
      const broken = structuredClone(file);
      const first = broken.items.find((item) => item.kind === "case-study");
      if (first) first.body = { ...(first.body as object), title: "<b>Bold</b>" };
      const refusedImport = await there.importPublished(broken);
      expect(refusedImport.ok).toBe(false);
      expect(await there.history("case-study", shipped.slug)).toBeNull();
      expect(await there.importPublished(file)).toEqual({ ok: true, published: file.items.length });
      expect(
        there
          .published()
          .caseStudies.map((item) => item.slug)
          .sort(),
      ).toEqual(exported.sort());
    } finally {
      await other.drop();
    }
  });
});
