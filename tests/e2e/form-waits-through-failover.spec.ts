// The contact form while the PostgreSQL database switches over (a failover): the visitor waits and is
// kept informed, and the enquiry is saved once, with or without JavaScript. The production server and
// build on a database of its own, made read-only (as a standby answers while a new primary is chosen)
// and then writable again.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { freshPostgresDatabase, type ServerProcess, startServerProcess } from "../support/harness.ts";
import { expectNoAxeViolations, waitForHydration } from "./helpers";

/** A production server on a fresh database, and a switch between a writable and a read-only database. */
async function startOnItsOwnDatabase(env: Record<string, string>) {
  const database = await freshPostgresDatabase();
  const name = new URL(database.url).pathname.slice(1);
  const dataDir = mkdtempSync(path.join(tmpdir(), "form-failover-"));
  const admin = new pg.Client({ connectionString: database.url });
  let server: ServerProcess | null = null;
  try {
    server = await startServerProcess(
      {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        NI_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
        IP_HASH_SALT: randomBytes(16).toString("hex"),
        FORM_RESULT_SECRET: randomBytes(32).toString("hex"),
        ...env,
      },
      60_000,
      { pages: true },
    );
    await admin.connect();
  } catch (error) {
    await server?.stop();
    await admin.end().catch(() => {});
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const running = server;
  return {
    server: running,
    async readOnly(on: boolean) {
      await admin.query(`ALTER DATABASE ${name} SET default_transaction_read_only = ${on ? "on" : "off"}`);
      if (on) {
        await admin.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
        );
      }
    },
    async enquiries(marker: string) {
      const { rows } = await admin.query<{ reference: string }>(
        "SELECT reference FROM enquiries WHERE message LIKE $1",
        [`%${marker}%`],
      );
      return rows.map((row) => row.reference);
    },
    async close() {
      if (running.child.exitCode === null) await running.stop();
      await admin.end().catch(() => {});
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function fillContact(page: Page, marker: string) {
  const form = page.locator("#contact-form form");
  await form.getByLabel("First Name").fill("Aisha");
  await form.getByLabel("Last Name").fill("Khan");
  await form.getByLabel("Email Address").fill("aisha.khan@example.co.uk");
  await form.getByLabel("Phone Number").fill("0161 496 0999");
  await form.getByLabel("Company Name").fill("Ancoats Bakery Ltd");
  await form.getByLabel("Service Required").selectOption("cleaning");
  await form
    .getByRole("textbox", { name: "Message", exact: true })
    .fill(`An evening office clean, five days a week. (${marker})`);
  return form;
}

test("the contact form waits through a switch-over: held without JavaScript; with it, kept informed and sent again by itself, stored once", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A hold of four seconds: a short switch-over is waited through by the server alone; a longer one
  // is answered "try again" (503, Retry-After), which the script then does by itself.
  const opened = await startOnItsOwnDatabase({ FAILOVER_HOLD_MS: "4000" });
  try {
    // Without JavaScript: the post waits on the held request and lands on the thanks.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    try {
      const noScript = await plain.newPage();
      await noScript.goto(`${opened.server.url}/contact`);
      const marker = randomUUID();
      const form = await fillContact(noScript, marker);
      await opened.readOnly(true);
      const submitted = form.getByRole("button", { name: "Send Message" }).click();
      // Held meanwhile, and counted where monitoring looks.
      const held = async () =>
        /^site_posts_held (\d+)$/m.exec(await (await fetch(`${opened.server.url}/metrics`)).text())?.[1];
      await expect.poll(held, { timeout: 3000 }).toBe("1");
      await opened.readOnly(false);
      await submitted;
      await expect(noScript.getByRole("status").filter({ hasText: "Your reference is ENQ-" })).toBeVisible({
        timeout: 20_000,
      });
      expect(await opened.enquiries(marker)).toHaveLength(1);
      expect(await held()).toBe("0");
      await expect
        .poll(() => opened.server.logs)
        .toContainEqual(
          expect.objectContaining({ msg: "post saved after waiting for the database", form: "contact" }),
        );
    } finally {
      await plain.close();
    }

    // With JavaScript, through a switch-over longer than the hold.
    await page.goto(`${opened.server.url}/contact`);
    await waitForHydration(page);
    const marker = randomUUID();
    const form = await fillContact(page, marker);
    const posts: { status: number; key: string | null }[] = [];
    page.on("response", async (response) => {
      if (new URL(response.url()).pathname !== "/contact-handler.php") return;
      posts.push({ status: response.status(), key: await response.request().headerValue("idempotency-key") });
    });
    await opened.readOnly(true);
    await form.getByRole("button", { name: "Send Message" }).click();
    // Told, in a live region a screen reader reads out, that it is still saving.
    const stillSaving = form.getByText(
      "Still saving: this can take up to half a minute. Please keep this page open.",
    );
    await expect(stillSaving).toBeVisible({ timeout: 10_000 });
    await expect(stillSaving).toHaveAttribute("aria-live", "polite");
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
    await expectNoAxeViolations(page);
    await expect.poll(() => posts.map((post) => post.status), { timeout: 15_000 }).toEqual([503]);
    await opened.readOnly(false);

    // The script sends it again after the server's Retry-After (at most ten seconds), with the same key.
    await expect(page.getByRole("status").filter({ hasText: "Your reference is ENQ-" })).toBeVisible({
      timeout: 20_000,
    });
    expect(posts.map((post) => post.status)).toEqual([503, 200]);
    expect(posts[0]?.key).toBeTruthy();
    expect(posts[1]?.key).toBe(posts[0]?.key);
    await expect(stillSaving).toHaveCount(0);
    expect(await opened.enquiries(marker)).toHaveLength(1);
  } finally {
    await opened.close();
  }
});
