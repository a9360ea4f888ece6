import { expect, type Page, test } from "@playwright/test";
import { publicPages } from "#core/seo.ts";
import { codePoints, coreRanges } from "../../tools/font-characters.ts";
import { waitForHydration } from "./helpers";

/** The font the browser really drew an element's text in, as Chromium reports it (not the CSS list). */
async function renderedFonts(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts.map((font) => font.familyName);
}

test.describe("the typeface on a first visit", () => {
  // Each test has a fresh browser context: an empty cache, as for someone arriving for the first time.
  test("the home heading is drawn in Inter, and stays in Inter after moving to another page", async ({
    page,
  }) => {
    await page.goto("/");
    await expect.poll(() => renderedFonts(page, "h1")).toEqual(["Inter"]);
    const faces = await page.evaluate(() =>
      [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family),
    );
    expect(faces).toContain("Inter Variable");
    expect(await page.evaluate(() => document.fonts.check('800 40px "Inter Variable"', "Facilities"))).toBe(
      true,
    );

    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("About");
    await expect.poll(() => renderedFonts(page, "h1")).toEqual(["Inter"]);
  });

  test("nothing on a first visit moves when the font arrives", async ({ browser }) => {
    // A phone's width, where headings wrap: in the fallback face some wrap differently from Inter.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    for (const path of ["/", "/services/steward", "/careers"]) {
      const page = await context.newPage();
      await page.goto(path, { waitUntil: "load" });
      await expect.poll(() => renderedFonts(page, "h1")).toEqual(["Inter"]);
      // Each shift with what moved, so that a failure names the element.
      const shifts = await page.evaluate(
        () =>
          new Promise<{ value: number; moved: string[] }[]>((resolve) => {
            const found: { value: number; moved: string[] }[] = [];
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as (PerformanceEntry & {
                value: number;
                sources: { node?: Node | null }[];
              })[])
                found.push({
                  value: entry.value,
                  moved: entry.sources.map((source) =>
                    source.node instanceof Element
                      ? source.node.outerHTML.slice(0, 120)
                      : String(source.node?.textContent).slice(0, 120),
                  ),
                });
            }).observe({ type: "layout-shift", buffered: true });
            setTimeout(() => resolve(found), 200);
          }),
      );
      expect(shifts, path).toEqual([]);
      await page.close();
    }
    await context.close();
  });

  test("a phone's first visit draws the heading in Inter too", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    await page.goto("/services/warehouse");
    await expect.poll(() => renderedFonts(page, "h1")).toEqual(["Inter"]);
    await context.close();
  });
});

test("every character the public pages show is in the font file they wait for", async ({ page }) => {
  const core = new Set(codePoints(coreRanges));
  for (const path of [...publicPages, "/careers/vacancies", "/this-page-does-not-exist"]) {
    await page.goto(path);
    const shown = await page.evaluate(() => {
      const fields = [...document.querySelectorAll<HTMLInputElement>("[placeholder]")].map(
        (field) => field.placeholder,
      );
      // biome-ignore lint/performance/useDomNodeTextContent: only the text drawn on screen, not scripts' text
      return [document.body.innerText, ...fields].join("\n");
    });
    const missing = [...new Set(shown)].filter((character) => {
      const code = character.codePointAt(0) as number;
      return code >= 0x20 && !core.has(code);
    });
    expect(missing, path).toEqual([]);
  }
});
