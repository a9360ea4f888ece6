import { expect, type Page, test } from "@playwright/test";
import { caseStudiesPath, caseStudyImagePath } from "#core/case-studies/paths.ts";
import { inTabs, publicRoutes, waitForHydration } from "./helpers";

const siteUrl = "https://www.cottonopolis.example";
const serviceNames: Record<string, string> = {
  "/services/cleaning": "Professional Cleaning",
  "/services/security-officers": "Security Officers",
  "/services/housekeeping": "Housekeeping Staff",
  "/services/warehouse": "Warehouse Workers",
  "/services/steward": "Steward Staff",
};

type Node = Record<string, unknown>;

async function jsonLdGraph(page: Page): Promise<Node[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks).toHaveLength(1);
  const data = JSON.parse(blocks[0] as string) as { "@context": string; "@graph": Node[] };
  expect(data["@context"]).toBe("https://schema.org");
  return data["@graph"];
}

test.describe("search and sharing", () => {
  test("every page has its own title, description, canonical URL and share tags", async ({ page }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of publicRoutes) {
      await page.goto(path);
      const title = await page.title();
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(title, path).toMatch(/ \| Cottonopolis Facilities$/);
      expect(description?.length ?? 0, path).toBeGreaterThan(50);
      titles.add(title);
      descriptions.add(description as string);
      const canonical = `${siteUrl}${path === "/" ? "/" : path}`;
      await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute("href", canonical);
      const meta = (property: string) =>
        page.locator(`meta[property="${property}"], meta[name="${property}"]`);
      await expect(meta("og:url"), path).toHaveAttribute("content", canonical);
      await expect(meta("og:title"), path).toHaveAttribute("content", title);
      await expect(meta("og:description"), path).toHaveAttribute("content", description as string);
      await expect(meta("og:type"), path).toHaveAttribute("content", "website");
      await expect(meta("og:site_name"), path).toHaveAttribute("content", "Cottonopolis Facilities");
      await expect(meta("og:locale"), path).toHaveAttribute("content", "en_GB");
      // A case study has its own share image (tests/e2e/case-studies.spec.ts); every other page the site's.
      const image = path.startsWith(`${caseStudiesPath}/`)
        ? caseStudyImagePath(path.split("/").at(-1) ?? "")
        : "/og-image.png";
      const imageAlt = path.startsWith(`${caseStudiesPath}/`)
        ? /^Case study: /
        : /^Cottonopolis Facilities: /;
      await expect(meta("og:image"), path).toHaveAttribute("content", `${siteUrl}${image}`);
      await expect(meta("og:image:width"), path).toHaveAttribute("content", "1200");
      await expect(meta("og:image:height"), path).toHaveAttribute("content", "630");
      await expect(meta("og:image:alt"), path).toHaveAttribute("content", imageAlt);
      await expect(meta("twitter:card"), path).toHaveAttribute("content", "summary_large_image");
      await expect(meta("twitter:title"), path).toHaveAttribute("content", title);
      await expect(meta("twitter:description"), path).toHaveAttribute("content", description as string);
      await expect(meta("twitter:image"), path).toHaveAttribute("content", `${siteUrl}${image}`);
      await expect(meta("twitter:image:alt"), path).toHaveAttribute("content", imageAlt);
      await expect(page.locator('meta[name="robots"]'), path).toHaveCount(0);
    }
    expect(titles.size).toBe(publicRoutes.length);
    expect(descriptions.size).toBe(publicRoutes.length);
  });

  test("the share image is a 1200x630 PNG made for the site", async ({ request }) => {
    const response = await request.get("/og-image.png");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    const png = await response.body();
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBe(630);
  });

  test("the business, each service and the breadcrumb trail are in JSON-LD", async ({ page }) => {
    for (const path of publicRoutes) {
      await page.goto(path);
      const graph = await jsonLdGraph(page);
      const business = graph.find((node) => node["@type"] === "EmploymentAgency");
      expect(business, path).toMatchObject({
        name: "Cottonopolis Facilities",
        telephone: "+441614960123",
        email: "enquiries@cottonopolis.example",
        address: { "@type": "PostalAddress", postalCode: "M2 3HZ", addressLocality: "Manchester" },
        geo: { "@type": "GeoCoordinates", latitude: 53.4787, longitude: -2.2405 },
        openingHoursSpecification: [
          {
            "@type": "OpeningHoursSpecification",
            dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
            opens: "08:00",
            closes: "18:00",
          },
          { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "09:00", closes: "16:00" },
        ],
        sameAs: ["https://www.linkedin.com/company/cottonopolis-facilities"],
      });
      const service = graph.find((node) => node["@type"] === "Service");
      if (serviceNames[path]) {
        const description = await page.locator('meta[name="description"]').getAttribute("content");
        expect(service, path).toMatchObject({
          name: serviceNames[path],
          description,
          provider: { "@id": business?.["@id"] },
        });
      } else {
        expect(service, path).toBeUndefined();
      }
      const trail = graph.find((node) => node["@type"] === "BreadcrumbList");
      if (path === "/") expect(trail).toBeUndefined();
      else expect(((trail?.itemListElement ?? []) as Node[]).at(-1)?.item, path).toBe(`${siteUrl}${path}`);
    }
  });

  test("the JSON-LD survives hydration unchanged", async ({ page }) => {
    await page.goto("/services/steward");
    const before = await page.locator('script[type="application/ld+json"]').textContent();
    await waitForHydration(page);
    expect(before?.length).toBeGreaterThan(100);
    expect(await page.locator('script[type="application/ld+json"]').textContent()).toBe(before);
  });

  test("the 404 page asks not to be indexed and claims no canonical URL", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  });

  test("sitemap.xml lists every public page and robots.txt points to it", async ({ request }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toContain("xml");
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    // Open vacancies other tests published are listed too (tests/e2e/vacancies.spec.ts checks those).
    const pages = locs.filter((loc) => !loc?.startsWith(`${siteUrl}/careers/vacancies/`));
    expect(pages.sort()).toEqual(publicRoutes.map((path) => `${siteUrl}${path === "/" ? "/" : path}`).sort());
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(robots.headers()["content-type"]).toContain("text/plain");
    expect(await robots.text()).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
  });

  test("there is a favicon in every form a browser asks for", async ({ request, page }) => {
    for (const [path, type] of [
      ["/favicon.ico", "image/"],
      ["/apple-touch-icon.png", "image/png"],
    ] as const) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["content-type"], path).toContain(type);
    }
    await page.goto("/about");
    await expect(page.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveAttribute(
      "href",
      /^data:image\/svg\+xml,%3csvg\b/i,
    );
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      "href",
      "/apple-touch-icon.png",
    );
  });
});

test.describe("loading", () => {
  test("the stylesheet comes before any script and the page carries no module preloads", async ({
    request,
  }) => {
    for (const path of [...publicRoutes, "/no-such-page"]) {
      const html = await (await request.get(path)).text();
      const stylesheet = html.indexOf('rel="stylesheet"');
      expect(stylesheet, path).toBeGreaterThan(0);
      expect(stylesheet, path).toBeLessThan(html.indexOf("<script"));
      expect(html, path).not.toContain('rel="modulepreload"');
    }
  });

  test("after hydration the page asks for nothing more", async ({ context }) => {
    // Every public page, each loaded, hydrated and scrolled, then watched for a while.
    test.slow();
    await inTabs(context, publicRoutes, async (page, path) => {
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      const late: string[] = [];
      page.on("request", (request) => late.push(request.url()));
      // Bring every link into view, where lazy route discovery would ask the server about them.
      await page.mouse.wheel(0, 20_000);
      await page.waitForTimeout(500);
      await page.getByRole("contentinfo").getByRole("link", { name: "Privacy notice" }).hover();
      await page.waitForTimeout(300);
      expect(late, path).toEqual([]);
    });
  });

  test("moving between pages fetches each page whole, as one document, never the router's manifest or data", async ({
    page,
  }) => {
    const requests: { path: string; type: string }[] = [];
    await page.goto("/");
    await waitForHydration(page);
    page.on("request", (request) =>
      requests.push({ path: new URL(request.url()).pathname, type: request.resourceType() }),
    );
    await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await page.getByRole("contentinfo").getByRole("link", { name: "Professional Cleaning" }).click();
    await expect(page).toHaveURL(/\/services\/cleaning$/);
    // What a page claims is judged on the day (an accreditation lapses, a testimonial ages out), so it is
    // in the page as served; no script fetches it again.
    expect(requests.filter(({ path }) => path.endsWith(".data") || path.includes("__manifest"))).toEqual([]);
    expect(requests.filter(({ type }) => type === "document").map(({ path }) => path)).toEqual([
      "/about",
      "/services/cleaning",
    ]);
  });
});
