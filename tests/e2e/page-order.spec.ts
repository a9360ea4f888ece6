import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, publicRoutes } from "./helpers";

// The careers page in a sensible order (Apply Now at the top, the job alerts as a short e-mail box, the
// two cards alike), headings that nest on every public page, and layouts that fit one, two or three
// cards: one case study or testimonial is not left at a half or a third, a short last row of
// accreditations is centred, and the vacancies page offers filters only when there are jobs to filter.

/** Long after every vacancy's closing date: the server's test hooks judge the page at this moment. */
const afterEveryVacancy = { "X-Test-Now": "2200-01-01T12:00:00Z" };

/**
 * Each heading whose enclosing section (one labelled by another heading) is headed at its level or
 * below: a block inside a section must take the next level down.
 */
function headingsOutOfPlace(page: Page) {
  return page.locator("main").evaluate((main) => {
    const faults: string[] = [];
    for (const heading of main.querySelectorAll("h2, h3, h4, h5, h6")) {
      const level = Number(heading.tagName[1]);
      let box = heading.parentElement?.closest("section");
      while (box && main.contains(box)) {
        const label = box.getAttribute("aria-labelledby");
        const owner = label ? box.ownerDocument.getElementById(label) : null;
        if (owner && owner !== heading && /^H[1-6]$/.test(owner.tagName)) {
          const outer = Number(owner.tagName[1]);
          if (outer >= level)
            faults.push(`${heading.tagName} "${heading.textContent}" inside ${owner.tagName}`);
          break;
        }
        box = box.parentElement?.closest("section");
      }
    }
    return faults;
  });
}

test("on every public page a block inside a section takes the next heading level", async ({ page }) => {
  for (const path of [...publicRoutes, "/careers/vacancies", "/careers/alerts"]) {
    await page.goto(path);
    expect(await headingsOutOfPlace(page), path).toEqual([]);
  }
});

for (const width of [390, 1366]) {
  test(`at ${width} px /careers puts the application within reach, its alert sign-up short and under its section`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      extraHTTPHeaders: afterEveryVacancy,
    });
    const page = await context.newPage();
    await page.goto("/careers");
    // Apply Now, in the hero, goes to the application form.
    const apply = page.locator("#page-title").locator("xpath=..").getByRole("button", { name: "Apply Now" });
    await expect(apply).toHaveAttribute("href", "#application-form");
    await expect(page.locator("#application-form form")).toHaveCount(1);

    // The alert sign-up is an h3 inside "Current vacancies" (an h2), an e-mail box and a link to its page.
    const vacancies = page.getByRole("region", { name: "Current vacancies" });
    const alerts = vacancies.getByRole("region", { name: "Get new jobs by e-mail" });
    await expect(alerts.getByRole("heading", { level: 3, name: "Get new jobs by e-mail" })).toBeVisible();
    await expect(alerts.getByRole("textbox")).toHaveCount(1);
    await expect(alerts.getByLabel("E-mail address")).toHaveAttribute("type", "email");
    await expect(alerts.getByRole("checkbox")).toHaveCount(0);
    await expect(
      alerts.getByRole("link", { name: "Choose the kind of work, the place and how often" }),
    ).toHaveAttribute("href", "/careers/alerts");

    // The two cards share a width and a left edge.
    const alertCard = await alerts.boundingBox();
    const applicationCard = await page
      .locator("#application-form form")
      .locator("xpath=ancestor::div[contains(@class, 'rounded-2xl')][1]")
      .boundingBox();
    expect(alertCard && applicationCard).toBeTruthy();
    expect(Math.abs((alertCard?.x ?? 0) - (applicationCard?.x ?? 100))).toBeLessThanOrEqual(1);
    expect(Math.abs((alertCard?.width ?? 0) - (applicationCard?.width ?? 100))).toBeLessThanOrEqual(1);
    await expectNoAxeViolations(page);
    await context.close();
  });
}

test("the vacancies page shows filters only when there are jobs to filter", async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: afterEveryVacancy });
  const page = await context.newPage();
  await page.goto("/careers/vacancies");
  await expect(page.getByText("We have no jobs open just now.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Show jobs" })).toHaveCount(0);
  await expect(page.getByLabel("Kind of work")).toHaveCount(0);
  await expectNoAxeViolations(page);
  // A filter chosen before the jobs went stays there to undo.
  await page.goto("/careers/vacancies?service=cleaning");
  await expect(page.getByRole("button", { name: "Show jobs" })).toBeVisible();
  await context.close();
});

test("at 1366 px one case study and one testimonial are not left at a half or a third, and a short row of accreditations is centred", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/services/housekeeping");
  for (const id of ["case-studies", "testimonials"]) {
    const section = page.locator(`#${id}`);
    const items = section.locator("ul").first().locator(":scope > li");
    await expect(items, id).toHaveCount(1);
    const frame = await section.locator(":scope > div").boundingBox();
    const card = await items.first().boundingBox();
    // Centred, and wider than half the section's frame.
    expect((card?.width ?? 0) / (frame?.width ?? 1), id).toBeGreaterThan(0.5);
    const left = (card?.x ?? 0) - (frame?.x ?? 0);
    const right = (frame?.x ?? 0) + (frame?.width ?? 0) - (card?.x ?? 0) - (card?.width ?? 0);
    expect(Math.abs(left - right), id).toBeLessThanOrEqual(2);
  }

  await page.goto("/");
  const list = page.locator("#accreditations ul").first();
  const cards = list.locator(":scope > li");
  const count = await cards.count();
  expect(count % 3, "the home page's accreditations leave a short last row").not.toBe(0);
  const frame = await list.boundingBox();
  const lastRow = await Promise.all(
    Array.from({ length: count % 3 }, (_, index) => cards.nth(count - (count % 3) + index).boundingBox()),
  );
  const first = lastRow[0];
  const last = lastRow.at(-1);
  const left = (first?.x ?? 0) - (frame?.x ?? 0);
  const right = (frame?.x ?? 0) + (frame?.width ?? 0) - (last?.x ?? 0) - (last?.width ?? 0);
  expect(Math.abs(left - right)).toBeLessThanOrEqual(2);
  expect(left).toBeGreaterThan(50);
});
