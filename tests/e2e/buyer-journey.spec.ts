import { expect, test } from "@playwright/test";
import { accreditations, registers } from "#core/config/accreditations.ts";
import { leadPath } from "#core/staff/paths.ts";
import { waitForHydration } from "./helpers";
import { joinAsStaff, staffBaseURL } from "./staff-helpers";

/**
 * A security manager, new to us, checks what the security page claims, reads about a site like theirs
 * and asks for a quote that tells staff the hours and the number of officers; the enquiry's page shows
 * them without a phone call.
 */
test("a security manager checks the SIA approval on its register, reads a case study and sends a quote staff can act on", async ({
  page,
  browser,
}) => {
  const sia = accreditations.find((item) => item.register === "siaApprovedContractors");
  if (!sia) throw new Error("The shipped accreditations include the SIA's Approved Contractor Scheme");
  // The register is the SIA's own service on the internet, which the tests cannot reach: its page here
  // stands in for it, so the test sees the link followed to exactly that address.
  const registerVisits: string[] = [];
  await page.context().route(`https://${registers.siaApprovedContractors.host}/**`, async (route) => {
    registerVisits.push(route.request().url());
    await route.fulfill({
      contentType: "text/html",
      body: "<title>Register of Approved Contractors</title>",
    });
  });

  await page.goto("/services/security-officers");
  await waitForHydration(page);
  const approvals = page.getByRole("region", { name: "Accreditations for security officers" });
  await expect(approvals.getByRole("heading", { name: sia.scheme })).toBeVisible();
  await expect(approvals).toContainText(sia.number);
  const register = approvals.getByRole("link", { name: `Check on the register for ${sia.scheme}` });
  const [registerTab] = await Promise.all([page.waitForEvent("popup"), register.click()]);
  await registerTab.waitForLoadState();
  expect(registerVisits).toEqual([sia.checkUrl]);
  await registerTab.close();

  // A site like theirs: nights and weekends at a distribution centre.
  await page
    .getByRole("link", {
      name: "Nights and weekends covered at a Trafford Park distribution centre",
      exact: true,
    })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Nights and weekends covered/);
  await expect(page.getByText(/Weeknights 18:00 to 06:00/)).toBeVisible();
  await page.goBack();

  await page.getByRole("link", { name: "Get Quote" }).first().click();
  await expect(page).toHaveURL(/\/contact\?service=security/);
  await waitForHydration(page);
  const form = page.locator("#contact-form form");
  await expect(form.getByLabel("Service Required")).toHaveValue("security");
  await form.getByLabel("First Name").fill("Daniel");
  await form.getByLabel("Last Name").fill("Okafor");
  await form.getByLabel("Email Address").fill("daniel.okafor@example.co.uk");
  await form.getByLabel("Company Name").fill("Barton Dock Logistics");
  await form.getByRole("textbox", { name: "Message", exact: true }).fill("We need cover from next month.");
  const questions = form.getByRole("group", { name: "About the security you need" });
  await questions.getByLabel("Number of officers").fill("2");
  await questions.getByLabel("Hours and days").fill("Weeknights 18:00–06:00 and all weekend");
  await questions.getByLabel("SIA licence type needed").selectOption({ label: "Security guarding" });
  await form.getByRole("button", { name: "Send Message" }).click();
  const banner = page.locator("#contact-form").getByRole("status");
  await expect(banner).toContainText(/Your reference is ENQ-/);
  const reference = /ENQ-[0-9A-Z]{6}/.exec((await banner.textContent()) ?? "")?.[0] ?? "";

  const staff = await browser.newContext({ baseURL: staffBaseURL });
  try {
    const desk = await staff.newPage();
    await joinAsStaff(desk, { label: "Sales" });
    await desk.goto(leadPath(reference));
    const details = desk.getByRole("region", { name: "Site details" });
    await expect(details.getByRole("term")).toHaveText([
      "Number of officers",
      "Hours and days",
      "SIA licence type needed",
    ]);
    await expect(details.getByRole("definition")).toHaveText([
      "2 officers",
      "Weeknights 18:00–06:00 and all weekend",
      "Security guarding",
    ]);
  } finally {
    await staff.close();
  }
});
