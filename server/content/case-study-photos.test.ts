// A case study's photos come from the picture library: an id the library does not hold is refused by the
// field, a decorative picture cannot lead the page, the published content carries each photo's words,
// and a picture a case study shows (published, draft or awaiting approval) cannot be deleted.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caseStudies } from "#core/case-studies/index.ts";
import type { CaseStudy } from "#core/case-studies/model.ts";
import { postgresUrl } from "../../tests/support/harness.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
import { createPictures, type Pictures, pictureInUse } from "../pictures/pictures.ts";
import { createContent } from "./content.ts";

async function fresh(dialect: "sqlite" | "postgres"): Promise<{ db: Database; drop(): Promise<void> }> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "case-study-photos-test-"));
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
  const schema = `photos_test_${randomBytes(6).toString("hex")}`;
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

const photo = await sharp({
  create: { width: 1000, height: 600, channels: 3, background: { r: 20, g: 90, b: 140 } },
})
  .jpeg()
  .toBuffer();

const shipped = caseStudies[0];
if (!shipped) throw new Error("The shipped files list no case study");

const made = (slug: string, photos: string[]): CaseStudy => ({
  ...shipped,
  slug,
  title: `Clean floors at ${slug}`,
  sample: false,
  testimonial: null,
  photos,
});

describe.each(["sqlite", "postgres"] as const)("a case study's photos (%s)", (dialect) => {
  let db: Database;
  let drop: () => Promise<void>;
  let pictures: Pictures;
  let editor: { id: number };
  let approver: { id: number };
  let described: string;
  let decorative: string;

  beforeAll(async () => {
    ({ db, drop } = await fresh(dialect));
    pictures = createPictures({ db, scan: null });
    editor = await person(db, "Edith Editor", { edit: true });
    approver = await person(db, "Arun Approver", { approve: true });
    const one = await pictures.add(editor, {
      content: photo,
      words: { alt: "A cleaner buffing a corridor floor", decorative: false, focalX: 50, focalY: 50 },
    });
    const two = await pictures.add(editor, {
      content: photo,
      words: { alt: "", decorative: true, focalX: 50, focalY: 50 },
    });
    if (!one.ok || !two.ok) throw new Error("The library refused the test's photos");
    described = one.id;
    decorative = two.id;
  }, 60_000);
  afterAll(async () => drop?.());

  it("refuses a photo the library does not hold, by the field, saving nothing", async () => {
    const content = createContent({ db });
    const outcome = await content.create(editor, {
      kind: "case-study",
      body: made("unknown-photo", ["0123456789abcdef"]),
      ask: false,
    });
    expect(outcome).toMatchObject({ ok: false, status: 400, problems: { photos: expect.any(String) } });
    expect(await content.history("case-study", "unknown-photo")).toBeNull();
  });

  it("refuses a decorative picture as the lead photo, but takes it in the gallery", async () => {
    const content = createContent({ db });
    const outcome = await content.create(editor, {
      kind: "case-study",
      body: made("decorative-lead", [decorative, described]),
      ask: false,
    });
    expect(outcome).toMatchObject({
      ok: false,
      status: 400,
      problems: { leadPhoto: expect.stringContaining("decorative") },
    });
    expect(
      await content.create(editor, {
        kind: "case-study",
        body: made("decorative-lead", [described, decorative]),
        ask: false,
      }),
    ).toMatchObject({ ok: true, state: "draft" });
  });

  it("publishes a case study with its photos' words, and keeps a photo in use from deletion", async () => {
    const content = createContent({ db });
    await content.seed();
    expect(await pictureInUse(db, described)).toBe(true); // the draft above shows it
    const fresh = await pictures.add(editor, {
      content: photo,
      words: { alt: "The loading bay, swept", decorative: false, focalX: 30, focalY: 60 },
    });
    if (!fresh.ok) throw new Error("refused");
    expect(await pictureInUse(db, fresh.id)).toBe(false);
    const created = await content.create(editor, {
      kind: "case-study",
      body: made("with-photo", [fresh.id]),
      ask: true,
    });
    expect(created).toMatchObject({ ok: true, state: "awaiting" });
    // Awaiting approval is in use: the page will show it once approved.
    expect(await pictureInUse(db, fresh.id)).toBe(true);
    expect(await pictures.remove(editor, fresh.id)).toMatchObject({
      ok: false,
      status: 409,
      problem: expect.stringContaining("“Clean floors at with-photo”"),
    });
    await content.approve(approver, { kind: "case-study", key: "with-photo", version: 1 });
    expect(content.published().pictures[fresh.id]).toEqual({
      id: fresh.id,
      width: 1000,
      height: 600,
      alt: "The loading bay, swept",
      decorative: false,
      focalX: 30,
      focalY: 60,
    });
    expect(await pictures.remove(editor, fresh.id)).toMatchObject({ ok: false, status: 409 });
    // Taken down, the case study no longer holds the picture.
    await content.takeDown(editor, { kind: "case-study", key: "with-photo", reason: "Contract ended" });
    expect(await pictureInUse(db, fresh.id)).toBe(false);
    expect(await pictures.remove(editor, fresh.id)).toMatchObject({ ok: true });
  });

  it("draws the pages again when a photo's words change in the library", async () => {
    const content = createContent({ db });
    await content.refresh();
    const before = content.generation();
    await pictures.edit(editor, described, {
      alt: "A cleaner buffing the ground-floor corridor",
      decorative: false,
      focalX: 50,
      focalY: 50,
    });
    await content.refresh();
    expect(content.generation()).toBeGreaterThan(before);
  });
});
