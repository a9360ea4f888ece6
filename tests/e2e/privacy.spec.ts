import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, publicRoutes, scrollToBottom, waitForHydration } from "./helpers";

test.describe("privacy notice", () => {
  test("says who the controller is and how to reach them", async ({ page }) => {
    const response = await page.goto("/privacy");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Notice" })).toBeVisible();
    const main = page.getByRole("main");
    const who = main.locator("section", { has: page.getByRole("heading", { name: "Who we are" }) });
    await expect(who).toContainText("Cottonopolis Facilities & Staffing Ltd is the controller");
    await expect(who).toContainText("Suite 4, 52 Mosley Street, Manchester M2 3HZ, United Kingdom");
    await expect(who.getByRole("link", { name: "enquiries@cottonopolis.example" })).toHaveAttribute(
      "href",
      "mailto:enquiries@cottonopolis.example",
    );
  });

  test("covers what each form collects, why, the lawful basis and how long it is kept", async ({ page }) => {
    await page.goto("/privacy");
    const main = page.getByRole("main");
    const enquiry = main.locator("div", { has: page.getByRole("heading", { name: /Enquiry form/ }) }).last();
    await expect(enquiry).toContainText("your e-mail address");
    await expect(enquiry).toContainText("Lawful basis");
    await expect(enquiry).toContainText("legitimate interests");
    await expect(enquiry).toContainText("deleted 12 months after our last contact");
    const application = main
      .locator("div", { has: page.getByRole("heading", { name: /Job application form/ }) })
      .last();
    await expect(application).toContainText("National Insurance number");
    await expect(application).toContainText("your CV");
    await expect(application).toContainText("right to work");
    await expect(application).toContainText("Lawful basis");
    await expect(application).toContainText(
      "one year after we tell you or you withdraw, unless you agree that we may keep it longer",
    );
  });

  test("covers recipients, rights, complaints to the ICO, cookies and the map", async ({ page }) => {
    await page.goto("/privacy");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Who receives your information" })).toBeVisible();
    await expect(main).toContainText("We do not sell your information");
    await expect(main.getByRole("heading", { name: "Your rights" })).toBeVisible();
    for (const right of [
      "a copy of the information",
      "corrected",
      "deleted",
      "restrict",
      "object",
      "portable",
    ]) {
      await expect(main).toContainText(right);
    }
    await expect(main).toContainText("To use any of these rights, e-mail enquiries@cottonopolis.example");
    await expect(main.getByRole("heading", { name: "How to complain" })).toBeVisible();
    await expect(main).toContainText("Information Commissioner's Office (ICO)");
    await expect(main).toContainText("0303 123 1113");
    await expect(main.getByRole("link", { name: /ico\.org\.uk/ })).toHaveAttribute(
      "href",
      /^https:\/\/ico\.org\.uk\//,
    );
    await expect(main).toContainText("This website sets no cookies");
    await expect(main).toContainText("it loads only when you choose to show it");
  });

  test("is linked from the footer of every page", async ({ page }) => {
    for (const path of [...publicRoutes, "/no-such-page"]) {
      await page.goto(path);
      await expect(
        page.getByRole("contentinfo").getByRole("link", { name: "Privacy notice" }),
        path,
      ).toHaveAttribute("href", "/privacy");
    }
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy notice" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Notice" })).toBeVisible();
  });

  test("keeps the footer's Company list to its three links", async ({ page }) => {
    await page.goto("/privacy");
    const company = page.getByRole("contentinfo").getByRole("navigation", { name: "Company" });
    await expect(company.getByRole("link")).toHaveText(["About Us", "Careers", "Contact"]);
  });

  test("has no accessibility violations", async ({ page }) => {
    await page.goto("/privacy");
    await waitForHydration(page);
    await expectNoAxeViolations(page);
  });
});

test.describe("no cookies and no third parties", () => {
  for (const path of [...publicRoutes, "/no-such-page"]) {
    test(`${path} sets no cookie and asks no other host for anything`, async ({ page, context, baseURL }) => {
      const origin = new URL(baseURL as string).origin;
      const elsewhere: string[] = [];
      const setCookie: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.protocol !== "data:" && url.origin !== origin) elsewhere.push(request.url());
      });
      page.on("response", async (response) => {
        const header = await response.headerValue("set-cookie");
        if (header) setCookie.push(`${response.url()}: ${header}`);
      });
      await page.goto(path, { waitUntil: "networkidle" });
      await waitForHydration(page);
      await scrollToBottom(page);
      await page.waitForLoadState("networkidle");
      expect(elsewhere).toEqual([]);
      expect(setCookie).toEqual([]);
      expect(await context.cookies()).toEqual([]);
      expect(await page.evaluate(() => document.cookie)).toBe("");
    });
  }
});
