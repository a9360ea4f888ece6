// Scheduled site content on two real server processes sharing one PostgreSQL database: an editor adds a
// benefit to the Careers page (a new card, moved up a place), saves it as a draft and schedules it for
// the next minute but one, UK time. A time already past is refused by its field. Until its time the new
// benefit is on neither process's /careers; after it, it is on both, once, and the audit log says it was
// published at its scheduled time exactly once. On the way: without JavaScript a card is added and moved
// up with every word kept, and markup typed into a card reaches the page as text.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, expect, test } from "@playwright/test";
import { ukWall } from "../../core/time/london-time.ts";
import { type Database, openDatabase } from "../../server/db/database.ts";
import { invitationPath, invite } from "../../server/workspace/team.ts";
import { freshPostgresDatabase, type ServerProcess, startServerProcess } from "../support/harness.ts";
import { addVirtualAuthenticator } from "../support/passkeys.ts";
import { expectNoAxeViolations, waitForHydration } from "./helpers";

const benefit = `Free Uniform ${randomBytes(3).toString("hex").toUpperCase()}`;
// Markup typed into a card is shown as text.
const typed = "Uniform and <em>safety</em> boots provided from your first shift.";
const escaped = "Uniform and &lt;em&gt;safety&lt;/em&gt; boots provided from your first shift.";

/** Joins the team through an invitation on this server, with a passkey made in this browser. */
async function join(browser: Browser, db: Database, base: string, name: string, grant: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${randomBytes(3).toString("hex")}@cottonopolis.example`;
  const { token } = await invite(db, { email, name }, Date.now());
  if (!token) throw new Error("A new person already had an account");
  await db.run(`UPDATE staff SET ${grant} = 1 WHERE email = ?`, [email]);
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await addVirtualAuthenticator(page);
  await page.goto(invitationPath(token));
  await waitForHydration(page);
  await page.getByRole("button", { name: "Create passkey" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  return page;
}

/** How many times each server's /careers names the new benefit. */
async function counts(servers: ServerProcess[]): Promise<number[]> {
  return Promise.all(
    servers.map(async (server) => {
      const body = await (await fetch(`${server.url}/careers`)).text();
      return body.split(benefit).length - 1;
    }),
  );
}

test("a Careers benefit scheduled for a UK time appears on both processes at that time, once", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "scheduled-content-"));
  const postgres = await freshPostgresDatabase();
  const env = {
    DATABASE_URL: postgres.url,
    DATA_DIR: dataDir,
    NI_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    IP_HASH_SALT: randomBytes(16).toString("hex"),
    FORM_RESULT_SECRET: randomBytes(32).toString("hex"),
    // Due changes are looked for every second, not every five.
    CONTENT_SCHEDULE_POLL_MS: "1000",
  };
  let servers: ServerProcess[] = [];
  let db: Database | null = null;
  try {
    servers = [await startServerProcess(env, 60_000, { pages: true })];
    servers.push(await startServerProcess(env, 60_000, { pages: true }));
    const [first] = servers as [ServerProcess];
    const base = first.url.replace("127.0.0.1", "localhost");
    db = openDatabase(postgres.url);
    // The shipped words, as before they were content.
    const before = await (await fetch(`${first.url}/careers`)).text();
    expect(before).toContain("Competitive Compensation");
    expect(before).toContain("People First");

    const editor = await join(browser, db, base, "Edith Editor", "can_edit_content");

    // Without JavaScript, a card is added and moved up a place, every word kept, nothing saved.
    const plainContext = await browser.newContext({
      baseURL: base,
      javaScriptEnabled: false,
      storageState: await editor.context().storageState(),
    });
    const plain = await plainContext.newPage();
    await plain.goto("/staff/content/page/careers");
    await plain.getByRole("button", { name: "Add a value" }).click();
    await plain
      .getByRole("group", { name: "Value 4" })
      .getByRole("textbox", { name: "Title" })
      .fill("Honesty");
    await plain.getByRole("button", { name: "Move up Value 4" }).click();
    await expect(
      plain.getByRole("group", { name: "Value 3" }).getByRole("textbox", { name: "Title" }),
    ).toHaveValue("Honesty");
    await expect(
      plain.getByRole("group", { name: "Value 4" }).getByRole("textbox", { name: "Title" }),
    ).toHaveValue("Growth");
    await plainContext.close();
    await editor.goto("/staff/content");
    await editor.getByRole("link", { name: "The Careers page" }).click();
    await expect(editor.getByRole("heading", { level: 1, name: "The Careers page" })).toBeVisible();

    // A new card at the end of the benefits, moved up a place: the form keeps every word, nothing saved.
    await editor.getByRole("button", { name: "Add a benefit" }).click();
    const fifth = editor.getByRole("group", { name: "Benefit 5" });
    await fifth.getByRole("textbox", { name: "Title" }).fill(benefit);
    await fifth.getByRole("textbox", { name: "Text" }).fill(typed);
    await fifth.getByRole("combobox", { name: "Icon" }).selectOption("star");
    await editor.getByRole("button", { name: "Move up Benefit 5" }).click();
    const fourth = editor.getByRole("group", { name: "Benefit 4" });
    await expect(fourth.getByRole("textbox", { name: "Title" })).toHaveValue(benefit);
    await expect(
      editor.getByRole("group", { name: "Benefit 5" }).getByRole("textbox", { name: "Title" }),
    ).toHaveValue("Supportive Environment");
    // Preview draws the cards as the page would, saving nothing.
    await editor.getByRole("button", { name: "Preview" }).click();
    const preview = editor.getByRole("region", { name: /^Preview/ });
    await expect(preview.getByRole("heading", { level: 3, name: benefit })).toBeVisible();
    await expect(preview).toContainText(typed);
    await expectNoAxeViolations(editor);
    await editor.getByRole("button", { name: "Save draft" }).click();
    await expect(editor.getByText("Draft saved.")).toBeVisible();
    await expect(editor.getByRole("row", { name: /Why Join Our Team, card 4/ })).toContainText(benefit);

    // A time already past is refused by its field.
    // Midnight today: always past, and never before the date field's earliest day.
    const past = { date: ukWall(Date.now()).date, time: "00:00" };
    const schedule = editor.getByRole("region", { name: "Schedule" });
    await schedule.getByLabel("Publish on").fill(past.date);
    await schedule.getByLabel("Publish at (UK time)").fill(past.time);
    const [refused] = await Promise.all([
      editor.waitForResponse((response) => response.request().method() === "POST"),
      schedule.getByRole("button", { name: "Schedule publication" }).click(),
    ]);
    expect(refused.status()).toBe(400);
    await expect(schedule.getByRole("alert")).toContainText("That moment has passed");
    await expect(schedule.getByLabel("Publish on")).toHaveAttribute("aria-invalid", "true");

    // The next minute but one, UK time: at least a minute ahead.
    const due = Math.ceil((Date.now() + 60_000) / 60_000) * 60_000;
    const wall = ukWall(due);
    await schedule.getByLabel("Publish on").fill(wall.date);
    await schedule.getByLabel("Publish at (UK time)").fill(wall.time);
    await schedule.getByRole("button", { name: "Schedule publication" }).click();
    await expect(editor.getByText("Scheduled. It goes live at the time shown")).toBeVisible();
    await expect(editor.getByRole("region", { name: "Schedule" })).toContainText(
      `Version 2 is to be published at`,
    );
    await expect(editor.getByRole("region", { name: "Schedule" })).toContainText(wall.time);
    await expectNoAxeViolations(editor);

    // Before its time: on neither process.
    while (Date.now() < due - 1500) {
      expect(await counts(servers)).toEqual([0, 0]);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    // After it: on both, once each, within the schedule's poll and the content's.
    await expect
      .poll(() => counts(servers), { timeout: due - Date.now() + 8_000, intervals: [200] })
      .toEqual([1, 1]);
    const published = await db.all<{ detail: string }>(
      "SELECT detail FROM audit_log WHERE action = 'content-published' ORDER BY id",
    );
    expect(published).toEqual([{ detail: expect.stringMatching(/^page careers v2 at its scheduled time/) }]);
    for (const server of servers) {
      const body = await (await fetch(`${server.url}/careers`)).text();
      expect(body).toContain(escaped);
      expect(body).not.toContain(typed);
    }
    // Still once, a few runs later.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await counts(servers)).toEqual([1, 1]);
    expect(await db.all("SELECT detail FROM audit_log WHERE action = 'content-published'")).toHaveLength(1);

    // The item's page says so: published, nothing scheduled.
    await editor.reload();
    await expect(editor.getByText("Version 2 is published")).toBeVisible();
    await expect(editor.getByRole("region", { name: "Schedule" })).toContainText("Nothing is scheduled.");
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await db?.close();
    await postgres.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
