import { expect, test } from "@playwright/test";
import { waitForHydration } from "./helpers";

/**
 * The public pages are documents with islands (docs/decisions/027-islands-on-prerendered-pages.md): a page
 * that reads loads the site's small script and nothing else, no script carries a page's words, and only
 * the forms bring React, for themselves.
 */
const contentPages = ["/", "/about", "/services/warehouse", "/case-studies", "/privacy"];

async function scriptsOf(page: import("@playwright/test").Page, path: string) {
  const scripts: { url: string; body: string }[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push({ url: response.url(), body: await response.text().catch(() => "") });
  });
  await page.goto(path);
  await waitForHydration(page);
  return scripts;
}

test.describe("islands", () => {
  test("a page people read loads only the site's own small script, which carries none of its words", async ({
    page,
  }) => {
    for (const path of contentPages) {
      const scripts = await scriptsOf(page, path);
      const heading = (await page.getByRole("heading", { level: 1 }).textContent())?.trim() ?? "";
      expect(heading.length, path).toBeGreaterThan(0);
      const bytes = scripts.reduce((total, script) => total + script.body.length, 0);
      // The menu, the section links, the visit count: a few kilobytes, and no React.
      expect(bytes, `${path}: ${scripts.map((script) => script.url).join(", ")}`).toBeLessThan(8_000);
      for (const script of scripts) {
        expect(script.body.includes(heading), `${script.url} carries "${heading}"`).toBe(false);
        expect(script.body.includes("react.production"), `${script.url} is React`).toBe(false);
      }
      page.removeAllListeners("response");
    }
  });

  test("a form's page hydrates the form alone: its script carries the form, not the page", async ({
    page,
  }) => {
    const scripts = await scriptsOf(page, "/contact");
    const heading = (await page.getByRole("heading", { level: 1 }).textContent())?.trim() ?? "";
    expect(scripts.some((script) => script.body.includes("Send Message"))).toBe(true);
    for (const script of scripts) {
      expect(script.body.includes(heading), `${script.url} carries "${heading}"`).toBe(false);
      expect(script.body.includes("Getting here"), `${script.url} carries the page's directions`).toBe(false);
    }
    // The island's box is there and hydrated; the rest of the page is the server's HTML, untouched.
    await expect(page.locator('[data-island="contact-form"][data-ready="true"]')).toHaveCount(1);
    await expect(page.locator("[data-island]")).toHaveCount(1);
  });
});
