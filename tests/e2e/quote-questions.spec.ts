import { randomUUID } from "node:crypto";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { leadPath } from "#core/staff/paths.ts";
import { expectNoAxeViolations, waitForHydration } from "./helpers";
import { joinAsStaff, staffBaseURL } from "./staff-helpers";

/**
 * A security manager asks for a quote with the questions the service asks (core/config/quote-questions.ts)
 * answered, with and without JavaScript, on a phone; staff read the answers on the enquiry's page.
 */

test.use({ viewport: { width: 390, height: 844 } });

const hours = "<b>Nights</b> and weekends, 18:00–06:00";
const securityGroup = "About the security you need";

async function fillEnquiry(form: Locator, email = "aisha@example.co.uk") {
  await form.getByLabel("First Name").fill("Aisha");
  await form.getByLabel("Last Name").fill("Khan");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Company Name").fill("Trafford Park Logistics");
  await form
    .getByRole("textbox", { name: "Message", exact: true })
    .fill(`Cover for our depot while we refit it. (${randomUUID()})`);
}

function referenceIn(text: string): string {
  const match = /ENQ-[0-9A-Z]{6}/.exec(text);
  if (!match) throw new Error(`No reference in: ${text}`);
  return match[0];
}

/**
 * axe runs as a script, so a page shown without JavaScript is checked as a copy: its markup, scripts
 * taken out, in a page of the same site that runs axe. (That page can run scripts, so its stylesheet
 * shows only the chosen service's questions, as a visitor with JavaScript would see them.)
 */
async function expectNoAxeViolationsWithoutScripts(browser: Browser, page: Page) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const context = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  const copy = await context.newPage();
  try {
    await copy.route(/\.js$/, (route) => route.abort());
    await copy.goto("/privacy");
    await copy.setContent(html);
    await expectNoAxeViolations(copy);
  } finally {
    await context.close();
  }
}

/** Staff open the enquiry's page in the workspace and find the answers, markup shown as text. */
async function expectOnLeadPage(browser: Browser, reference: string, officers: string) {
  const context = await browser.newContext({ baseURL: staffBaseURL, javaScriptEnabled: true });
  const page: Page = await context.newPage();
  try {
    await joinAsStaff(page, { label: "Sales" });
    await page.goto(leadPath(reference));
    const details = page.getByRole("region", { name: "Site details" });
    await expect(details.getByRole("term")).toHaveText(["Number of officers", "Hours and days"]);
    await expect(details.getByRole("definition")).toHaveText([officers, hours]);
    await expect(details.locator("b")).toHaveCount(0);
    await expectNoAxeViolations(page);
  } finally {
    await context.close();
  }
}

test("with JavaScript, choosing Security asks its questions, and the answers travel as details with the token in a header", async ({
  page,
  browser,
}) => {
  await page.goto("/contact");
  await waitForHydration(page);
  const form = page.locator("#contact-form form");
  // No service chosen: no questions.
  await expect(form.getByRole("group")).toHaveCount(0);
  await fillEnquiry(form, "aisha@localhost");
  await form.getByLabel("Service Required").selectOption({ label: "Security officers" });
  await expect(form.getByRole("group")).toHaveCount(1);
  const questions = form.getByRole("group", { name: securityGroup });
  await expect(questions.getByLabel("SIA licence type needed")).toBeVisible();
  await questions.getByLabel("Number of officers").fill("4");
  await questions.getByLabel("Hours and days").fill(hours);
  await expectNoAxeViolations(page);

  // Refused for the address: each problem by its field, the questions still answered and axe clean.
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByLabel("Email Address")).toHaveAccessibleDescription(/valid email address/);
  await expect(questions.getByLabel("Number of officers")).toHaveValue("4");
  await expectNoAxeViolations(page);

  await form.getByLabel("Email Address").fill("aisha.khan@example.co.uk");
  const posted = page.waitForRequest("**/contact-handler.php");
  await form.getByRole("button", { name: "Send Message" }).click();
  const request = await posted;
  const body = request.postDataJSON() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(
    ["firstName", "lastName", "email", "phone", "company", "service", "message", "details"].sort(),
  );
  expect(body.service).toBe("security");
  expect(body.details).toEqual({ officers: 4, hours });
  expect(request.headers()["x-form-token"]).toMatch(/^[0-9a-z]+\.[\w-]{22}$/);
  const banner = page.locator("#contact-form").getByRole("status");
  await expect(banner).toContainText(/Your reference is ENQ-/);

  await expectOnLeadPage(browser, referenceIn((await banner.textContent()) ?? ""), "4 officers");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Get Quote's service comes first among every service's questions; a bad answer is shown by its question", async ({
    page,
    browser,
  }) => {
    await page.goto("/contact?service=security#contact-form");
    const form = page.locator("#contact-form form");
    await expect(form.getByLabel("Service Required")).toHaveValue("security");
    const groups = form.getByRole("group");
    await expect(groups).toHaveCount(6);
    await expect(groups.first()).toHaveAccessibleName(securityGroup);
    await expect(form.getByRole("group", { name: "About the cleaning you need" })).toBeVisible();
    await expectNoAxeViolationsWithoutScripts(browser, page);

    await fillEnquiry(form);
    const questions = form.getByRole("group", { name: securityGroup });
    // An answer out of range, as a browser that does not check the field's limits would send it.
    await questions.getByLabel("Number of officers").evaluate((input) => input.removeAttribute("min"));
    await questions.getByLabel("Number of officers").fill("0");
    await questions.getByLabel("Hours and days").fill(hours);
    await form.getByRole("button", { name: "Send Message" }).click();

    await expect(page).toHaveURL(/\/contact-handler\.php#contact-form$/);
    const again = page.locator("#contact-form form").getByRole("group", { name: securityGroup });
    await expect(again.getByLabel("Number of officers")).toHaveAccessibleDescription(
      /Number of officers must be a whole number from 1 to 500\./,
    );
    await expect(again.getByLabel("Hours and days")).toHaveValue(hours);
    await expectNoAxeViolationsWithoutScripts(browser, page);

    await again.getByLabel("Number of officers").fill("6");
    await page.locator("#contact-form form").getByRole("button", { name: "Send Message" }).click();
    const banner = page.locator("#contact-form").getByRole("status");
    await expect(banner).toContainText(/Your reference is ENQ-/);

    await expectOnLeadPage(browser, referenceIn((await banner.textContent()) ?? ""), "6 officers");
  });

  test("a steward package chosen on the service page is chosen in the steward questions too", async ({
    page,
  }) => {
    await page.goto("/contact?service=steward&package=Professional+Plus#contact-form");
    const questions = page
      .locator("#contact-form form")
      .getByRole("group", { name: "About the stewarding you need" });
    await expect(questions.getByLabel("Service level")).toHaveValue("professional-plus");
  });
});
