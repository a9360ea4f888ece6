// The Contact page's, the footer's and the privacy notice's words as site content, through the real content
// service on a real database of each kind: a published version is what the pages draw (the footer from the
// root's data, the notice from its loader), on this process and another; a version of the privacy notice
// cannot be published by its author and goes live only once someone else approves it.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shippedContactPage } from "#core/content/contact-page.ts";
import { shippedPrivacyPage } from "#core/content/privacy-page.ts";
import { shippedSiteChrome } from "#core/content/site-chrome.ts";
import { Footer } from "~/components/footer";
import { publishedContentContext } from "~/lib/app-context";
import { createContent } from "../../server/content/content.ts";
import { type Database, openDatabase } from "../../server/db/database.ts";
import { migrate } from "../../server/db/migrate.ts";
import { postgresUrl } from "../../tests/support/harness.ts";
import Privacy, { loader as privacyLoader } from "./privacy";

/** A fresh, migrated database of each kind. */
async function fresh(dialect: "sqlite" | "postgres"): Promise<{ db: Database; drop(): Promise<void> }> {
  if (dialect === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "published-words-"));
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
  const schema = `words_test_${randomBytes(6).toString("hex")}`;
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

/** A page's route drawn as the server draws it, with its loaders run against this process's content. */
async function drawn(
  content: ReturnType<typeof createContent>,
  // biome-ignore lint/suspicious/noExplicitAny: a route module's component takes its own route's props
  route: { Component: React.ComponentType<any>; loader?: typeof privacyLoader },
) {
  const context = new RouterContextProvider();
  context.set(publishedContentContext, () => content.published());
  const request = new Request("http://localhost/privacy");
  // The root loader's words for every page's frame (app/root.tsx, which the test cannot import: it draws
  // the islands' scripts the build makes).
  const { company, siteChrome } = content.published();
  const root = { company, chrome: siteChrome };
  const page = route.loader ? route.loader({ request, context, params: {} } as never) : null;
  const Stub = createRoutesStub([{ id: "root", path: "/", Component: route.Component }]);
  const html = renderToStaticMarkup(
    <Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: { ...root, ...page } } }} />,
  );
  return html.replaceAll("&#x27;", "'");
}

describe.each(["sqlite", "postgres"] as const)(
  "pages' words published from the workspace (%s)",
  (dialect) => {
    let db: Database;
    let drop: () => Promise<void>;
    let editor: { id: number };
    let approver: { id: number };
    let content: ReturnType<typeof createContent>;

    beforeAll(async () => {
      ({ db, drop } = await fresh(dialect));
      editor = await person(db, "Edith Editor", { edit: true, approve: true });
      approver = await person(db, "Arun Approver", { approve: true });
      content = createContent({ db });
      await content.seed();
    });
    afterAll(async () => drop());

    it("draws the shipped words until a version is published, then the published ones, on every process", async () => {
      expect(content.published().contactPage).toEqual(shippedContactPage);
      expect(await drawn(content, { Component: Footer })).toContain(shippedSiteChrome.footer.blurb);

      const contact = { ...shippedContactPage, hero: { ...shippedContactPage.hero, title: "Talk to Us" } };
      const chrome = { footer: { ...shippedSiteChrome.footer, blurb: "Staff for Manchester's buildings." } };
      for (const [key, body] of [
        ["contact", contact],
        ["site-chrome", chrome],
      ] as const) {
        const saved = await content.save(editor, { kind: "page", key, body, basedOn: 1, ask: false });
        expect(saved).toEqual({ ok: true, version: 2, state: "draft" });
        expect(await content.publish(editor, { kind: "page", key, version: 2 })).toMatchObject({ ok: true });
      }
      expect(content.published().contactPage.hero.title).toBe("Talk to Us");
      expect(content.differsFromBuild()).toBe(true);
      const footer = await drawn(content, { Component: Footer });
      expect(footer).toContain("<p>Staff for Manchester's buildings.</p>");
      expect(footer).not.toContain(shippedSiteChrome.footer.blurb);

      const elsewhere = createContent({ db });
      await elsewhere.refresh();
      expect(elsewhere.published().contactPage.hero.title).toBe("Talk to Us");
      expect(elsewhere.published().siteChrome.footer.blurb).toBe("Staff for Manchester's buildings.");
    });

    it("puts a privacy notice's version live only once someone other than its author approves it", async () => {
      const notice = { ...shippedPrivacyPage, heading: "Your Information and Us", updated: "January 2027" };
      const draft = await content.save(editor, {
        kind: "page",
        key: "privacy",
        body: notice,
        basedOn: 1,
        ask: false,
      });
      expect(draft).toEqual({ ok: true, version: 2, state: "draft" });
      expect(await content.publish(editor, { kind: "page", key: "privacy", version: 2 })).toMatchObject({
        ok: false,
        status: 403,
        problem: expect.stringContaining("ask for approval"),
      });
      expect(await content.ask(editor, { kind: "page", key: "privacy", version: 2 })).toMatchObject({
        ok: true,
        state: "awaiting",
      });
      expect(content.published().privacyPage).toEqual(shippedPrivacyPage);
      // Its author may approve content, but not their own words.
      expect(await content.approve(editor, { kind: "page", key: "privacy", version: 2 })).toMatchObject({
        ok: false,
        status: 403,
      });
      expect(await drawn(content, { Component: Privacy, loader: privacyLoader })).toContain(
        ">Privacy Notice</h1>",
      );
      expect(await content.approve(approver, { kind: "page", key: "privacy", version: 2 })).toMatchObject({
        ok: true,
        state: "published",
      });
      const page = await drawn(content, { Component: Privacy, loader: privacyLoader });
      expect(page).toContain(">Your Information and Us</h1>");
      expect(page).toContain("January 2027");

      // A restored version of the notice awaits approval again.
      const restored = await content.restore(editor, {
        kind: "page",
        key: "privacy",
        version: 1,
        basedOn: 2,
      });
      expect(restored).toMatchObject({ ok: true, version: 3, state: "awaiting" });
    });
  },
);
