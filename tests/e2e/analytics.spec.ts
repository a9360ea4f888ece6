import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { type Browser, type BrowserContextOptions, devices, expect, type Page, test } from "@playwright/test";
import { e2eDatabase } from "../../playwright.config";
import type { DailyRow } from "../../server/tables/analytics.ts";
import { expectNoAxeViolations, waitForHydration } from "./helpers";
import { joinAsStaff, staffBaseURL } from "./staff-helpers";

// Every browser here comes from 127.0.0.1, so a visitor is told apart by its user agent: each test's
// browser gets one of its own, and its views a campaign tag of its own, so tests running side by side
// (and the rest of the suite) never share a visitor or a row of figures.
const chromeAgent = devices["Desktop Chrome"].userAgent;

/** The daily figures the server stored, read from its SQLite file. */
function daily(where: string, ...params: string[]): DailyRow[] {
  const db = new DatabaseSync(e2eDatabase, { readOnly: true });
  try {
    return db
      .prepare(`SELECT * FROM analytics_daily WHERE ${where} ORDER BY page, referrer_host, utm_source`)
      .all(...params) as DailyRow[];
  } finally {
    db.close();
  }
}

function sum(rows: DailyRow[], column: "views" | "visitors" | "landings" | "enquiries" | "applications") {
  return rows.reduce((total, row) => total + Number(row[column]), 0);
}

/** A tag and a user agent no other test uses. */
function newVisitor(label: string) {
  const id = `${label}-${randomBytes(4).toString("hex")}`;
  return { id, userAgent: `${chromeAgent} ${id}` };
}

async function visitorPage(browser: Browser, userAgent: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ userAgent, ...options });
  return { context, page: await context.newPage() };
}

/** Collects the page-view beacons a page sends, with their bodies and headers. */
function beacons(page: Page) {
  const sent: { body: Record<string, unknown>; headers: Record<string, string> }[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname !== "/api/page-view") return;
    sent.push({ body: JSON.parse(request.postData() ?? "null"), headers: request.headers() });
  });
  return sent;
}

/** Waits until the server has answered one more beacon than `before`. */
async function nextBeaconAnswer(page: Page, action: () => Promise<unknown>) {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/page-view");
  await action();
  return answered;
}

test.describe("cookieless visit counts", () => {
  test("pages viewed in Chromium are counted once each, with no cookie and nothing stored in the browser", async ({
    browser,
  }) => {
    const { id, userAgent } = newVisitor("views");
    const { context, page } = await visitorPage(browser, userAgent);
    const sent = beacons(page);
    await page.goto(`/?utm_source=${id}&utm_medium=e2e`, { referer: "https://news.example.org/article" });
    await waitForHydration(page);
    // Client-side navigations, as a visitor clicks through the site.
    await page.getByRole("banner").getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await page.getByRole("contentinfo").getByRole("link", { name: "Professional Cleaning" }).click();
    await expect(page).toHaveURL(/\/services\/cleaning$/);
    // A jump within the page is not another page.
    await page.goto("/services/cleaning#main");

    await expect.poll(() => sum(daily("utm_source = ?", id), "views")).toBe(3);
    // Give a stray second count the time to arrive, then look again.
    await page.waitForTimeout(500);
    const rows = daily("utm_source = ?", id);
    expect(
      rows.map(({ page, views, visitors, landings, referrer_host, device }) => ({
        page,
        views,
        visitors,
        landings,
        referrer_host,
        device,
      })),
    ).toEqual([
      { page: "/", views: 1, visitors: 1, landings: 1, referrer_host: "news.example.org", device: "desktop" },
      {
        page: "/about",
        views: 1,
        visitors: 1,
        landings: 0,
        referrer_host: "news.example.org",
        device: "desktop",
      },
      {
        page: "/services/cleaning",
        views: 1,
        visitors: 1,
        landings: 0,
        referrer_host: "news.example.org",
        device: "desktop",
      },
    ]);

    // The beacon carries the page and the first referrer, and nothing that could identify the browser.
    expect(sent.map((beacon) => beacon.body)).toEqual([
      { page: `/?utm_source=${id}&utm_medium=e2e`, referrer: "https://news.example.org/article" },
      { page: "/about", referrer: "" },
      { page: "/services/cleaning", referrer: "" },
    ]);
    for (const beacon of sent) expect(beacon.headers.cookie).toBeUndefined();
    expect(await context.cookies()).toEqual([]);
    expect(
      await page.evaluate(async () => ({
        cookie: document.cookie,
        local: localStorage.length,
        session: sessionStorage.length,
        databases: (await indexedDB.databases()).length,
        caches: (await caches.keys()).length,
      })),
    ).toEqual({ cookie: "", local: 0, session: 0, databases: 0, caches: 0 });
    await context.close();
  });

  test("two visits from one browser on one day are one visitor", async ({ browser }) => {
    const { id, userAgent } = newVisitor("twice");
    const first = await visitorPage(browser, userAgent);
    await nextBeaconAnswer(first.page, () => first.page.goto(`/?utm_source=${id}`));
    await first.context.close();

    // A new browser session: nothing carried over in the browser, and still the same visitor today.
    const second = await visitorPage(browser, userAgent);
    await nextBeaconAnswer(second.page, () => second.page.goto("/careers"));
    await second.context.close();

    await expect.poll(() => sum(daily("utm_source = ?", id), "views")).toBe(2);
    const rows = daily("utm_source = ?", id);
    expect(sum(rows, "landings")).toBe(1);
    // The second visit is credited to the source the day's first one came from: it was recognised.
    expect(rows.map((row) => [row.page, row.visitors])).toEqual([
      ["/", 1],
      ["/careers", 1],
    ]);
  });

  test("a browser sending Global Privacy Control or Do Not Track sends nothing, and the server counts nothing", async ({
    browser,
  }) => {
    // Global Privacy Control as a browser that supports it sends it: the property and the header.
    const gpc = newVisitor("gpc");
    const withGpc = await visitorPage(browser, gpc.userAgent, { extraHTTPHeaders: { "Sec-GPC": "1" } });
    await withGpc.context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true });
    });
    const gpcBeacons = beacons(withGpc.page);
    await withGpc.page.goto(`/?utm_source=${gpc.id}`);
    await waitForHydration(withGpc.page);

    const dnt = newVisitor("dnt");
    const withDnt = await visitorPage(browser, dnt.userAgent, { extraHTTPHeaders: { DNT: "1" } });
    await withDnt.context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "doNotTrack", { get: () => "1" });
    });
    const dntBeacons = beacons(withDnt.page);
    await withDnt.page.goto(`/about?utm_source=${dnt.id}`);
    await waitForHydration(withDnt.page);

    // Only the header (an extension adds it; the page cannot see it): the beacon goes, the server drops it.
    const header = newVisitor("gpc-header");
    const headerOnly = await visitorPage(browser, header.userAgent, { extraHTTPHeaders: { "Sec-GPC": "1" } });
    const answer = await nextBeaconAnswer(headerOnly.page, () =>
      headerOnly.page.goto(`/?utm_source=${header.id}`),
    );
    expect(answer.status()).toBe(204);

    await withGpc.page.waitForTimeout(500);
    expect(gpcBeacons).toEqual([]);
    expect(dntBeacons).toEqual([]);
    for (const visitor of [gpc, dnt, header]) expect(daily("utm_source = ?", visitor.id)).toEqual([]);
    for (const { context } of [withGpc, withDnt, headerOnly]) await context.close();
  });

  test("robots and the staff pages are not counted", async ({ browser }) => {
    const { id } = newVisitor("robot");
    const robot = await visitorPage(
      browser,
      `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/140.0.0.0 Safari/537.36 ${id}`,
    );
    const answer = await nextBeaconAnswer(robot.page, () => robot.page.goto(`/?utm_source=${id}`));
    expect(answer.status()).toBe(204);
    expect(daily("utm_source = ?", id)).toEqual([]);
    await robot.context.close();

    const staff = await visitorPage(browser, newVisitor("staff").userAgent, { baseURL: staffBaseURL });
    const sent = beacons(staff.page);
    await staff.page.goto("/staff/sign-in");
    await waitForHydration(staff.page);
    await staff.page.waitForTimeout(500);
    expect(sent).toEqual([]);
    await staff.context.close();
  });

  test("an enquiry sent without JavaScript counts for its page and the page's campaign tags", async ({
    browser,
  }) => {
    const { id, userAgent } = newVisitor("nojs");
    const { context, page } = await visitorPage(browser, userAgent, { javaScriptEnabled: false });
    await page.goto(`/contact?utm_source=${id}`);
    const form = page.locator("#contact-form form");
    await form.getByLabel("First Name").fill("Grace");
    await form.getByLabel("Last Name").fill("Okafor");
    await form.getByLabel("Email Address").fill("grace.okafor@example.co.uk");
    await form
      .getByRole("textbox", { name: "Message", exact: true })
      .fill(`A quote for a weekly clean (${id}).`);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("#contact-form").getByRole("status")).toContainText(/Your reference is ENQ-/);
    await expect.poll(() => sum(daily("utm_source = ?", id), "enquiries")).toBe(1);
    // No script, no beacon: the enquiry is counted, the views are not.
    expect(daily("utm_source = ?", id)).toMatchObject([{ page: "/contact", views: 0, enquiries: 1 }]);
    await context.close();
  });
});

test("the privacy notice says what is counted, that nothing identifies a visitor, and how to object", async ({
  page,
}) => {
  await page.goto("/privacy");
  const section = page.getByRole("region", { name: "How we count visits" });
  await expect(section).toContainText("with no cookie and no third party");
  await expect(section.getByRole("listitem")).toHaveText([
    "the pages shown, and how many different visitors saw each",
    /the website a visit came from .*utm_source, utm_medium and utm_campaign/,
    "whether the browser was on a phone, a tablet or a computer",
    "the enquiries and job applications sent, and the page each was sent from",
  ]);
  await expect(section).toContainText("We never store your IP address");
  await expect(section).toContainText("delete them after 25 months");
  await expect(section).toContainText("turn on Global Privacy Control or Do Not Track");
  await expectNoAxeViolations(page);
});

test.describe("the analytics report", () => {
  test("an enquiry sent from /services/cleaning?utm_source=newsletter counts for that page and source; the report shows it, and its table matches its chart", async ({
    browser,
  }) => {
    // A long journey (a visitor, the report at two widths with axe, the export): more time than most.
    test.slow();
    const { id, userAgent } = newVisitor("subscriber");
    const visitor = await visitorPage(browser, userAgent);
    await nextBeaconAnswer(visitor.page, () => visitor.page.goto("/services/cleaning?utm_source=newsletter"));
    await waitForHydration(visitor.page);
    // Sent from this page as the site's forms send it: JSON by fetch, the page's address as Referer.
    const reply = await visitor.page.evaluate(async (marker) => {
      const response = await fetch("/contact-handler.php", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          firstName: "Priya",
          lastName: "Shah",
          email: "priya.shah@example.co.uk",
          phone: "",
          company: "Northern Quarter Studios",
          service: "cleaning",
          message: `A nightly clean for our studio (${marker}).`,
        }),
      });
      return response.json();
    }, id);
    expect(reply).toMatchObject({ success: true });
    await expect
      .poll(() => daily("utm_source = ? AND page = ?", "newsletter", "/services/cleaning"))
      .toMatchObject([{ views: 1, visitors: 1, landings: 1, enquiries: 1, device: "desktop" }]);
    await visitor.context.close();

    const staff = await browser.newContext({ baseURL: staffBaseURL });
    const page = await staff.newPage();
    await joinAsStaff(page);
    await page
      .getByRole("navigation", { name: "Workspace" })
      .getByRole("link", { name: "Analytics" })
      .click();
    await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Last 7 days" }).click();
    await expect(page).toHaveURL(/\/staff\/analytics\?days=7$/);
    await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");

    // Top pages and top sources show the enquiry, for that page (by its title) and that source.
    const cleaning = page
      .getByRole("table", { name: /^Top pages/ })
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "Professional Cleaning", exact: true }) });
    const cells = await cleaning.getByRole("cell").allInnerTexts();
    // Views, Visitors, Enquiries, Applications, Conversion rate (visitors of the page who sent a lead from it).
    expect(Number(cells[2])).toBe(1);
    const pageVisitors = Number(cells[1]);
    expect(pageVisitors).toBeGreaterThanOrEqual(1);
    expect(cells[4]).toBe(`${((1 / pageVisitors) * 100).toFixed(1)}%`);
    const newsletter = page
      .getByRole("table", { name: /^Top sources/ })
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "newsletter", exact: true }) });
    await expect(newsletter.getByRole("cell")).toHaveText(["1", "1", "1", "0", "100.0%"]);
    const campaign = page
      .getByRole("table", { name: /^Campaigns/ })
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "newsletter", exact: true }) });
    await expect(campaign.getByRole("cell")).toHaveText(["None", "None", "1", "1", "100.0%"]);

    // The per-day table and the chart carry the same figures, day by day (days with nothing folded into
    // one line), and the bars are to scale.
    const table = page.getByRole("table", { name: /per day$/ });
    const counted = new Map(
      await table
        .locator("tbody tr:not([data-folded])")
        .evaluateAll((rows) =>
          rows.map((row) => [
            row.getAttribute("data-key") ?? "",
            Array.from(row.querySelectorAll("td"), (cell) => Number(cell.textContent)),
          ]),
        ),
    );
    const folded = await table
      .locator("tbody tr[data-folded]")
      .evaluateAll((rows) => rows.map((row) => (row.getAttribute("data-key") ?? "").split("..")));
    const todayFigures = [...counted.values()].at(-1) ?? [];
    expect(todayFigures[0]).toBeGreaterThanOrEqual(1);
    expect(todayFigures[2]).toBeGreaterThanOrEqual(1);
    const columns = { visitors: 0, enquiries: 2, applications: 3 } as const;
    for (const [series, column] of Object.entries(columns)) {
      const chart = page.locator(`svg[data-series="${series}"]`);
      await expect(chart).toHaveAttribute("role", "img");
      await expect(chart).toHaveAccessibleName(/per day/i);
      await expect(chart).toHaveAccessibleDescription(/from .+ to .+; most in a day: \d+/);
      const bars = await chart.locator("rect").evaluateAll((rects) =>
        rects.map((rect) => ({
          day: rect.getAttribute("data-day") ?? "",
          value: Number(rect.getAttribute("data-value")),
          height: Number(rect.getAttribute("height")),
        })),
      );
      expect(bars).toHaveLength(7);
      for (const bar of bars) {
        const row = counted.get(bar.day);
        if (row) expect(bar.value, `${series} on ${bar.day}`).toBe(row[column]);
        else {
          expect(bar.value, `${series} on ${bar.day}`).toBe(0);
          expect(folded.some(([first = "", last = ""]) => first <= bar.day && bar.day <= last)).toBe(true);
        }
      }
      const most = Math.max(...bars.map((bar) => bar.value));
      const tallest = Math.max(...bars.map((bar) => bar.height));
      for (const bar of bars) expect(bar.height).toBeCloseTo(most ? (bar.value / most) * tallest : 0, 5);
    }
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoAxeViolations(page);

    // Export as CSV: the same rows, for a signed-in member of staff only.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export as CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await file.path()) ?? "", "utf8");
    expect(csv.split("\n")[0]).toBe(
      "day,page,referrer_host,utm_source,utm_medium,utm_campaign,device,views,visitors,landings,enquiries,applications,visits,converted_visits,converted_visitors",
    );
    expect(csv).toMatch(/\n\d{4}-\d{2}-\d{2},\/services\/cleaning,,newsletter,,,desktop,1,1,1,1,0,1,1,1\n/);
    // Then the replies against the promise and the clients and hires by source, each with its header.
    expect(csv).toContain(
      "\nservice,enquiries_received,answered_within_promise,answered_late,overdue,waiting,share_answered_within_promise,median_hours_to_first_answer\n",
    );
    expect(csv).toContain("\nby,source_or_page,utm_medium,utm_campaign,enquiries,won,applications,hired\n");
    const oddPeriod = await page.request.get("/staff/analytics.csv?days=12");
    expect(oddPeriod.status()).toBe(400);
    expect(await oddPeriod.text()).toBe("Choose a period of 7, 30 or 90 days.");
    await staff.close();

    const signedOut = await browser.newContext({ baseURL: staffBaseURL });
    const refused = await signedOut.request.get("/staff/analytics.csv?days=7");
    expect(refused.status()).toBe(401);
    const page2 = await signedOut.newPage();
    await page2.goto("/staff/analytics");
    await expect(page2).toHaveURL(/\/staff\/sign-in\?next=%2Fstaff%2Fanalytics$/);
    await signedOut.close();
  });

  test("a visitor who lands from a campaign and enquires on the contact page is credited to that campaign", async ({
    browser,
  }) => {
    const { id, userAgent } = newVisitor("journey");
    const { context, page } = await visitorPage(browser, userAgent);
    await page.goto(`/services/cleaning?utm_source=${id}&utm_campaign=spring`);
    await waitForHydration(page);
    await page.getByRole("main").getByRole("link", { name: "Get Quote" }).first().click();
    await expect(page).toHaveURL(/\/contact\?service=cleaning#contact-form$/);
    const form = page.locator("#contact-form form");
    await form.getByLabel("First Name").fill("Tom");
    await form.getByLabel("Last Name").fill("Hughes");
    await form.getByLabel("Email Address").fill("tom.hughes@example.co.uk");
    await form
      .getByRole("textbox", { name: "Message", exact: true })
      .fill(`Cover for our reception (${id}).`);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("#contact-form").getByRole("status")).toContainText(/Your reference is ENQ-/);
    await expect.poll(() => sum(daily("utm_source = ?", id), "enquiries")).toBe(1);
    expect(daily("utm_source = ? AND enquiries > 0", id)).toMatchObject([
      { page: "/contact", utm_campaign: "spring", views: 1, visitors: 1, enquiries: 1 },
    ]);
    await context.close();
  });
});
