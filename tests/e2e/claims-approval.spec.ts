// The claims a buyer relies on need a second person: an editor corrects the founding date in Company
// details, which waits for approval; Ready to launch keeps showing "over 15 years" beside the old date
// until an administrator approves it, then the contradiction leaves and About shows the new date. The
// start-up warning counted it, with the absolute claims, and pointed to Ready to launch. On its own
// server and database, since it changes what every other test reads.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, expect, test } from "@playwright/test";
import { type Database, openDatabase } from "../../server/db/database.ts";
import { invitationPath, invite } from "../../server/workspace/team.ts";
import { type ServerProcess, startServerProcess } from "../support/harness.ts";
import { addVirtualAuthenticator } from "../support/passkeys.ts";
import { expectNoAxeViolations, waitForHydration } from "./helpers";

/** Joins the team through an invitation on this server, with a passkey made in this browser. */
async function join(browser: Browser, db: Database, base: string, name: string, grant: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${randomBytes(3).toString("hex")}@cottonopolis.example`;
  const { token } = await invite(db, { email, name }, Date.now());
  if (!token) throw new Error("A new person already had an account");
  await db.run(`UPDATE staff SET ${grant} WHERE email = ?`, [email]);
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await addVirtualAuthenticator(page);
  await page.goto(invitationPath(token));
  await waitForHydration(page);
  await page.getByRole("button", { name: "Create passkey" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  return page;
}

test("a corrected founding date waits for approval, then the contradiction leaves Ready to launch", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "claims-approval-"));
  const databaseUrl = path.join(dataDir, "site.sqlite");
  let server: ServerProcess | null = null;
  let db: Database | null = null;
  try {
    server = await startServerProcess(
      {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        NI_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
        IP_HASH_SALT: randomBytes(16).toString("hex"),
        FORM_RESULT_SECRET: randomBytes(32).toString("hex"),
      },
      60_000,
      { pages: true },
    );
    const base = server.url.replace("127.0.0.1", "localhost");
    db = openDatabase(databaseUrl);

    // At start, the warning counted the contradiction and the absolute claims, and named where to go.
    await expect
      .poll(() => server?.logs.find((line) => String(line.msg).includes("not ready to launch")) ?? null)
      .not.toBeNull();
    const warning = server.logs.find((line) => String(line.msg).includes("not ready to launch"));
    expect(warning?.msg).toContain("/staff/launch");
    expect(warning?.contradictions).toEqual(["Over 15 years of experience / Founded June 2024"]);
    expect(warning?.absoluteClaims).toContain("100% Client Satisfaction");

    const owner = await join(browser, db, base, "Olive Owner", "is_admin = 1");
    const editor = await join(browser, db, base, "Edith Editor", "can_edit_content = 1");

    await owner.goto("/staff/launch");
    const contradictions = owner.getByRole("region", { name: /Claims that contradict the company's facts/ });
    await expect(contradictions).toContainText("“Over 15 years of experience” beside “Founded June 2024”");
    await expect(contradictions.getByRole("link", { name: "Change the words on About" })).toHaveAttribute(
      "href",
      "/staff/content/page/about",
    );
    await expect(
      contradictions.getByRole("link", { name: "Change the founding date in Company details" }),
    ).toHaveAttribute("href", "/staff/content/company");

    // The editor corrects the founding date: a claim, so Publish is refused and it is sent for approval.
    await editor.goto("/staff/content/company");
    await editor.getByRole("textbox", { name: "Founded" }).fill("March 2009");
    await editor.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(editor.getByRole("alert")).toContainText("its founding date");
    await editor.getByRole("button", { name: "Ask for approval" }).click();
    await expect(editor.getByText("Sent for approval.")).toBeVisible();

    // Nothing changed yet: the contradiction stays until a second person approves.
    await owner.reload();
    await expect(contradictions).toContainText("“Over 15 years of experience” beside “Founded June 2024”");

    await owner.goto("/staff/content/company");
    await owner.getByRole("button", { name: "Approve and publish" }).click();
    await expect(owner.getByText("Approved and published.")).toBeVisible();

    await owner.goto("/staff/launch");
    await expect(contradictions).toContainText("No claim contradicts the company's facts.");
    await expectNoAxeViolations(owner);
    await expect
      .poll(async () => (await fetch(`${server?.url}/about`)).text(), { timeout: 5_000 })
      .toContain("Founded March 2009");
  } finally {
    await server?.stop();
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
