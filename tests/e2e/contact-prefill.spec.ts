import { randomBytes } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { e2eDatabase } from "../../playwright.config";
import { expectNoAxeViolations, waitForHydration } from "./helpers";

// Get Quote on a service page opens the contact form with that service chosen, and Select Package names
// the steward package in the message's first line: by a move within the site with JavaScript, and by a
// plain page load without it. The lead staff receive says what was chosen.

/** The stored enquiry whose message carries the marker, read from the server's SQLite file. */
function storedEnquiry(marker: string): { service: string; message: string } | undefined {
  const db = new DatabaseSync(e2eDatabase, { readOnly: true });
  try {
    return db.prepare("SELECT service, message FROM enquiries WHERE message LIKE ?").get(`%${marker}%`) as
      | { service: string; message: string }
      | undefined;
  } finally {
    db.close();
  }
}

async function fillAndSend(page: Page, marker: string, { keepMessage = false } = {}) {
  const form = page.locator("#contact-form form");
  await form.getByLabel("First Name").fill("Hannah");
  await form.getByLabel("Last Name").fill("Doyle");
  await form.getByLabel("Email Address").fill("hannah.doyle@example.co.uk");
  const message = form.getByRole("textbox", { name: "Message", exact: true });
  const typed = `Stewards for a charity concert in May (${marker}).`;
  if (keepMessage) await message.fill(`${await message.inputValue()}${typed}`);
  else await message.fill(typed);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.locator("#contact-form").getByRole("status")).toContainText(/Your reference is ENQ-/);
}

const withAndWithout = [
  { name: "with JavaScript", javaScriptEnabled: true },
  { name: "without JavaScript", javaScriptEnabled: false },
] as const;

async function open(browser: Browser, javaScriptEnabled: boolean, path: string) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
  return { context, page };
}

test("every Get Quote on a service page, the header's too, opens the form with that service chosen", async ({
  page,
}) => {
  const services: [string, string][] = [
    ["/services/cleaning", "cleaning"],
    ["/services/security-officers", "security"],
    ["/services/housekeeping", "housekeeping"],
    ["/services/warehouse", "warehouse"],
    ["/services/steward", "steward"],
  ];
  for (const [path, service] of services) {
    await page.goto(path);
    const links = page.getByRole("link", { name: "Get Quote" });
    expect(await links.count()).toBeGreaterThanOrEqual(2);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute("href", `/contact?service=${service}#contact-form`);
    }
  }
});

for (const mode of withAndWithout) {
  test.describe(`contact form choices ${mode.name}`, () => {
    test("Get Quote on a service page opens the contact form with that service chosen, and the lead names it", async ({
      browser,
    }) => {
      const { context, page } = await open(browser, mode.javaScriptEnabled, "/services/security-officers");
      await page.getByRole("main").getByRole("link", { name: "Get Quote" }).click();
      await expect(page).toHaveURL(/\/contact\?service=security#contact-form$/);
      const form = page.locator("#contact-form form");
      await expect(form.getByLabel("Service Required")).toHaveValue("security");
      await expect(form.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("");
      // The form opens in view.
      await expect(form.getByLabel("First Name")).toBeInViewport();
      // Maintenance stays on the list, as the specification gives it.
      await expect(
        form.getByLabel("Service Required").getByRole("option", { name: "Maintenance services" }),
      ).toHaveAttribute("value", "maintenance");
      // axe runs as a script, so only where scripts do.
      if (mode.javaScriptEnabled) await expectNoAxeViolations(page);
      const marker = `quote-${randomBytes(4).toString("hex")}`;
      await fillAndSend(page, marker);
      await expect.poll(() => storedEnquiry(marker)?.service).toBe("security");
      await context.close();
    });

    test("Select Package names the steward package in the message's first line", async ({ browser }) => {
      const { context, page } = await open(browser, mode.javaScriptEnabled, "/services/steward");
      const level = page.locator("#service-levels").getByRole("list").first().locator(":scope > li").nth(1);
      await expect(level.getByRole("heading", { level: 3 })).toHaveText("Professional Plus");
      await level.getByRole("link", { name: "Select Package" }).click();
      await expect(page).toHaveURL(/\/contact\?service=steward&package=Professional\+Plus#contact-form$/);
      const form = page.locator("#contact-form form");
      await expect(form.getByLabel("Service Required")).toHaveValue("steward");
      const message = form.getByRole("textbox", { name: "Message", exact: true });
      await expect(message).toHaveValue("Package: Professional Plus (from £18/hour)\n\n");
      const marker = `package-${randomBytes(4).toString("hex")}`;
      await fillAndSend(page, marker, { keepMessage: true });
      await expect
        .poll(() => storedEnquiry(marker)?.message.split("\n")[0])
        .toBe("Package: Professional Plus (from £18/hour)");
      expect(storedEnquiry(marker)?.service).toBe("steward");
      await context.close();
    });
  });
}

test("a link cannot make the contact form say what the site does not offer", async ({ page }) => {
  await page.goto("/contact?service=plumbing&package=%3Cscript%3EFree%20money");
  const form = page.locator("#contact-form form");
  await expect(form.getByLabel("Service Required")).toHaveValue("");
  await expect(form.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("");
  await expect(page.getByText("Free money")).toHaveCount(0);
});

test("a link to the contact form with a choice, opened directly, keeps it once the page has come to life", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  await page.goto("/contact?service=warehouse#contact-form");
  await waitForHydration(page);
  const form = page.locator("#contact-form form");
  await expect(form.getByLabel("Service Required")).toHaveValue("warehouse");
  expect(problems).toEqual([]);
});
