import { randomBytes } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import { devices, expect, type Page, test } from "@playwright/test";
import { baseURL, e2eDatabase } from "../../playwright.config";
import { expectNoAxeViolations, waitForHydration } from "./helpers";
import { sendEnquiry } from "./lead-helpers";
import { joinAsStaff, staffBaseURL } from "./staff-helpers";

// The workspace on a 390 px phone: a header of one row, the notice that e-mail is not set up (this
// server has no SMTP server, as a fresh install has none), and the visit counts' report that reads
// without sideways scrolling, totals and top lists first, its conversion rates never above 100%.

test.use({ baseURL: staffBaseURL, viewport: { width: 390, height: 844 } });

/** E-mails waiting in the delivery queue, read from the server's SQLite file. */
function waitingEmails(): number {
  const db = new DatabaseSync(e2eDatabase, { readOnly: true });
  try {
    const row = db
      .prepare("SELECT COUNT(*) AS n FROM outbox WHERE channel = 'email' AND status IN ('queued', 'sending')")
      .get() as { n: number };
    return Number(row.n);
  } finally {
    db.close();
  }
}

/** Nothing on the page is wider than the screen, and nothing inside it scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const wide = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width)
      found.push(`page ${document.documentElement.scrollWidth}`);
    for (const element of Array.from(document.querySelectorAll("main *"))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0) continue;
      const scrolls =
        element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== "visible";
      if (box.right > width + 1 || scrolls)
        found.push(`${element.tagName}.${element.className}`.slice(0, 120));
    }
    return found;
  });
  expect(wide).toEqual([]);
}

/** A visit from an advert (to the warehouse page, which no other test sends from) that sends three enquiries, so a rate counted per enquiry would read 300%. */
async function keenVisitor(browser: import("@playwright/test").Browser, tag: string) {
  const context = await browser.newContext({
    baseURL,
    userAgent: `${devices["Desktop Chrome"].userAgent} ${tag}`,
  });
  const page = await context.newPage();
  const beacon = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/page-view");
  await page.goto(`/services/warehouse?utm_source=${tag}`);
  await beacon;
  await waitForHydration(page);
  for (const n of [1, 2, 3]) {
    const reply = await page.evaluate(
      async ({ marker, n }) => {
        const response = await fetch("/contact-handler.php", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({
            firstName: "Ruth",
            lastName: "Okafor",
            email: "ruth.okafor@example.co.uk",
            phone: "",
            company: "Okafor Lettings",
            service: "warehouse",
            message: `Warehouse cover, request ${n}, for our parcel depot (${marker}).`,
          }),
        });
        return response.json();
      },
      { marker: tag, n },
    );
    expect(reply).toMatchObject({ success: true });
  }
  await context.close();
}

test("with no SMTP server, every workspace page says once, plainly, how many e-mails wait", async ({
  page,
  request,
}) => {
  // An enquiry queues two e-mails: the team's copy and the acknowledgement.
  await sendEnquiry(request);
  expect(waitingEmails()).toBeGreaterThanOrEqual(2);
  await joinAsStaff(page, { admin: true });
  for (const path of ["/staff/team", "/staff/people", "/staff", "/staff/analytics"]) {
    await page.goto(path);
    const notice = page.getByRole("heading", { name: /^E-mail is not set up: / });
    await expect(notice, path).toHaveCount(1);
    const text = (await notice.textContent()) ?? "";
    expect(text).toMatch(
      /^E-mail is not set up: (\d+ messages are waiting|1 message is waiting|no messages are waiting yet)$/,
    );
    const shown = Number(/(\d+) messages? (is|are) waiting/.exec(text)?.[1] ?? 0);
    // Other tests add mail as this one runs: the figure is what the queue held as the page was made.
    expect(shown).toBeLessThanOrEqual(waitingEmails());
    expect(shown).toBeGreaterThanOrEqual(2);
  }
  await expectNoAxeViolations(page);
});

test("at 390 px the workspace header is one row, and its Menu opens onto the sections", async ({ page }) => {
  await joinAsStaff(page);
  const header = page.getByRole("banner");
  const brand = header.getByRole("link", { name: /staff workspace/ });
  const menu = header.getByText("Menu", { exact: true });
  const [brandBox, menuBox] = [await brand.boundingBox(), await menu.boundingBox()];
  expect(brandBox && menuBox).toBeTruthy();
  // One row: the brand and the Menu side by side, and a header no taller than that row.
  expect(
    Math.abs(
      (brandBox?.y ?? 0) + (brandBox?.height ?? 0) / 2 - ((menuBox?.y ?? 0) + (menuBox?.height ?? 0) / 2),
    ),
  ).toBeLessThan(8);
  expect((await header.boundingBox())?.height).toBeLessThan(80);
  // Sign out stays in the row.
  const signOut = header.getByRole("button", { name: "Sign out" });
  expect(Math.abs(((await signOut.boundingBox())?.y ?? 0) - (menuBox?.y ?? 0))).toBeLessThan(8);
  await expectNoAxeViolations(page);

  await waitForHydration(page);
  await menu.click();
  const nav = page.getByRole("navigation", { name: "Workspace" });
  await expect(nav.getByRole("link", { name: "Analytics" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "People" })).toBeVisible();
  await expectNoAxeViolations(page);
  await nav.getByRole("link", { name: "Analytics" }).click();
  await expect(page).toHaveURL(/\/staff\/analytics$/);
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
  // The menu closes on the move.
  await expect(nav).toBeHidden();
});

test("the header's Menu works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: staffBaseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await joinAsStaff(page);
  const cookies = await context.cookies();
  const plain = await browser.newContext({
    baseURL: staffBaseURL,
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: false,
  });
  await plain.addCookies(cookies);
  const noScript = await plain.newPage();
  await noScript.goto("/staff");
  await noScript.getByRole("banner").getByText("Menu", { exact: true }).click();
  await noScript.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "People" }).click();
  await expect(noScript).toHaveURL(/\/staff\/people$/);
  await plain.close();
  await context.close();
});

test("the visit counts' report reads at 390 px: totals and top lists first, nothing sideways, rates never above 100%", async ({
  page,
  browser,
}) => {
  test.slow();
  const tag = `keen-${randomBytes(4).toString("hex")}`;
  await keenVisitor(browser, tag);
  const home = await browser.newPage({ baseURL });
  const beacon = home.waitForResponse((response) => new URL(response.url()).pathname === "/api/page-view");
  await home.goto("/");
  await beacon;
  await home.close();
  await joinAsStaff(page);
  await page.goto("/staff/analytics?days=7");
  const main = page.getByRole("main");
  // It leads with the totals, then the top pages and sources.
  const headings = await main.getByRole("heading", { level: 2 }).allInnerTexts();
  const notices = /^(E-mail is not set up|.* could not be delivered)/;
  expect(headings.filter((heading) => !notices.test(heading)).slice(0, 3)).toEqual([
    "Totals",
    "Top pages",
    "Top sources",
  ]);
  // Pages by their titles, in a list that fits the phone. Which ten pages lead depends on what the other
  // tests have visited by now; the home page, which nearly every one of them opens, always does (and
  // this test views it too, so that it leads when the test runs alone).
  const pages = main.getByRole("list", { name: /^Top pages by views/ });
  await expect(pages.getByText("Home", { exact: true })).toBeVisible();
  await expect(pages.getByText("/", { exact: true })).toHaveCount(0);
  // The advert's one visit sent three enquiries: its rate is 100%, not 300%.
  const source = main
    .getByRole("list", { name: /^Top sources by views/ })
    .getByRole("listitem")
    .filter({ hasText: tag });
  await expect(source).toContainText("Enquiries3");
  await expect(source).toContainText("Conversion rate100.0%");
  const rates = await main.getByText(/^\d+(\.\d)?%$/).allInnerTexts();
  expect(rates.length).toBeGreaterThan(0);
  for (const rate of rates) expect(Number.parseFloat(rate)).toBeLessThanOrEqual(100);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
});

test("at 390 px every workspace page has no accessibility violation, and its wide tables scroll from the keyboard", async ({
  page,
}) => {
  await joinAsStaff(page, { admin: true });
  for (const path of ["/staff", "/staff/team", "/staff/people", "/staff/vacancies", "/staff/vacancies/new"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
    await expectNoAxeViolations(page);
  }
  // The team's table is wider than a phone: its box takes focus, so arrow keys scroll it.
  await page.goto("/staff/team");
  const members = page.getByRole("region", { name: "Table of members of staff" });
  await members.focus();
  await expect(members).toBeFocused();
});
