import { expect, test } from "@playwright/test";
import { sendEnquiry, uniqueTag } from "./lead-helpers";
import { joinAsStaff, staffBaseURL } from "./staff-helpers";

test.describe("the first paint", () => {
  test("a public page read only part way, as a slow phone reads it, paints nothing yet", async ({ page }) => {
    const whole = await (await page.request.get("/")).text();
    // What the browser has read when the network or a slow processor stops it short of the footer.
    const partWay = whole.slice(0, whole.indexOf("<footer"));
    await page.route("**/", (route) => route.fulfill({ contentType: "text/html", body: partWay }));
    await page.goto("/", { waitUntil: "load" });
    // The heading is there, but hidden until the rest is read.
    await expect(page.locator("h1")).toBeAttached();
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).visibility)).toBe("hidden");
    // Nor laid out: that layout would only be done again once the rest has arrived.
    expect(await page.evaluate(() => getComputedStyle(document.body).contentVisibility)).toBe("hidden");
    expect(await page.locator("h1").evaluate((heading) => heading.getBoundingClientRect().height)).toBe(0);
    const painted = await page.evaluate(() =>
      performance.getEntriesByName("first-contentful-paint").map((entry) => entry.startTime),
    );
    expect(painted).toEqual([]);
  });

  test("a page arrives whole: nothing is left for a script to move into place after the first paint", async ({
    page,
  }) => {
    // A prerendered page, one rendered per request, and one with a vacancy list read from the database.
    for (const path of ["/", "/careers", "/careers/vacancies"]) {
      const html = await (await page.request.get(path)).text();
      // React's streamed boundaries: a placeholder, the content hidden further down, and the script that
      // swaps them (after a frame, or up to 300 ms later to batch them).
      expect(html.includes('<template id="B:'), `${path}: a streamed boundary's placeholder`).toBe(false);
      expect(html.includes("$RC("), `${path}: the script that reveals it`).toBe(false);
      // Nor is the page's data sent again for a script to draw it a second time: its words travel once.
      expect(html.includes("window.__reactRouterContext"), `${path}: the router's data`).toBe(false);
    }
  });

  test("once the footer is read, the whole page paints at once", async ({ page }) => {
    await page.goto("/", { waitUntil: "load" });
    expect(await page.evaluate(() => getComputedStyle(document.body).visibility)).toBe("visible");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  test("on a first visit the largest paint is the first paint, text and all", async ({ browser }) => {
    for (const path of ["/", "/about", "/services/cleaning", "/", "/about", "/services/cleaning"]) {
      // A fresh context each time: an empty cache, as for someone arriving for the first time.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
      const page = await context.newPage();
      await page.goto(path, { waitUntil: "load" });
      const paints = await page.evaluate(
        () =>
          new Promise<{ first: number[]; largest: { at: number; element: string }[] }>((resolve) => {
            const largest: { at: number; element: string }[] = [];
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[])
                largest.push({ at: entry.startTime, element: entry.element?.tagName ?? "" });
            }).observe({ type: "largest-contentful-paint", buffered: true });
            setTimeout(() => {
              const first = performance
                .getEntriesByName("first-contentful-paint")
                .map((entry) => entry.startTime);
              resolve({ first, largest });
            }, 1500);
          }),
      );
      expect(paints.first, path).toHaveLength(1);
      // One largest paint, in the same frame as the first: nothing is drawn again once the text is in.
      expect(
        paints.largest.map((entry) => entry.at),
        path,
      ).toEqual(paints.first);
      await context.close();
    }
  });

  test("without JavaScript nothing waits for the typeface but the text itself", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/", { waitUntil: "load" });
    expect(await page.evaluate(() => document.documentElement.dataset.fonts ?? "none")).toBe("none");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await context.close();
  });

  test("a public page is laid out once, in the frame that paints it, not first by a script", async ({
    page,
  }) => {
    // Every state the gate puts the page in, as it happens.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as Window & { fontStates?: string[] }).fontStates = seen;
      new MutationObserver(() => seen.push(document.documentElement.dataset.fonts ?? "shown")).observe(
        document,
        { subtree: true, attributes: true, attributeFilter: ["data-fonts"] },
      );
    });
    for (const path of ["/", "/contact", "/careers"]) {
      await page.goto(path, { waitUntil: "load" });
      await expect(page.locator("html")).not.toHaveAttribute("data-fonts");
      // Hidden while the core loads, then shown: no step that lays the hidden page out (and restyles it
      // all again to show it), which only the workspace's names need.
      expect(await page.evaluate(() => (window as Window & { fontStates?: string[] }).fontStates)).toEqual([
        "pending",
        "shown",
      ]);
    }
  });

  test("with JavaScript the page is shown once its typeface is in", async ({ page }) => {
    await page.goto("/", { waitUntil: "load" });
    await expect(page.locator("html")).not.toHaveAttribute("data-fonts");
    expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"', "Facilities"))).toBe(true);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test.describe("the workspace's first paint", () => {
  test.use({ baseURL: staffBaseURL, viewport: { width: 1350, height: 940 } });

  test("nothing moves when the typeface arrives on a workspace page", async ({ page, context }) => {
    await joinAsStaff(page);
    for (const path of ["/staff", "/staff/team"]) {
      // An empty cache, so the typeface is decoded afresh, as on a first visit.
      const fresh = await context.newPage();
      const cdp = await context.newCDPSession(fresh);
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await fresh.goto(path, { waitUntil: "load" });
      await expect(fresh.locator("html")).not.toHaveAttribute("data-fonts");
      const shifts = await fresh.evaluate(
        () =>
          new Promise<number[]>((resolve) => {
            const found: number[] = [];
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries())
                found.push((entry as PerformanceEntry & { value: number }).value);
            }).observe({ type: "layout-shift", buffered: true });
            setTimeout(() => resolve(found), 300);
          }),
      );
      expect(shifts, path).toEqual([]);
      await fresh.close();
    }
  });

  test("a name outside the core typeface holds the page until its own face is in", async ({
    page,
    context,
    request,
  }) => {
    // "ë" is in the rest of latin, "Ł" in latin-ext: files the browser asks for only when it
    // lays such a name out. Here they take 400 ms to arrive, as on a slow connection.
    await sendEnquiry(request, {
      firstName: "Zoë",
      lastName: "Łukasiewicz",
      company: `Łódź Bakery ${uniqueTag()}`,
    });
    await joinAsStaff(page);
    const fresh = await context.newPage();
    const cdp = await context.newCDPSession(fresh);
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await fresh.route(/inter-latin-(rest|ext)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    // The moment the page is shown, what the typeface's files are doing.
    await fresh.addInitScript(() => {
      new MutationObserver(() => {
        const root = document.documentElement;
        if (root.dataset.fonts !== undefined || root.dataset.shownWith !== undefined) return;
        root.dataset.shownWith = [...document.fonts]
          .filter((face) => face.family.includes("Inter Variable"))
          .map((face) => face.status)
          .join(" ");
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-fonts"] });
    });
    await fresh.goto("/staff", { waitUntil: "load" });
    await expect(fresh.getByRole("cell", { name: "Zoë Łukasiewicz", exact: true }).first()).toBeVisible();
    // All three of the typeface's files were in before the page's first frame, none still on its way.
    await expect(fresh.locator("html")).toHaveAttribute("data-shown-with", "loaded loaded loaded");
    await fresh.close();
  });
});
