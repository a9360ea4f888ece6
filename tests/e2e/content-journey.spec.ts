// Site content on two real server processes sharing one database: an editor renews an accreditation, a
// second member of staff approves it, and both processes show the new number on the home and security
// pages within 2 seconds, with no restart; restoring the old version brings it back through approval.
// On the way, without JavaScript, a bad register link and a save based on an older version are refused
// with every word kept.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { type Database, openDatabase } from "../../server/db/database.ts";
import { invitationPath, invite } from "../../server/workspace/team.ts";
import { freshPostgresDatabase, type ServerProcess, startServerProcess } from "../support/harness.ts";
import { addVirtualAuthenticator } from "../support/passkeys.ts";
import { expectNoAxeViolations, waitForHydration } from "./helpers";

const oldNumber = "SAMPLE-ACS-48213";
const newNumber = `ACS-${randomBytes(3).toString("hex").toUpperCase()}`;
const withinTwoSeconds = { timeout: 2_000, intervals: [50, 100, 200] };

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

/** Every server shows `shown` (and not `gone`) on the home page and the security officers' page. */
async function expectEverywhere(servers: ServerProcess[], shown: string, gone: string) {
  for (const server of servers) {
    for (const pagePath of ["/", "/services/security-officers"]) {
      await expect
        .poll(async () => {
          const body = await (await fetch(`${server.url}${pagePath}`)).text();
          return body.includes(shown) && !body.includes(gone);
        }, withinTwoSeconds)
        .toBe(true);
    }
  }
}

async function openSia(page: Page) {
  await page.goto("/staff");
  await page
    .getByRole("navigation", { name: "Workspace" })
    .getByRole("link", { name: "Site content" })
    .click();
  await page.getByRole("link", { name: "SIA Approved Contractor Scheme" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "SIA Approved Contractor Scheme" })).toBeVisible();
}

// PostgreSQL, as several processes of one site run in production; the service's tests cover SQLite too.
for (const dialect of ["postgres"] as const) {
  test(`an accreditation renewed, approved and restored shows on both processes (${dialect})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const dataDir = mkdtempSync(path.join(tmpdir(), "content-journey-"));
    const postgres = dialect === "postgres" ? await freshPostgresDatabase() : null;
    const databaseUrl = postgres?.url ?? path.join(dataDir, "site.sqlite");
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      NI_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      IP_HASH_SALT: randomBytes(16).toString("hex"),
      FORM_RESULT_SECRET: randomBytes(32).toString("hex"),
    };
    let servers: ServerProcess[] = [];
    let db: Database | null = null;
    try {
      servers = [await startServerProcess(env, 60_000, { pages: true })];
      servers.push(await startServerProcess(env, 60_000, { pages: true }));
      const [first] = servers as [ServerProcess];
      const base = first.url.replace("127.0.0.1", "localhost");
      db = openDatabase(databaseUrl);
      await expectEverywhere(servers, oldNumber, newNumber);

      // The editor renews it: a new number and last day, sent for approval. Nothing changes yet.
      const editor = await join(browser, db, base, "Edith Editor", "can_edit_content");
      // Without JavaScript, a register link to another host is refused by its field, with every word kept.
      const plainContext = await browser.newContext({
        baseURL: base,
        javaScriptEnabled: false,
        storageState: await editor.context().storageState(),
      });
      const plain = await plainContext.newPage();
      await openSia(plain);
      const elsewhere = "https://sia-register.example.com/acs";
      await plain.getByRole("textbox", { name: /^Number/ }).fill(`${newNumber}-B`);
      await plain.getByRole("textbox", { name: /^Register link/ }).fill(elsewhere);
      const [refused] = await Promise.all([
        plain.waitForResponse((response) => response.request().method() === "POST"),
        plain.getByRole("button", { name: "Save draft" }).click(),
      ]);
      expect(refused.status()).toBe(400);
      await expect(plain.getByRole("alert")).toContainText("The register link must go to the SIA's register");
      await expect(plain.getByRole("textbox", { name: /^Register link/ })).toHaveValue(elsewhere);
      await expect(plain.getByRole("textbox", { name: /^Number/ })).toHaveValue(`${newNumber}-B`);
      await openSia(editor);
      await editor.getByRole("textbox", { name: "Number" }).fill(newNumber);
      await editor.getByLabel("Last day").fill("2032-03-03");
      await editor.getByRole("button", { name: "Preview" }).click();
      await expect(editor.getByRole("heading", { name: /Preview/ })).toBeVisible();
      await expect(editor.getByText(newNumber).first()).toBeVisible();
      await editor.getByRole("button", { name: "Ask for approval" }).click();
      await expect(editor.getByText("Sent for approval.")).toBeVisible();
      await expect(editor.getByRole("button", { name: "Approve and publish" })).toHaveCount(0);

      // The window still open on version 1 is told the item changed since, and keeps its words to compare.
      await plain
        .getByRole("textbox", { name: /^Register link/ })
        .fill("https://www.services.sia.homeoffice.gov.uk/Pages/acs-roac.aspx");
      const [conflict] = await Promise.all([
        plain.waitForResponse((response) => response.request().method() === "POST"),
        plain.getByRole("button", { name: "Save draft" }).click(),
      ]);
      expect(conflict.status()).toBe(409);
      await expect(plain.getByRole("alert")).toContainText(
        "Someone saved version 2 of this item after you opened version 1",
      );
      const beside = plain.getByRole("region", { name: "Saved now (version 2) beside your words" });
      await expect(beside.getByRole("row", { name: /^Number/ })).toContainText(`${newNumber}-B`);
      await expect(plain.getByRole("textbox", { name: /^Number/ })).toHaveValue(`${newNumber}-B`);
      await plainContext.close();
      await expectNoAxeViolations(editor);
      await expectEverywhere(servers, oldNumber, newNumber);

      // A second person approves the exact version; both processes show it within 2 seconds.
      const approver = await join(browser, db, base, "Arun Approver", "can_approve_content");
      await openSia(approver);
      await expect(approver.getByRole("heading", { name: "Version 2 awaits approval" })).toBeVisible();
      await expect(
        approver
          .getByRole("region", { name: "Version 2 awaits approval" })
          .getByRole("cell", { name: newNumber }),
      ).toBeVisible();
      await approver.setViewportSize({ width: 390, height: 844 });
      await expectNoAxeViolations(approver);
      await approver.getByRole("button", { name: "Approve and publish" }).click();
      await expect(approver.getByText("Approved and published.")).toBeVisible();
      await expectEverywhere(servers, newNumber, oldNumber);
      const home = await (await fetch(`${servers[1]?.url}/`)).text();
      expect(home).toContain("3 March 2032");
      // Each process then serves the pages drawn again from the content, as files were: no per-visit nonce.
      for (const server of servers) {
        await expect
          .poll(
            async () => {
              const response = await fetch(`${server.url}/services/security-officers`);
              const body = await response.text();
              return (
                body.includes(newNumber) &&
                !response.headers.get("content-security-policy")?.includes("nonce-")
              );
            },
            { timeout: 30_000 },
          )
          .toBe(true);
      }
      // The drawn page's scripts run under its CSP hashes, as a prerendered file's do.
      const visitor = await browser.newPage();
      await visitor.goto(`${servers[1]?.url}/services/security-officers`);
      await waitForHydration(visitor);
      await expect(visitor.getByText(newNumber)).toBeVisible();
      await visitor.close();
      // The organisation's structured data states it too.
      expect(home).toContain(`"certificationIdentification":"${newNumber}"`);

      // Restoring the shipped version makes a new one, live again only once approved.
      await editor.goto(editor.url().split("?")[0] ?? "/staff/content");
      await editor.getByRole("button", { name: "Restore this version (version 1)" }).click();
      await expect(editor.getByText("Restored as a new version.")).toBeVisible();
      await expectEverywhere(servers, newNumber, oldNumber);
      await approver.reload();
      await approver.getByRole("button", { name: "Approve and publish" }).click();
      await expect(approver.getByText("Approved and published.")).toBeVisible();
      await expectEverywhere(servers, oldNumber, newNumber);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await db?.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
