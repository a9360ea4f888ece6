// The About page's words as site content, on one real server process: an editor changes the hero's
// heading and the description searchers see, sees the search result preview (the description cut where a
// search engine cuts it, a warning above that length), publishes, and the public About page shows the new
// heading and meta description within 2 seconds, markup typed shown as text. A 5,000-character title is
// refused by its field and an empty heading is refused, each with every word kept. The home page's words
// open the same way, with their own search result; a service page's words too, a line moved and a card's
// bullet changed, then shown on its public page. The Contact page's phone card heading and directions are
// changed and published, and /contact shows them within 2 seconds; a change to the privacy notice's words
// is sent for approval, with no way for its author to publish it.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { type Database, openDatabase } from "../../server/db/database.ts";
import { invitationPath, invite } from "../../server/workspace/team.ts";
import { freshPostgresDatabase, type ServerProcess, startServerProcess } from "../support/harness.ts";
import { addVirtualAuthenticator } from "../support/passkeys.ts";
import { expectNoAxeViolations, waitForHydration } from "./helpers";

const heading = `Who We Are ${randomBytes(3).toString("hex").toUpperCase()} & <em>Why</em>`;
const escapedHeading = heading
  .replace("&", "&amp;")
  .replace("<em>", "&lt;em&gt;")
  .replace("</em>", "&lt;/em&gt;");
// Longer than a search result shows (about 160 characters), within the hard limit.
const description =
  `Cleaners, security officers and stewards for Manchester businesses, managed by people who have done the job, answering the phone and replying quickly. ${"Trusted across the city. ".repeat(2)}`.trim();
const withinTwoSeconds = { timeout: 2_000, intervals: [50, 100, 200] };

test("an editor changes the About page's heading and search description, previews the search result and publishes", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "page-words-"));
  const postgres = await freshPostgresDatabase();
  const env = {
    DATABASE_URL: postgres.url,
    DATA_DIR: dataDir,
    NI_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    IP_HASH_SALT: randomBytes(16).toString("hex"),
    FORM_RESULT_SECRET: randomBytes(32).toString("hex"),
  };
  let server: ServerProcess | null = null;
  let db: Database | null = null;
  try {
    server = await startServerProcess(env, 60_000, { pages: true });
    const base = server.url.replace("127.0.0.1", "localhost");
    db = openDatabase(postgres.url);
    // The shipped words, as before they were content.
    const before = await (await fetch(`${server.url}/about`)).text();
    expect(before).toContain("<h1");
    expect(before).toContain("About Cottonopolis Facilities");
    expect(before).toContain("<title>About Us | Cottonopolis Facilities</title>");

    const email = `edith-${randomBytes(3).toString("hex")}@cottonopolis.example`;
    const { token } = await invite(db, { email, name: "Edith Editor" }, Date.now());
    if (!token) throw new Error("A new person already had an account");
    await db.run("UPDATE staff SET can_edit_content = 1 WHERE email = ?", [email]);
    const context = await browser.newContext({ baseURL: base });
    const editor = await context.newPage();
    await addVirtualAuthenticator(editor);
    await editor.goto(invitationPath(token));
    await waitForHydration(editor);
    await editor.getByRole("button", { name: "Create passkey" }).click();
    await expect(editor.getByRole("button", { name: "Sign out" })).toBeVisible();

    await editor.goto("/staff/content");
    await editor.getByRole("link", { name: "The About page" }).click();
    await expect(editor.getByRole("heading", { level: 1, name: "The About page" })).toBeVisible();
    const search = editor.getByRole("region", { name: "Search result preview" });
    await expect(search).toContainText("About Us | Cottonopolis Facilities");
    await expect(search).toContainText("www.cottonopolis.example");
    await expect(search).toContainText("about");

    // A 5,000-character title is refused by its field, the other words kept.
    const title = editor.getByRole("textbox", { name: "Title in search results" });
    await title.fill("x".repeat(5000));
    await editor.getByRole("textbox", { name: "Heading", exact: true }).fill(heading);
    const [refused] = await Promise.all([
      editor.waitForResponse((response) => response.request().method() === "POST"),
      editor.getByRole("button", { name: "Save draft" }).click(),
    ]);
    expect(refused.status()).toBe(400);
    await expect(editor.getByRole("alert")).toContainText(
      "The title in search results must be 120 characters or fewer.",
    );
    await expect(title).toHaveAttribute("aria-invalid", "true");
    await expect(editor.getByRole("textbox", { name: "Heading", exact: true })).toHaveValue(heading);
    await expectNoAxeViolations(editor);

    // An empty heading (a required block) is refused.
    await title.fill("About Us");
    await editor.getByRole("textbox", { name: "Heading", exact: true }).fill("");
    await editor.getByRole("textbox", { name: "Heading", exact: true }).evaluate((input) => {
      (input as HTMLInputElement).required = false;
    });
    const [empty] = await Promise.all([
      editor.waitForResponse((response) => response.request().method() === "POST"),
      editor.getByRole("button", { name: "Save draft" }).click(),
    ]);
    expect(empty.status()).toBe(400);
    await expect(editor.getByRole("alert")).toContainText("Enter the heading.");
    await expect(editor.getByRole("textbox", { name: "Heading", exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );

    // The new heading and description: the search preview shows them as a search result would.
    await editor.getByRole("textbox", { name: "Heading", exact: true }).fill(heading);
    await editor.getByRole("textbox", { name: "Description in search results" }).fill(description);
    await editor.getByRole("button", { name: "Preview" }).click();
    await expect(search.getByTestId("search-description")).toHaveText(/…$/);
    await expect(search.getByTestId("search-description")).toContainText(description.slice(0, 100));
    await expect(search).toContainText(`The description is ${description.length} characters`);
    await expectNoAxeViolations(editor);

    await editor.getByRole("button", { name: "Save draft" }).click();
    await expect(editor.getByText("Draft saved.")).toBeVisible();
    await expect(editor.getByRole("row", { name: /^Heading/ })).toContainText(heading);
    await editor.getByRole("button", { name: "Publish now" }).click();
    await expect(editor.getByText("Published.")).toBeVisible();

    // The public page shows the new heading and description within 2 seconds, markup as text.
    await expect
      .poll(async () => {
        const body = await (await fetch(`${server?.url}/about`)).text();
        return (
          body.includes(escapedHeading) &&
          body.includes(`<meta name="description" content="${description}"/>`) &&
          body.includes(`<meta property="og:description" content="${description}"/>`)
        );
      }, withinTwoSeconds)
      .toBe(true);
    const visitor = await browser.newPage({ baseURL: base });
    await visitor.goto("/about");
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(visitor.locator('meta[name="description"]')).toHaveAttribute("content", description);
    await visitor.close();

    // The home page's words are kept the same way, with their own search result.
    await editor.goto("/staff/content");
    await editor.getByRole("link", { name: "The home page" }).click();
    await expect(editor.getByRole("textbox", { name: "Heading", exact: true })).toHaveValue(
      "Your Complete Facilities Partner",
    );
    // The shipped title with the company's name is longer than a search result shows: cut, and said so.
    const homeSearch = editor.getByRole("region", { name: "Search result preview" });
    await expect(homeSearch.getByTestId("search-title")).toHaveText(
      "Facilities Management and Staffing in Manchester…",
    );
    await expect(homeSearch).toContainText("The title with the company's name is 74 characters");
    await expectNoAxeViolations(editor);

    // A service page's words are kept the same way, each section in its own box: a line moved, a card's
    // bullet changed, previewed, published, and the public page shows them.
    const industry = `Breweries ${randomBytes(2).toString("hex")}`;
    const bullet = "Out-of-hours key handover";
    await editor.goto("/staff/content");
    await editor.getByRole("link", { name: "The Professional Cleaning page" }).click();
    await expect(
      editor.getByRole("heading", { level: 1, name: "The Professional Cleaning page" }),
    ).toBeVisible();
    const industries = editor.getByRole("group", { name: "The industries", exact: true });
    await industries
      .getByRole("group", { name: "Industry 1" })
      .getByRole("textbox", { name: "Words" })
      .fill(industry);
    await industries.getByRole("button", { name: "Move down Industry 1" }).click();
    await expect(
      industries.getByRole("group", { name: "Industry 2" }).getByRole("textbox", { name: "Words" }),
    ).toHaveValue(industry);
    await editor
      .getByRole("group", { name: "The services", exact: true })
      .getByRole("group", { name: "Service 1", exact: true })
      .getByRole("textbox", { name: "Bullet 4" })
      .fill(bullet);
    await editor.getByRole("button", { name: "Preview" }).click();
    const preview = editor.getByRole("region", { name: /^Preview/ });
    await expect(preview.locator('[data-preview="desktop"]')).toContainText(industry);
    await expect(preview.locator('[data-preview="phone"]')).toContainText(bullet);
    await expectNoAxeViolations(editor);
    await editor.getByRole("button", { name: "Save draft" }).click();
    await expect(editor.getByText("Draft saved.")).toBeVisible();
    await editor.getByRole("button", { name: "Publish now" }).click();
    await expect(editor.getByText("Published.")).toBeVisible();
    await expect
      .poll(async () => {
        const body = await (await fetch(`${server?.url}/services/cleaning`)).text();
        return body.includes(industry) && body.includes(bullet);
      }, withinTwoSeconds)
      .toBe(true);
    const reader = await browser.newPage({ baseURL: base });
    await reader.goto("/services/cleaning");
    await expect(reader.locator("#industries li").nth(1)).toHaveText(industry);
    await expect(reader.getByText(bullet)).toBeVisible();
    await reader.close();
    // The Contact page's words: the phone card's heading and the directions, one a line.
    await editor.goto("/staff/content");
    await editor.getByRole("link", { name: "The Contact page" }).click();
    const phoneHeading = editor.getByRole("textbox", { name: "Phone card's heading" });
    await expect(phoneHeading).toHaveValue("Phone");
    await phoneHeading.fill("Ring Us");
    await editor
      .getByRole("textbox", { name: "Directions to the office" })
      .fill("By tram: Piccadilly Gardens, a 5 minute walk.\nBy bike: there are racks outside.");
    await editor.getByRole("button", { name: "Save draft" }).click();
    await expect(editor.getByText("Draft saved.")).toBeVisible();
    await expect(editor.getByRole("row", { name: /^Phone card's heading/ })).toContainText("Ring Us");
    await expectNoAxeViolations(editor);
    await editor.getByRole("button", { name: "Publish now" }).click();
    await expect(editor.getByText("Published.")).toBeVisible();
    await expect
      .poll(async () => {
        const body = await (await fetch(`${server?.url}/contact`)).text();
        return body.includes(">Ring Us</h2>") && body.includes(">By bike: there are racks outside.</li>");
      }, withinTwoSeconds)
      .toBe(true);
    const caller = await browser.newPage({ baseURL: base });
    await caller.goto("/contact");
    await expect(caller.getByRole("heading", { level: 2, name: "Ring Us" })).toBeVisible();
    await expect(caller.getByRole("link", { name: "Call Now" })).toBeVisible();
    await expect(caller.getByText("By tram: Piccadilly Gardens, a 5 minute walk.")).toBeVisible();
    await caller.close();

    // The privacy notice's words are asked for approval, never published by their author.
    await editor.goto("/staff/content");
    await editor.getByRole("link", { name: "The privacy notice" }).click();
    await expect(editor.getByRole("button", { name: "Publish now" })).toHaveCount(0);
    await editor.getByRole("textbox", { name: "Last updated" }).fill("January 2027");
    await editor.getByRole("button", { name: "Save and ask for approval" }).click();
    await expect(editor.getByText("Sent for approval.")).toBeVisible();
    await expect(editor.getByRole("heading", { name: /is awaiting approval/ })).toBeVisible();
    await expect(editor.getByRole("row", { name: /^Last updated/ })).toContainText("January 2027");
    await expect(editor.getByRole("button", { name: "Approve and publish" })).toHaveCount(0);
    await expectNoAxeViolations(editor);
    expect(await (await fetch(`${server.url}/privacy`)).text()).toContain("December 2026");
    await context.close();
  } finally {
    await server?.stop();
    await db?.close();
    await postgres.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
