import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Page } from "@playwright/test";
import { caseStudyPaths } from "#core/case-studies/directory.ts";

/** Every public page: the specification's nine, the privacy notice and the case studies. */
export const publicRoutes = [
  "/",
  "/about",
  "/careers",
  "/contact",
  "/services/cleaning",
  "/services/security-officers",
  "/services/housekeeping",
  "/services/warehouse",
  "/services/steward",
  "/privacy",
  "/case-studies",
  ...caseStudyPaths,
] as const;

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Fails the test with a readable list when axe finds any WCAG A/AA violation on the page as it is now.
 * axe runs in the page itself, same-origin frames included (legacy mode): the builder's other way runs
 * each frame apart and then puts the results together in a blank page it opens for the purpose, which
 * took a third more of each check's time. The two differ only in frames from another site, which this
 * way leaves out: the one such frame is the map, the maps service's own page, not ours to fix.
 */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).setLegacyMode().analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Waits until the page's scripts run, so clicks reach their handlers: the site's own script, and each
 * form's island, which loads as the visitor scrolls its form into view. The form is brought into view as
 * a visitor scrolling to it would, then the page is put back where it was.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.evaluate(async () => {
    const [x, y] = [window.scrollX, window.scrollY];
    const boxes = [...document.querySelectorAll<HTMLElement>("[data-island-load]")];
    // A form in view as the page opens loads on the visitor's first scroll: scroll a little, as they would.
    if (boxes.some((box) => !box.hasAttribute("data-ready")))
      window.scrollBy({ top: y > 0 ? -1 : 1, behavior: "instant" });
    let moved = false;
    for (const box of boxes) {
      if (box.hasAttribute("data-ready")) continue;
      box.firstElementChild?.scrollIntoView({ block: "center" });
      moved = true;
      await new Promise<void>((resolve) => {
        const check = () => {
          if (!box.hasAttribute("data-ready")) return;
          document.removeEventListener("island:ready", check);
          resolve();
        };
        document.addEventListener("island:ready", check);
        check();
      });
    }
    if (moved) window.scrollTo({ left: x, top: y, behavior: "instant" });
  });
}

/**
 * Visits each path in a tab of its own, `tabs` at a time, so that one page's waiting (for the network to
 * go quiet, for something that should not happen) overlaps another's loading.
 */
export async function inTabs(
  context: BrowserContext,
  paths: readonly string[],
  visit: (page: Page, path: string) => Promise<void>,
  tabs = 4,
) {
  const waiting = [...paths];
  await Promise.all(
    Array.from({ length: tabs }, async () => {
      for (let path = waiting.shift(); path !== undefined; path = waiting.shift()) {
        const page = await context.newPage();
        try {
          await visit(page, path);
        } finally {
          await page.close();
        }
      }
    }),
  );
}

/** Scrolls down the page a step at a time, so everything that waits to be seen comes into view. */
export async function scrollToBottom(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  });
}
