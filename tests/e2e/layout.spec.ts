import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, publicRoutes, waitForHydration } from "./helpers";

const navNames = ["Home", "Services", "About", "Careers", "Contact"];

test.describe("header navigation", () => {
  test("shows the five links, phone, e-mail and Get Quote", async ({ page }) => {
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of navNames) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: /0161 496 0123/ }).first()).toHaveAttribute(
      "href",
      "tel:+441614960123",
    );
    await expect(header.getByRole("link", { name: "enquiries@cottonopolis.example" })).toHaveAttribute(
      "href",
      "mailto:enquiries@cottonopolis.example",
    );
    await expect(header.getByRole("link", { name: "Get Quote" })).toHaveAttribute("href", "/contact");
  });

  const current: [string, string][] = [
    ["/", "Home"],
    ["/about", "About"],
    ["/careers", "Careers"],
    ["/contact", "Contact"],
  ];
  for (const [path, name] of current) {
    test(`marks ${name} as the current page on ${path}`, async ({ page }) => {
      await page.goto(path);
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    });
  }

  test("Services on the home page glides to the services section without leaving the page", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).click();
    await expect(page.locator("#services")).toBeInViewport();
    expect(new URL(page.url()).pathname).toBe("/");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  });

  test("Services elsewhere goes to /#services and lands on the section", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/#services$/);
    await expect(page.locator("#services")).toBeInViewport();
  });

  test("Services lands on the section with JavaScript off too", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/about");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/#services$/);
    await expect(page.locator("#services")).toBeInViewport();
    await context.close();
  });
});

test.describe("services and Get Quote in the header", () => {
  for (const path of publicRoutes.filter((route) => route.startsWith("/services/"))) {
    test(`Services is marked as the current section on ${path}`, async ({ page }) => {
      await page.goto(path);
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link", { name: "Services", exact: true })).toHaveAttribute(
        "aria-current",
        "true",
      );
      await expect(nav.locator("[aria-current]")).toHaveCount(1);
    });
  }

  for (const width of [320, 390]) {
    test(`Get Quote and the phone number stay in view on a ${width} px phone`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/about");
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: "Get Quote" })).toBeVisible();
      await expect(header.getByRole("link", { name: "Get Quote" })).toHaveAttribute("href", "/contact");
      await expect(header.getByRole("link", { name: "0161 496 0123" }).first()).toBeVisible();
      // Everything in the header row fits: nothing pushed off the side or wrapped.
      const box = await header.getByRole("link", { name: "Get Quote" }).boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(width);
      expect(box?.height).toBeLessThan(48);
    });
  }
});

/** The menu's toggle: the summary of the header's disclosure. */
const menuToggle = (page: Page) => page.getByRole("banner").locator("details > summary");

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens, closes when a link is chosen, and the link navigates", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = menuToggle(page);
    await expect(toggle).toHaveAccessibleName("Menu");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(page.getByRole("banner").locator("details")).toHaveAttribute("open", "");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: /0161 496 0123/ })).toBeVisible();
    await expect(menu.getByRole("link", { name: "enquiries@cottonopolis.example" })).toBeVisible();
    await menu.getByRole("link", { name: "Careers", exact: true }).click();
    await expect(page).toHaveURL(/\/careers$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("banner").locator("details")).not.toHaveAttribute("open", "");
  });

  test("Escape closes the menu and returns focus to the toggle", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    await menuToggle(page).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Home" }).focus();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    await expect(menuToggle(page)).toBeFocused();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the menu opens and reaches every page", async ({ page }) => {
      const pages: [string, RegExp][] = [
        ["About", /\/about$/],
        ["Careers", /\/careers$/],
        ["Contact", /\/contact$/],
        ["Services", /\/#services$/],
        ["Home", /\/$/],
      ];
      await page.goto("/privacy");
      for (const [name, url] of pages) {
        const menu = page.getByRole("navigation", { name: "Mobile" });
        await expect(menu).toBeHidden();
        await menuToggle(page).click();
        await expect(menu).toBeVisible();
        await menu.getByRole("link", { name, exact: true }).click();
        await expect(page).toHaveURL(url);
      }
      // And from the services section, each service page, as the footer lists them.
      await page.getByRole("contentinfo").getByRole("link", { name: "Steward Staff" }).click();
      await expect(page).toHaveURL(/\/services\/steward$/);
    });
  });
});

test.describe("footer", () => {
  test("lists contact details, every page, the social profile and the credit", async ({ page }) => {
    await page.goto("/contact");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "0161 496 0123" })).toHaveAttribute(
      "href",
      "tel:+441614960123",
    );
    await expect(footer.getByRole("link", { name: "enquiries@cottonopolis.example" })).toHaveAttribute(
      "href",
      "mailto:enquiries@cottonopolis.example",
    );
    await expect(
      footer.getByText("Suite 4, 52 Mosley Street, Manchester M2 3HZ, United Kingdom"),
    ).toBeVisible();
    const services = footer.getByRole("navigation", { name: "Services" });
    const serviceHrefs = await services
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(serviceHrefs).toEqual([
      "/services/cleaning",
      "/services/security-officers",
      "/services/housekeeping",
      "/services/warehouse",
      "/services/steward",
    ]);
    const company = footer.getByRole("navigation", { name: "Company" });
    await expect(company.getByRole("link", { name: "About Us" })).toHaveAttribute("href", "/about");
    await expect(company.getByRole("link", { name: "Careers" })).toHaveAttribute("href", "/careers");
    await expect(company.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/contact");
    const social = footer.getByRole("link", { name: /LinkedIn/ });
    await expect(social).toHaveAttribute("href", /^https:\/\/www\.linkedin\.com\//);
    await expect(social).toHaveAttribute("rel", "noopener noreferrer");
    await expect(social).toHaveAttribute("target", "_blank");
    await expect(footer.getByText(/Website by/)).toContainText("Mill Lane Digital");
  });

  test("footer links navigate", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Security Officers" }).click();
    await expect(page).toHaveURL(/\/services\/security-officers$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test.describe("page furniture", () => {
  test("a skip link is the first stop and moves focus to the main content", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
  });

  test("every page has the banner, main, contentinfo and navigation landmarks", async ({ page }) => {
    for (const path of publicRoutes) {
      await page.goto(path);
      await expect(page.getByRole("banner")).toHaveCount(1);
      await expect(page.getByRole("main")).toHaveCount(1);
      await expect(page.getByRole("contentinfo")).toHaveCount(1);
      await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(1);
    }
  });

  for (const width of [320, 768, 1280]) {
    test(`no horizontal scrolling at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of publicRoutes) {
        await page.goto(path);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, path).toBe(0);
      }
    });
  }

  test("a route change scrolls to the top", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("unknown paths and errors", () => {
  test("an unknown path answers 404 with the 404 page and logs the path", async ({ page }) => {
    const messages: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") messages.push(message.text());
    });
    const response = await page.goto("/no-such-page/here");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: /home/i })).toHaveAttribute("href", "/");
    await expect.poll(() => messages.some((text) => text.includes("/no-such-page/here"))).toBe(true);
  });

  test("following a broken link inside the site shows the 404 page", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.evaluate(() => {
      const link = document.createElement("a");
      link.href = "/missing-page";
      link.textContent = "broken";
      document.body.prepend(link);
    });
    await page.getByRole("link", { name: "broken" }).click();
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  });

  test("an error while rendering shows the error screen with a way home", async ({ page }) => {
    const response = await page.goto("/__test/error");
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
    await expect(page.getByText("Unexpected Server Error")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: /home/i })).toHaveAttribute("href", "/");
  });
});

test.describe("accessibility", () => {
  for (const path of [...publicRoutes, "/no-such-page"]) {
    test(`axe finds no WCAG 2.2 AA violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
    });
  }

  test.describe("with the mobile menu open", () => {
    test.use({ viewport: { width: 390, height: 844 } });
    for (const path of publicRoutes) {
      test(`axe finds no WCAG 2.2 AA violation on ${path}`, async ({ page }) => {
        await page.goto(path);
        await waitForHydration(page);
        await menuToggle(page).click();
        await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
  });
});
