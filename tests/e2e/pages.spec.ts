import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, publicRoutes, scrollToBottom, waitForHydration } from "./helpers";

const phoneHref = "tel:+441614960123";
const mailHref = "mailto:enquiries@cottonopolis.example";

const serviceHrefs = [
  "/services/cleaning",
  "/services/security-officers",
  "/services/housekeeping",
  "/services/warehouse",
  "/services/steward",
];

/** The names of the items in the first list of a section, in order. */
async function itemTexts(section: Locator, role: "heading" | "listitem" = "listitem") {
  if (role === "heading") {
    const texts = await section.getByRole("heading", { level: 3 }).allTextContents();
    return texts.map((text) => text.replace(/\s+/g, " ").trim());
  }
  return section.getByRole("list").first().locator(":scope > li").allInnerTexts();
}

/** Host names of every request the page makes while `action` runs. */
async function hostsDuring(page: Page, action: () => Promise<void>) {
  const hosts = new Set<string>();
  const listener = (request: { url(): string }) => {
    const url = new URL(request.url());
    if (url.protocol === "http:" || url.protocol === "https:") hosts.add(url.host);
  };
  page.on("request", listener);
  await action();
  page.off("request", listener);
  return [...hosts];
}

test.describe("home", () => {
  test("hero: badge, headline, assurance points and Get Started", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByText("Professional Facilities Management", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Complete Facilities Partner");
    for (const point of [
      "24/7 Professional Service",
      "Fully Trained Staff",
      "Comprehensive Insurance",
      "Quality Guaranteed",
    ]) {
      await expect(main.getByText(point, { exact: true })).toBeVisible();
    }
    await expect(main.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/contact");
    await expect(main.getByRole("button", { name: "Our Services" })).toHaveAttribute("href", "#services");
  });

  test("Our Services glides to the services section and moves focus there", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole("main").getByRole("button", { name: "Our Services" }).click();
    await expect(page.locator("#services")).toBeInViewport();
    await expect(page.locator("#services")).toBeFocused();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    expect(new URL(page.url()).pathname).toBe("/");
  });

  test("five service cards with at most three bullets, +N more services and Learn More", async ({ page }) => {
    await page.goto("/");
    const cards = page
      .locator("#services")
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading") });
    await expect(cards).toHaveCount(5);
    const expected = [
      { title: "Professional Cleaning", href: serviceHrefs[0], more: 1 },
      { title: "Security Officers", href: serviceHrefs[1], more: 3 },
      { title: "Housekeeping Staff", href: serviceHrefs[2], more: 3 },
      { title: "Warehouse Workers", href: serviceHrefs[3], more: 3 },
      { title: "Steward Staff", href: serviceHrefs[4], more: 3 },
    ];
    for (const [index, card] of expected.entries()) {
      const element = cards.nth(index);
      await expect(element.getByRole("heading", { level: 3 })).toHaveText(card.title);
      await expect(element.getByRole("img")).toHaveAccessibleName(/^Illustration of /);
      await expect(element.locator("ul > li")).toHaveCount(3);
      await expect(element.getByText(`+${card.more} more services`, { exact: true })).toBeVisible();
      const learnMore = element.getByRole("link", { name: `Learn More about ${card.title}`, exact: true });
      await expect(learnMore).toHaveText(/^Learn More/);
      await expect(learnMore).toHaveAttribute("href", card.href as string);
    }
  });

  test("Learn More opens the service page", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.locator("#services").getByRole("link", { name: "Learn More" }).nth(3).click();
    await expect(page).toHaveURL(/\/services\/warehouse$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Warehouse Workers");
  });

  test("on wide screens three cards share a row and the last two are centred below", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    const boxes = await page
      .locator("#services > div > div > ul > li")
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON()));
    expect(boxes).toHaveLength(5);
    const [a, b, c, d, e] = boxes as DOMRect[];
    expect(new Set([a?.top, b?.top, c?.top]).size).toBe(1);
    expect(d?.top).toBe(e?.top);
    expect(d?.top).toBeGreaterThan(a?.bottom ?? 0);
    const rowLeft = a?.left ?? 0;
    const rowRight = c?.right ?? 0;
    const leftGap = (d?.left ?? 0) - rowLeft;
    const rightGap = rowRight - (e?.right ?? 0);
    expect(leftGap).toBeGreaterThan(50);
    expect(Math.abs(leftGap - rightGap)).toBeLessThanOrEqual(2);
  });

  test("on phones the cards stack in one column", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const boxes = await page
      .locator("#services > div > div > ul > li")
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON()));
    expect(new Set(boxes.map((box) => Math.round(box.left))).size).toBe(1);
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]?.top).toBeGreaterThan(boxes[i - 1]?.bottom ?? 0);
  });

  test("the Why Choose block follows the cards", async ({ page }) => {
    await page.goto("/");
    const why = page.locator("#why-choose");
    await expect(why.getByRole("heading", { level: 2 })).toHaveText(/^Why Choose/);
    expect(await itemTexts(why, "heading")).toEqual([
      "Trained Professionals",
      "24/7 Availability",
      "Quality Assured",
    ]);
  });

  test("on a phone the hero artwork is left out, so the heading and actions come first", async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/services/cleaning");
    await expect(page.getByRole("main").getByRole("img").first()).toBeHidden();
    await expect(page.getByRole("main").getByRole("link", { name: "Get Quote" })).toBeInViewport();
    await page.goto("/");
    await expect(page.locator("section[aria-labelledby='page-title']").getByRole("img")).toBeHidden();
    await expect(page.getByRole("main").getByRole("link", { name: "Get Started" })).toBeInViewport();
    await context.close();
  });

  test("the artwork is drawn inline, named and sized: no picture costs a request", async ({ page }) => {
    const pictures: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "image" && !request.url().includes("favicon"))
        pictures.push(request.url());
    });
    await page.goto("/", { waitUntil: "load" });
    const artwork = page.getByRole("main").getByRole("img");
    await expect(artwork).toHaveCount(6);
    await expect(page.locator("#services").getByRole("img")).toHaveCount(5);
    for (const image of await artwork.all()) {
      await expect(image).toHaveAccessibleName(/^Illustration of /);
      await expect(image).toHaveAttribute("viewBox", /^0 0 \d+ \d+$/);
      await expect(image).toHaveAttribute("width", /^\d+$/);
      await expect(image).toHaveAttribute("height", /^\d+$/);
      // The box keeps the drawing's proportions, so nothing around it moves.
      const box = await image.boundingBox();
      expect(box && box.height > 0 && Math.abs(box.width / box.height - 4 / 3) < 0.02).toBe(true);
    }
    // Each drawing's gradient ids are its own: six drawings, no id used twice on the page.
    const ids = await page.locator("main svg [id]").evaluateAll((nodes) => nodes.map((node) => node.id));
    expect(ids.length).toBeGreaterThanOrEqual(6);
    expect(new Set(ids).size).toBe(ids.length);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(pictures).toEqual([]);
  });
});

test.describe("about", () => {
  test("shows every section the specification lists", async ({ page }) => {
    await page.goto("/about");
    const main = page.getByRole("main");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const h2s = await main.getByRole("heading", { level: 2 }).allInnerTexts();
    for (const heading of ["Our Story", "Our Promise", "What We Do", "Our Values", "Quality Assurance"]) {
      expect(h2s).toContain(heading);
    }
    expect(await itemTexts(page.locator("#our-promise"), "heading")).toHaveLength(3);
    expect(await itemTexts(page.locator("#our-values"), "heading")).toEqual([
      "Excellence",
      "Reliability",
      "People-First",
      "Innovation",
    ]);
    expect(await itemTexts(page.locator("#quality-assurance"), "heading")).toEqual([
      "Quality Management",
      "Compliance Standards",
      "Service Reliability",
    ]);
    await expect(main.getByText("100% Client Satisfaction", { exact: true })).toBeVisible();
    await expect(main.getByText("24/7 Support Available", { exact: true })).toBeVisible();
  });

  test("both experience claims appear side by side", async ({ page }) => {
    await page.goto("/about");
    const experience = page
      .getByRole("main")
      .getByText(/over 15 years of experience/i)
      .first();
    const founded = page
      .getByRole("main")
      .getByText(/founded June 2024/i)
      .first();
    await expect(experience).toBeVisible();
    await expect(founded).toBeVisible();
    const [a, b] = [await experience.boundingBox(), await founded.boundingBox()];
    // Next to each other: in the same list, no more than one row apart.
    expect(Math.abs((a?.y ?? 0) - (b?.y ?? 0))).toBeLessThan(80);
  });

  test("What We Do links to the five service pages", async ({ page }) => {
    await page.goto("/about");
    const hrefs = await page
      .locator("#what-we-do")
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs).toEqual(serviceHrefs);
    await expect(page.getByRole("main").getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      "/contact",
    );
  });
});

test.describe("contact", () => {
  test("Phone and Email cards with Call Now and Send Email", async ({ page }) => {
    await page.goto("/contact");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 2, name: "Phone" })).toBeVisible();
    await expect(main.getByRole("heading", { level: 2, name: "Email" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Call Now" })).toHaveAttribute("href", phoneHref);
    await expect(main.getByRole("link", { name: "Send Email" })).toHaveAttribute("href", mailHref);
  });

  test("the form sits in #contact-form", async ({ page }) => {
    await page.goto("/contact");
    await expect(
      page.locator("#contact-form").getByRole("heading", { name: "Send Us a Message" }),
    ).toBeVisible();
  });

  test("Head Office and Office Hours read as the specification gives them", async ({ page }) => {
    await page.goto("/contact");
    const office = page.getByRole("main").locator("address");
    await expect(office).toContainText("Cottonopolis Facilities & Staffing Ltd");
    await expect(office).toContainText("Suite 4, 52 Mosley Street");
    await expect(office).toContainText("Manchester M2 3HZ");
    await expect(office).toContainText("United Kingdom");
    const hours = page.getByRole("main").locator("dl");
    expect(await hours.locator("dt").allInnerTexts()).toEqual([
      "Monday-Friday",
      "Saturday",
      "Sunday and bank holidays",
    ]);
    expect(await hours.locator("dd").allInnerTexts()).toEqual([
      "8:00 AM-6:00 PM",
      "9:00 AM-4:00 PM",
      "emergency calls only",
    ]);
    await expect(
      page.getByRole("main").getByText(/Emergency service 24\/7 for existing clients/),
    ).toBeVisible();
  });

  test("Find Our Office: getting-here text and a plain link to the maps service", async ({ page }) => {
    await page.goto("/contact");
    const findUs = page.locator("#find-our-office");
    await expect(findUs.getByRole("heading", { level: 2 })).toHaveText("Find Our Office");
    await expect(findUs).toContainText("Piccadilly Gardens");
    await expect(findUs).toContainText("St Peter's Square");
    await expect(findUs).toContainText("5 minute walk");
    await expect(findUs).toContainText(/bus/i);
    await expect(findUs).toContainText("paid parking");
    const link = findUs.getByRole("link", { name: /Open in OpenStreetMap/ });
    await expect(link).toHaveAttribute("href", /^https:\/\/www\.openstreetmap\.org\/\?mlat=/);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  test("the map loads only when asked for, with nothing sent elsewhere before", async ({ page, baseURL }) => {
    const siteHost = new URL(baseURL ?? "").host;
    // The closed test network cannot reach the maps service; answer locally but still record the ask.
    await page.route("https://www.openstreetmap.org/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<p>map</p>" }),
    );
    const before = await hostsDuring(page, async () => {
      await page.goto("/contact");
      await waitForHydration(page);
      await scrollToBottom(page);
    });
    expect(before).toEqual([siteHost]);
    const findUs = page.locator("#find-our-office");
    await expect(findUs.locator("iframe")).toHaveCount(0);

    const after = await hostsDuring(page, async () => {
      await findUs.getByRole("button", { name: "Show map" }).click();
      const frame = findUs.locator("iframe");
      await expect(frame).toHaveAttribute("src", /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?/);
      await expect(frame).toHaveAttribute("title", /Map showing our office/);
      await expect(frame).toBeFocused();
      await expect.poll(() => page.frames().some((f) => f.url().includes("openstreetmap.org"))).toBe(true);
    });
    expect(after).toContain("www.openstreetmap.org");
    await expect(findUs.getByRole("button", { name: "Show map" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("without JavaScript the Show map button is hidden and the map link remains", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/contact");
    const findUs = page.locator("#find-our-office");
    await expect(findUs.getByRole("button", { name: "Show map" })).toBeHidden();
    await expect(findUs.getByRole("link", { name: /Open in OpenStreetMap/ })).toBeVisible();
    await context.close();
  });
});

test.describe("careers", () => {
  test("benefits, values and the application form's anchor", async ({ page }) => {
    await page.goto("/careers");
    expect(await itemTexts(page.locator("#why-join"), "heading")).toEqual([
      "Competitive Compensation",
      "Training & Development",
      "Flexible Working",
      "Supportive Environment",
    ]);
    expect(await itemTexts(page.locator("#our-values"), "heading")).toEqual([
      "People First",
      "Excellence",
      "Growth",
    ]);
    await expect(
      page.locator("#application-form").getByRole("heading", { name: "Job Application" }),
    ).toBeVisible();
  });

  for (const [name, target] of [
    ["Apply Now", "#application-form"],
    ["Learn More", "#why-join"],
  ] as const) {
    test(`${name} glides to ${target} and moves focus there`, async ({ page }) => {
      await page.goto("/careers");
      await waitForHydration(page);
      const link = page.getByRole("main").getByRole("button", { name, exact: true });
      await expect(link).toHaveAttribute("href", target);
      await expect(page.locator(target)).not.toBeInViewport({ ratio: 0.5 });
      await link.click();
      await expect(page.locator(target)).toBeInViewport();
      await expect(page.locator(target)).toBeFocused();
      expect(new URL(page.url()).pathname).toBe("/careers");
    });
  }

  test("Apply Now works from the keyboard with Space, as a button does", async ({ page }) => {
    await page.goto("/careers");
    await waitForHydration(page);
    await page.getByRole("main").getByRole("button", { name: "Apply Now" }).focus();
    await page.keyboard.press("Space");
    await expect(page.locator("#application-form")).toBeInViewport();
    await expect(page.locator("#application-form")).toBeFocused();
  });

  test("Apply Now reaches the form with JavaScript off too", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/careers");
    await page.getByRole("main").getByRole("button", { name: "Apply Now" }).click();
    await expect(page.locator("#application-form")).toBeInViewport();
    await context.close();
  });
});

type ServiceExpectation = {
  path: string;
  h1: string;
  counts: Record<string, number>;
  headings?: Record<string, string[]>;
  texts: string[];
};

const servicePages: ServiceExpectation[] = [
  {
    path: "/services/cleaning",
    h1: "Professional Cleaning Services",
    counts: { "#cleaning-services": 4, "#industries": 6, "#process": 4, "#why-choose": 3 },
    headings: { "#process": ["Site Assessment", "Custom Plan", "Quality Execution", "Quality Control"] },
    texts: [],
  },
  {
    path: "/services/security-officers",
    h1: "Professional Security Officers",
    counts: { "#security-solutions": 6, "#specialisations": 6 },
    texts: ["100% SIA Licensed", "24/7 Control Room Support", "100% Client Retention"],
  },
  {
    path: "/services/housekeeping",
    h1: "Housekeeping Staff",
    counts: { "#housekeeping-roles": 6, "#sectors": 8, "#recruitment": 5 },
    texts: ["100% Client Satisfaction", "24hr Replacement Guarantee"],
  },
  {
    path: "/services/warehouse",
    h1: "Warehouse Workers",
    counts: { "#warehouse-roles": 6, "#industries": 6, "#staffing-models": 3 },
    headings: { "#staffing-models": ["Temporary", "Permanent", "Contract"] },
    texts: ["48hr Placement", "100% Safety Inducted", "100% Client Retention"],
  },
  {
    path: "/services/steward",
    h1: "Steward Staff",
    counts: { "#steward-roles": 6, "#event-types": 8, "#service-levels": 3 },
    headings: { "#service-levels": ["Essential", "Professional Plus", "Premium"] },
    texts: [],
  },
];

test.describe("service pages", () => {
  for (const service of servicePages) {
    test(`${service.path}: hero actions, sections with their counts, closing call to action`, async ({
      page,
    }) => {
      await page.goto(service.path);
      const main = page.getByRole("main");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(service.h1);
      // Get Quote opens the contact form with this page's service chosen.
      await expect(main.getByRole("link", { name: "Get Quote" })).toHaveAttribute(
        "href",
        /^\/contact\?service=[a-z]+#contact-form$/,
      );
      await expect(main.getByRole("button", { name: "View All Services" })).toHaveAttribute(
        "href",
        "/#services",
      );
      for (const [selector, count] of Object.entries(service.counts)) {
        await expect(page.locator(selector).getByRole("list").first().locator(":scope > li")).toHaveCount(
          count,
        );
      }
      for (const [selector, names] of Object.entries(service.headings ?? {})) {
        expect(await itemTexts(page.locator(selector), "heading")).toEqual(
          names.map((name, index) => (selector === "#process" ? `Step ${index + 1}: ${name}` : name)),
        );
      }
      for (const text of service.texts) await expect(main.getByText(text, { exact: true })).toBeVisible();
      await expect(page.locator("#why-choose").getByRole("heading", { level: 2 })).toHaveText(/^Why Choose/);
      await expect(page.locator("#get-started").getByRole("link", { name: "Contact Us" })).toHaveAttribute(
        "href",
        "/contact",
      );
    });
  }

  test("security officers: the compliance list names SIA licensing and enhanced DBS checks", async ({
    page,
  }) => {
    await page.goto("/services/security-officers");
    const items = await itemTexts(page.locator("#compliance"));
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(items.some((item) => /^SIA licensed/.test(item))).toBe(true);
    expect(items).toContain("Enhanced DBS checks");
  });

  test("warehouse: a skills list", async ({ page }) => {
    await page.goto("/services/warehouse");
    expect((await itemTexts(page.locator("#skills"))).length).toBeGreaterThanOrEqual(4);
  });

  test("steward: training list, stats, and three service levels that each link to the contact form, naming it", async ({
    page,
  }) => {
    await page.goto("/services/steward");
    expect((await itemTexts(page.locator("#training"))).length).toBeGreaterThanOrEqual(4);
    await expect(page.locator("#steward-figures").getByRole("listitem")).toHaveCount(3);
    const levels = page.locator("#service-levels").getByRole("list").first().locator(":scope > li");
    const expected = [
      ["Essential", "from £16/hour"],
      ["Professional Plus", "from £18/hour"],
      ["Premium", "Custom pricing"],
    ];
    for (const [index, [name, price]] of expected.entries()) {
      const level = levels.nth(index);
      await expect(level.getByRole("heading", { level: 3 })).toHaveText(name as string);
      await expect(level.getByText(price as string, { exact: true })).toBeVisible();
      await expect(level.getByRole("link", { name: "Select Package" })).toHaveAttribute(
        "href",
        `/contact?${new URLSearchParams({ service: "steward", package: name as string })}#contact-form`,
      );
    }
  });

  test("Select Package goes to the contact page", async ({ page }) => {
    await page.goto("/services/steward");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Select Package" }).first().click();
    await expect(page).toHaveURL(/\/contact\?service=steward&package=Essential#contact-form$/);
  });

  test("View All Services goes home, waits the configured 300 ms, then scrolls to the services", async ({
    page,
  }) => {
    await page.goto("/services/housekeeping");
    await waitForHydration(page);
    // The home page is a new document: its clock starts as the click sends the browser there, so the
    // time of its first scroll is the time since the click.
    await page.addInitScript(() => {
      window.addEventListener("scroll", () => {
        (window as unknown as { firstScrollAt?: number }).firstScrollAt ??= performance.now();
      });
    });
    await page.getByRole("main").getByRole("button", { name: "View All Services" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Complete Facilities Partner");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.locator("#services")).toBeInViewport();
    await expect(page.locator("#services")).toBeFocused();
    const waited = await page.evaluate(() => (window as unknown as { firstScrollAt: number }).firstScrollAt);
    expect(waited).toBeGreaterThanOrEqual(300);
    // Not an unbounded wait: the scroll follows the delay, however slow the machine running the test.
    expect(waited).toBeLessThan(5000);
  });

  test("View All Services lands on the services with JavaScript off too", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/services/cleaning");
    await page.getByRole("main").getByRole("button", { name: "View All Services" }).click();
    await expect(page).toHaveURL(/\/#services$/);
    await expect(page.locator("#services")).toBeInViewport();
    await context.close();
  });

  test("each service page's hero shows its own artwork", async ({ page }) => {
    const drawings = new Set<string>();
    for (const path of serviceHrefs) {
      await page.goto(path);
      const hero = page.getByRole("main").getByRole("img").first();
      await expect(hero).toBeVisible();
      drawings.add(await hero.evaluate((svg) => `${svg.getAttribute("aria-label")} ${svg.innerHTML}`));
    }
    expect(drawings.size).toBe(5);
  });
});

test.describe("every page", () => {
  // Each page's own title and description, and that none repeats, are checked in seo.spec.ts.
  test("one h1 and headings in order", async ({ page }) => {
    for (const path of publicRoutes) {
      await page.goto(path);
      await expect(page.locator("h1"), path).toHaveCount(1);
      const levels = await page
        .locator("main :is(h1, h2, h3, h4, h5, h6)")
        .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
      expect(levels[0], path).toBe(1);
      for (let i = 1; i < levels.length; i++) {
        expect(
          (levels[i] ?? 0) - (levels[i - 1] ?? 0),
          `${path}: heading levels ${levels.join(",")}`,
        ).toBeLessThanOrEqual(1);
      }
    }
  });
});
