// The company's details on two real server processes sharing one database: an editor changes the office
// phone once and publishes it; within 2 seconds the home page, the contact page, the footer and the
// LocalBusiness JSON-LD on both processes carry the new number and the old one appears nowhere, and the
// next acknowledgement e-mail (to a real SMTP server on loopback) carries it too. A change of the company
// number is refused Publish and goes live only once a second member of staff approves it.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { type Database, openDatabase } from "../../server/db/database.ts";
import { invitationPath, invite } from "../../server/workspace/team.ts";
import {
  freshPostgresDatabase,
  type ServerProcess,
  startServerProcess,
  TestSmtp,
} from "../support/harness.ts";
import { addVirtualAuthenticator } from "../support/passkeys.ts";
import { expectNoAxeViolations, waitForHydration } from "./helpers";

const oldPhone = { display: "0161 496 0123", e164: "+441614960123" };
const newPhone = { display: "0161 496 0777", e164: "+441614960777" };
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

async function openCompanyDetails(page: Page) {
  await page.goto("/staff");
  await page
    .getByRole("navigation", { name: "Workspace" })
    .getByRole("link", { name: "Site content" })
    .click();
  await page.getByRole("link", { name: "Phone, e-mail, office, hours, registration and insurance" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Company details" })).toBeVisible();
}

/** The organisation's node of a page's JSON-LD. */
function business(html: string): Record<string, unknown> | null {
  const block = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
  if (!block) return null;
  const graph = (JSON.parse(block) as { "@graph": Record<string, unknown>[] })["@graph"];
  return graph.find((node) => node["@type"] === "EmploymentAgency") ?? null;
}

/** What a page says about the phone: in its body, its footer and its JSON-LD. */
async function phoneOn(url: string) {
  const html = await (await fetch(url)).text();
  const footer = html.slice(html.indexOf('<footer id="site-footer"'));
  return {
    page: html.includes(newPhone.display) && html.includes(`tel:${newPhone.e164}`),
    footer: footer.includes(newPhone.display),
    jsonLd: business(html)?.telephone === newPhone.e164,
    oldGone: !html.includes(oldPhone.display) && !html.includes(oldPhone.e164),
  };
}

// PostgreSQL, as several processes of one site run in production; the service's tests cover SQLite too.
test("a new office phone, published once, shows on both processes and in the next acknowledgement", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const smtp = new TestSmtp();
  await smtp.start();
  const dataDir = mkdtempSync(path.join(tmpdir(), "company-details-"));
  const postgres = await freshPostgresDatabase();
  const env = {
    DATABASE_URL: postgres.url,
    DATA_DIR: dataDir,
    NI_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    IP_HASH_SALT: randomBytes(16).toString("hex"),
    FORM_RESULT_SECRET: randomBytes(32).toString("hex"),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  };
  let servers: ServerProcess[] = [];
  let db: Database | null = null;
  try {
    servers = [await startServerProcess(env, 60_000, { pages: true })];
    servers.push(await startServerProcess(env, 60_000, { pages: true }));
    const [first] = servers as [ServerProcess];
    const base = first.url.replace("127.0.0.1", "localhost");
    db = openDatabase(postgres.url);
    for (const server of servers) {
      const html = await (await fetch(`${server.url}/`)).text();
      expect(html).toContain(oldPhone.display);
      expect(business(html)?.telephone).toBe(oldPhone.e164);
    }

    // The editor changes the phone once and publishes it: no approval is needed for a phone number.
    const editor = await join(browser, db, base, "Edith Editor", "can_edit_content");
    await openCompanyDetails(editor);
    await expectNoAxeViolations(editor);
    await editor.getByRole("textbox", { name: /^Office phone/ }).fill(newPhone.display);
    await editor.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(editor.getByText("Published.")).toBeVisible();

    // Within 2 seconds, on both processes: the home page, the contact page, the footer and the JSON-LD.
    for (const server of servers) {
      for (const pagePath of ["/", "/contact", "/services/cleaning", "/privacy"]) {
        await expect
          .poll(() => phoneOn(`${server.url}${pagePath}`), withinTwoSeconds)
          .toEqual({ page: true, footer: true, jsonLd: true, oldGone: true });
      }
    }
    // A visitor's browser shows it in the header and on the contact page, as HTML, with scripts or not.
    const visitor = await browser.newPage();
    await visitor.goto(`${servers[1]?.url}/contact`);
    await waitForHydration(visitor);
    await expect(visitor.getByRole("banner").getByRole("link", { name: newPhone.display })).toHaveAttribute(
      "href",
      `tel:${newPhone.e164}`,
    );
    await expect(visitor.getByRole("main").getByText(newPhone.display).first()).toBeVisible();
    await expect(visitor.getByText(oldPhone.display)).toHaveCount(0);
    await visitor.close();

    // The next acknowledgement carries the new number in its words, its signature and its HTML.
    const email = `buyer-${randomBytes(3).toString("hex")}@example.co.uk`;
    const posted = await fetch(`${servers[1]?.url}/contact-handler.php`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        firstName: "Priya",
        lastName: "Shah",
        email,
        phone: "",
        company: "Northern Quarter Studios",
        service: "cleaning",
        message: "A nightly clean for our studio.",
      }),
    });
    expect(posted.status).toBe(200);
    await expect
      .poll(() => smtp.messages.some((mail) => mail.envelopeTo.includes(email)), { timeout: 15_000 })
      .toBe(true);
    const ack = smtp.messages.find((mail) => mail.envelopeTo.includes(email));
    const text = ack?.parsed.text ?? "";
    const html = String(ack?.parsed.html ?? "");
    expect(text).toContain(`call us on ${newPhone.display}`);
    expect(html).toContain(`tel:${newPhone.e164}`);
    expect(`${text}${html}`).not.toContain(oldPhone.display);

    // A new company number is a legal detail: Publish is refused, and it waits for a second person.
    await openCompanyDetails(editor);
    await editor.getByRole("textbox", { name: /^Company number/ }).fill("19482307");
    await editor.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(editor.getByRole("alert")).toContainText(
      "a second person with Approve site content must approve it",
    );
    await expect(editor.getByRole("textbox", { name: /^Company number/ })).toHaveValue("19482307");
    await expectNoAxeViolations(editor);
    await editor.getByRole("button", { name: "Ask for approval" }).click();
    await expect(editor.getByText("Sent for approval.")).toBeVisible();
    const footerOf = async (url: string) => {
      const page = await (await fetch(url)).text();
      return page.slice(page.indexOf('<footer id="site-footer"'));
    };
    expect(await footerOf(`${servers[1]?.url}/`)).toContain("company number 19482306");

    const approver = await join(browser, db, base, "Arun Approver", "can_approve_content");
    await openCompanyDetails(approver);
    const awaiting = approver.getByRole("region", { name: "Version 3 awaits approval" });
    await expect(awaiting.getByRole("row", { name: /^Company number/ })).toContainText("19482307");
    await expectNoAxeViolations(approver);
    await approver.getByRole("button", { name: "Approve and publish" }).click();
    await expect(approver.getByText("Approved and published.")).toBeVisible();
    for (const server of servers) {
      await expect
        .poll(
          async () => (await footerOf(`${server.url}/about`)).includes("company number 19482307"),
          withinTwoSeconds,
        )
        .toBe(true);
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await db?.close();
    await postgres.drop();
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
