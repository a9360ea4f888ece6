import { expect, test } from "@playwright/test";
import { site } from "#core/config/site.ts";
import { careersFormWords, contactFormWords } from "#core/forms/form-copy.ts";
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

  test("a form's page hydrates the form alone, and no script carries the page's words or the form's", async ({
    page,
  }) => {
    const forms = [
      { path: "/contact", island: "contact-form", words: contactFormWords(site.claims.replyWithin) },
      {
        path: "/careers",
        island: "careers-form",
        words: careersFormWords(site.limits.maxUploadMb, site.claims.replyWithin),
      },
    ];
    for (const { path, island, words } of forms) {
      const scripts = await scriptsOf(page, path);
      const heading = (await page.getByRole("heading", { level: 1 }).textContent())?.trim() ?? "";
      // The form's own words (its labels, the service list, the quote questions, its messages) come
      // with the page, as props beside the form: publishing a word changes no script.
      const phrases = [heading, ...wordsIn(words)];
      expect(phrases.length, path).toBeGreaterThan(30);
      for (const script of scripts)
        for (const phrase of phrases)
          expect(carries(script.body, phrase), `${script.url} carries "${phrase}"`).toBe(false);
      // The island's box is there and hydrated; the rest of the page is the server's HTML, untouched.
      await expect(page.locator(`[data-island="${island}"][data-ready="true"]`)).toHaveCount(1);
      await expect(page.locator("[data-island]")).toHaveCount(1);
      page.removeAllListeners("response");
    }
  });
});

/** The phrase as words of its own, not inside a name in code ("Message" in "postMessage"). */
function carries(code: string, phrase: string): boolean {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\w])${escaped}(?![\\w])`).test(code);
}

/** The keys in a form's words that hold what the form sends, not what it says ("office", "security"). */
const codes = new Set(["value", "key", "service", "kind"]);

/** Every phrase in a form's words long enough not to be found in code by chance ("Yes" and "No" are). */
function wordsIn(value: unknown): string[] {
  if (typeof value === "string") return value.length >= 6 ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(wordsIn);
  if (typeof value === "object" && value !== null)
    return Object.entries(value).flatMap(([key, inner]) => (codes.has(key) ? [] : wordsIn(inner)));
  return [];
}

test.describe("a form's island", () => {
  /** Holds the contact form's island script back until `release` is called (or fails it, with `abort`). */
  async function holdIsland(page: import("@playwright/test").Page) {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    await page.route(/\/assets\/island-contact-form-[\w-]+\.js$/, async (route) => {
      held = true;
      await released;
      await route.continue();
    });
    return { release, wasHeld: () => held };
  }

  test("loads only once its form comes into view, not for a visitor reading the top of the page", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 700 });
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto("/contact");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.waitForTimeout(500);
    expect(requested.filter((path) => /react|island-contact-form/.test(path))).toEqual([]);
    await page.locator("#contact-form").scrollIntoViewIfNeeded();
    await expect(page.locator('[data-island="contact-form"]')).toHaveAttribute("data-ready", "true");
    expect(requested.some((path) => /island-contact-form/.test(path))).toBe(true);
  });

  test("a form in view as the page opens waits for the visitor's first scroll or first use", async ({
    page,
  }) => {
    // Tall enough that the whole form is in view from the start.
    await page.setViewportSize({ width: 1366, height: 4000 });
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto("/contact");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(page.locator("#contact-form form")).toBeInViewport();
    await page.waitForTimeout(500);
    expect(requested.filter((path) => /react|island-contact-form/.test(path))).toEqual([]);
    await page.locator("#contact-form form").getByLabel("First Name").focus();
    await expect(page.locator('[data-island="contact-form"]')).toHaveAttribute("data-ready", "true");
    expect(requested.some((path) => /island-contact-form/.test(path))).toBe(true);
  });

  test("keeps a service chosen before it hydrated, and shows that service's questions", async ({ page }) => {
    const island = await holdIsland(page);
    await page.goto("/contact");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const form = page.locator("#contact-form form");
    await form.getByLabel("Service Required").selectOption("security");
    // Choosing asked for the island, which is held back: the choice was made before it hydrated.
    await expect.poll(() => island.wasHeld()).toBe(true);
    await expect(page.locator('[data-island="contact-form"]')).not.toHaveAttribute("data-ready", "true");
    island.release();
    await expect(page.locator('[data-island="contact-form"]')).toHaveAttribute("data-ready", "true");
    await expect(form.getByLabel("Service Required")).toHaveValue("security");
    await expect(form.getByRole("group", { name: /security/i })).toBeVisible();
  });

  test("keeps what was typed into a message the page filled in, when the island hydrates after it", async ({
    page,
  }) => {
    const island = await holdIsland(page);
    // Select Package fills the message's first line; the visitor goes on typing before the island is in.
    await page.goto("/contact?service=steward&package=Professional+Plus#contact-form");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const message = page.locator("#contact-form form").getByRole("textbox", { name: "Message", exact: true });
    await expect(message).toHaveValue("Package: Professional Plus (from £18/hour)\n\n");
    await message.fill("Package: Professional Plus (from £18/hour)\n\nStewards for a concert in May.");
    await expect.poll(() => island.wasHeld()).toBe(true);
    island.release();
    await expect(page.locator('[data-island="contact-form"]')).toHaveAttribute("data-ready", "true");
    await expect(message).toHaveValue(
      "Package: Professional Plus (from £18/hour)\n\nStewards for a concert in May.",
    );
  });

  test("a message sent before it hydrated waits for it and goes as the island sends it", async ({ page }) => {
    const island = await holdIsland(page);
    await page.goto("/contact");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const form = page.locator("#contact-form form");
    await form.getByLabel("First Name").fill("Aisha");
    await form.getByLabel("Last Name").fill("Khan");
    await form.getByLabel("Email Address").fill("aisha.khan@example.co.uk");
    await form
      .getByRole("textbox", { name: "Message", exact: true })
      .fill("An evening office clean, please.");
    const post = page.waitForRequest("**/contact-handler.php");
    await form.getByRole("button", { name: "Send Message" }).click();
    await page.waitForTimeout(300);
    island.release();
    // Sent by the island's script, as JSON, not as the plain post a browser without JavaScript makes.
    expect((await post).headers()["content-type"]).toContain("application/json");
    await expect(page.locator("#contact-form").getByRole("status")).toContainText(/Thank you, Aisha!/);
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("a message sent while its island cannot load goes as a plain post, and is received", async ({
    page,
  }) => {
    await page.route(/\/assets\/island-contact-form-[\w-]+\.js$/, (route) => route.abort());
    await page.goto("/contact");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const form = page.locator("#contact-form form");
    await form.getByLabel("First Name").fill("Aisha");
    await form.getByLabel("Last Name").fill("Khan");
    await form.getByLabel("Email Address").fill("aisha.khan@example.co.uk");
    await form
      .getByRole("textbox", { name: "Message", exact: true })
      .fill("An evening office clean, please.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact\?result=.+#contact-form$/);
    await expect(page.locator("#contact-form").getByRole("status")).toContainText(/Your reference is ENQ-/);
  });
});
