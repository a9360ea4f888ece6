import { expect, test } from "@playwright/test";

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
    const painted = await page.evaluate(() =>
      performance.getEntriesByName("first-contentful-paint").map((entry) => entry.startTime),
    );
    expect(painted).toEqual([]);
  });

  test("once the footer is read, the whole page paints at once", async ({ page }) => {
    await page.goto("/", { waitUntil: "load" });
    expect(await page.evaluate(() => getComputedStyle(document.body).visibility)).toBe("visible");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });
});
