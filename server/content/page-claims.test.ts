// The claims in a page's words need a second person: on About, a change to the years of experience waits
// for approval (Publish is refused, the author cannot approve it, someone else can), while a change to a
// plain heading publishes at once. A version of About saved before the claims were words still reads,
// with the claims as shipped. On a real SQLite file and a real PostgreSQL database.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shippedAboutPage } from "#core/content/about-page.ts";
import { postgresUrl } from "../../tests/support/harness.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
import { createContent } from "./content.ts";

/** A fresh, migrated database of each kind. */
async function fresh(dialect: "sqlite" | "postgres"): Promise<{ db: Database; drop(): Promise<void> }> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "page-claims-test-"));
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
  const schema = `page_claims_test_${randomBytes(6).toString("hex")}`;
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

describe.each(["sqlite", "postgres"] as const)("claims in a page's words (%s)", (dialect) => {
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

  it("reads a version of About saved before the claims were words, with the claims as shipped", async () => {
    await createContent({ db }).seed();
    const added = new Set(["facts", "story", "figures", "promiseHeading", "promise"]);
    const before = Object.fromEntries(Object.entries(shippedAboutPage).filter(([key]) => !added.has(key)));
    await db.run("UPDATE content_versions SET body = ? WHERE kind = 'page' AND key = 'about'", [
      JSON.stringify({ ...before, hero: { ...shippedAboutPage.hero, title: "About us, as saved before" } }),
    ]);
    const content = createContent({ db });
    await content.refresh();
    expect(content.published().aboutPage).toEqual({
      ...shippedAboutPage,
      hero: { ...shippedAboutPage.hero, title: "About us, as saved before" },
    });
  });

  it("publishes a plain heading at once, and holds a new number of years for a second person", async () => {
    const content = createContent({ db });
    await content.refresh();
    const page = { kind: "page" as const, key: "about" };
    const about = content.published().aboutPage;

    const plain = await content.save(editor, {
      ...page,
      body: { ...about, story: { ...about.story, heading: "How We Started" } },
      basedOn: 1,
      ask: true,
    });
    // Asked for approval, but nothing it changes is a claim: a draft, published by its author.
    expect(plain).toEqual({ ok: true, version: 2, state: "draft" });
    expect(await content.publish(editor, { ...page, version: 2 })).toMatchObject({ ok: true });
    expect(content.published().aboutPage.story.heading).toBe("How We Started");

    const years = {
      ...content.published().aboutPage,
      facts: { experience: "Over 2 years of experience" },
    };
    const drafted = await content.save(editor, { ...page, body: years, basedOn: 2, ask: false });
    expect(drafted).toEqual({ ok: true, version: 3, state: "draft" });
    expect(await content.publish(editor, { ...page, version: 3 })).toMatchObject({ ok: false, status: 403 });
    expect(await content.ask(editor, { ...page, version: 3 })).toMatchObject({ ok: true, state: "awaiting" });
    expect(content.published().aboutPage.facts.experience).toBe(shippedAboutPage.facts.experience);
    expect(await content.approve(editor, { ...page, version: 3 })).toMatchObject({ ok: false, status: 403 });
    expect(await content.approve(approver, { ...page, version: 3 })).toMatchObject({
      ok: true,
      state: "published",
    });
    expect(content.published().aboutPage.facts.experience).toBe("Over 2 years of experience");

    // A figure changed and sent at once goes straight to awaiting approval.
    const figure = {
      ...content.published().aboutPage,
      figures: { ...about.figures, first: { number: "98%", label: "Client Satisfaction" } },
    };
    const asked = await content.save(editor, { ...page, body: figure, basedOn: 3, ask: true });
    expect(asked).toEqual({ ok: true, version: 4, state: "awaiting" });
  });
});
