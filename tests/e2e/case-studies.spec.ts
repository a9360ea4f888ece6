import { expect, type Page, test } from "@playwright/test";
import { caseStudies, recentCaseStudies } from "#core/case-studies/index.ts";
import { caseStudyImagePath, caseStudyPath } from "#core/case-studies/paths.ts";
import { testimonialLapsesAt, testimonialLapseTimes } from "#core/case-studies/testimonials.ts";
import { serviceList, servicePath } from "#core/config/service-list.ts";
import { site } from "#core/config/site.ts";
import { expectNoAxeViolations, publicRoutes, waitForHydration } from "./helpers";

const security = recentCaseStudies("securityOfficers");
const cleaning = recentCaseStudies("cleaning");

/** The titles of the case studies the list shows, in order. */
function listedTitles(page: Page) {
  return page
    .getByRole("main")
    .getByRole("heading", { level: 2 })
    .filter({ hasNot: page.getByText("Show case studies for") });
}

/** Every testimonial on the page names a person, a role with the client, and a date. */
async function expectEveryTestimonialAttributed(page: Page) {
  const figures = page.locator("figure").filter({ has: page.locator("blockquote") });
  for (const figure of await figures.all()) {
    const caption = figure.locator("figcaption");
    await expect(caption).toBeVisible();
    await expect(caption.locator("span").first()).not.toBeEmpty();
    await expect(caption).toContainText(",");
    await expect(caption.locator("time[datetime]")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
  }
  return figures.count();
}

test.describe("the case studies list", () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`filters by service ${javaScriptEnabled ? "with" : "without"} JavaScript`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto("/case-studies");
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(listedTitles(page)).toHaveText(caseStudies.map((caseStudy) => caseStudy.title));

      const filter = page.getByRole("navigation", { name: "Show case studies for" });
      await filter.getByRole("link", { name: "Security Officers" }).click();
      await expect(page).toHaveURL(/\/case-studies\?service=security-officers$/);
      await expect(filter.getByRole("link", { name: "Security Officers" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(listedTitles(page)).toHaveText(security.map((caseStudy) => caseStudy.title));
      await expect(page.getByText(`${security.length} case studies for Security Officers.`)).toBeVisible();

      await filter.getByRole("link", { name: "Professional Cleaning" }).click();
      await expect(listedTitles(page)).toHaveText(cleaning.map((caseStudy) => caseStudy.title));

      await filter.getByRole("link", { name: "All services" }).click();
      await expect(listedTitles(page)).toHaveCount(caseStudies.length);
      await context.close();
    });
  }

  test("is rendered for the service asked for, page and data alike, never from the unfiltered files", async ({
    request,
  }) => {
    const html = await (await request.get("/case-studies?service=warehouse")).text();
    for (const caseStudy of caseStudies) {
      if (caseStudy.services.includes("warehouse")) expect(html).toContain(caseStudy.title);
      else expect(html).not.toContain(caseStudy.title);
    }
    const data = await (await request.get("/case-studies.data?service=warehouse")).text();
    expect(data).toContain(recentCaseStudies("warehouse")[0]?.title);
    expect(data).not.toContain(security[0]?.title);
  });

  test("answers an unknown service with 400, a clear message and every case study", async ({ page }) => {
    const response = await page.goto("/case-studies?service=plumbing");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("We could not find that service");
    await expect(listedTitles(page)).toHaveCount(caseStudies.length);
  });
});

test.describe("each case study's page", () => {
  test("is public: in the sitemap and the list of pages the other checks run on", async ({ request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const path of ["/case-studies", ...caseStudies.map((caseStudy) => caseStudyPath(caseStudy.slug))]) {
      expect(sitemap).toContain(`<loc>${site.siteUrl}${path}</loc>`);
      expect(publicRoutes).toContain(path);
    }
  });

  for (const caseStudy of caseStudies) {
    test(`${caseStudy.slug}: its own title, description and share image`, async ({ page, request }) => {
      await page.goto(caseStudyPath(caseStudy.slug));
      await expect(page).toHaveTitle(`${caseStudy.title} | ${site.brand}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(caseStudy.title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", caseStudy.summary);
      const image = `${site.siteUrl}${caseStudyImagePath(caseStudy.slug)}`;
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", image);
      await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", image);

      const file = await request.get(caseStudyImagePath(caseStudy.slug));
      expect(file.status()).toBe(200);
      expect(file.headers()["content-type"]).toBe("image/png");
      const png = await file.body();
      // A PNG's size is in its header: width then height, from byte 16.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);

      const main = page.getByRole("main");
      for (const heading of ["The problem", "What we did", "The results", "In their words"]) {
        await expect(main.getByRole("heading", { level: 2, name: heading })).toBeVisible();
      }
      await expect(main.getByText(caseStudy.results[0].measure)).toBeVisible();
      await expect(main.getByText(caseStudy.testimonial.name, { exact: true })).toBeVisible();
      if (caseStudy.sample) await expect(main.getByText("This is an example")).toBeVisible();
    });
  }

  for (const width of [390, 1366]) {
    test(`passes axe at ${width} px, as does the list`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of [
        "/case-studies",
        "/case-studies?service=steward",
        caseStudyPath(security[0]?.slug ?? ""),
      ]) {
        await page.goto(path);
        await expectNoAxeViolations(page);
      }
    });
  }

  test("an address under the list that is no case study is the 404 page", async ({ request }) => {
    expect((await request.get("/case-studies/no-such-study")).status()).toBe(404);
  });
});

test.describe("on the service and home pages", () => {
  test("a service page shows its two most recent case studies and links to all of them", async ({ page }) => {
    await page.goto("/services/security-officers");
    const section = page.getByRole("region", { name: "Recent Work" });
    await expect(section.getByRole("heading", { level: 3 })).toHaveText(
      security.slice(0, 2).map((item) => item.title),
    );
    await section.getByRole("link", { name: "See all our case studies for this service" }).click();
    await expect(page).toHaveURL(/\/case-studies\?service=security-officers$/);
    await expect(listedTitles(page)).toHaveText(security.map((caseStudy) => caseStudy.title));
  });

  test("the footer links to the case studies", async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("contentinfo").getByRole("link", { name: "Case studies" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Case Studies" })).toBeVisible();
  });

  test("no testimonial on any page lacks a name, a role or a date", async ({ page }) => {
    let seen = 0;
    for (const path of publicRoutes) {
      await page.goto(path);
      seen += await expectEveryTestimonialAttributed(page);
    }
    expect(seen).toBeGreaterThan(caseStudies.length);
  });

  test("the testimonials link to how we use them, and the privacy notice says when they come down", async ({
    page,
  }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "What Our Clients Say" });
    await expect(section.locator("figure")).toHaveCount(3);
    await section.getByRole("link", { name: "How we use reviews and testimonials" }).click();
    const policy = page.getByRole("region", { name: "How we use reviews and testimonials" });
    await expect(policy).toBeVisible();
    await expect(policy).toContainText("three years after the date it was given");
    await expect(policy).toContainText("nobody is paid");
  });

  test("a testimonial older than the configured age is gone from pages rendered on request", async ({
    browser,
  }) => {
    // The testimonial that ages out first, and a moment after it has (and before any other has).
    const [first, second] = testimonialLapseTimes();
    const aged = caseStudies.find((caseStudy) => testimonialLapsesAt(caseStudy.testimonial) === first);
    if (!aged || first === undefined) throw new Error("no testimonial to age");
    const at = first + 60_000;
    expect(second === undefined || at < second).toBe(true);

    const before = await browser.newContext({
      extraHTTPHeaders: { "X-Test-Now": new Date(first - 60_000).toISOString() },
    });
    const after = await browser.newContext({
      extraHTTPHeaders: { "X-Test-Now": new Date(at).toISOString() },
    });
    const paths = [
      caseStudyPath(aged.slug),
      ...serviceList.filter((entry) => aged.services.includes(entry.key)).map((entry) => servicePath(entry)),
    ];
    for (const path of paths) {
      const shown = await before.newPage();
      await shown.goto(path);
      await expect(shown.getByText(aged.testimonial.quote, { exact: false })).toBeVisible();
      const gone = await after.newPage();
      await gone.goto(path);
      await expect(gone.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(gone.getByText(aged.testimonial.quote, { exact: false })).toHaveCount(0);
      await expectEveryTestimonialAttributed(gone);
    }
    await before.close();
    await after.close();
  });
});
