import Validator from "@adobe/structured-data-validator";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { accreditations, registers } from "#core/config/accreditations.ts";
import { expectNoAxeViolations, waitForHydration } from "./helpers";
import { joinAsStaff, staffBaseURL } from "./staff-helpers";

const sia = accreditations.find((item) => item.scheme === "SIA Approved Contractor Scheme");
if (!sia) throw new Error("the shipped accreditations include the SIA's scheme");
const siaScheme = sia.scheme;
/** The accreditation still current the day after the SIA's scheme runs out, to show the others stay. */
const lasting = accreditations.find((item) => item.validUntil > (sia?.validUntil ?? ""));
if (!lasting) throw new Error("the shipped accreditations include one that outlasts the SIA's scheme");

/** The London calendar day `days` after (or before) a day, as YYYY-MM-DD. */
function dayAfter(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A browser whose every request is judged at `moment` (the server's test hooks read X-Test-Now). */
async function at(browser: import("@playwright/test").Browser, moment: string): Promise<BrowserContext> {
  return browser.newContext({ extraHTTPHeaders: { "X-Test-Now": moment } });
}

const checkLink = (page: Page, scheme: string) =>
  page.getByRole("link", { name: new RegExp(`^Check on the register for ${scheme}`) });

type Node = Record<string, unknown>;

/** The schemes the organisation's JSON-LD certifies, after checking each against Google's rules. */
async function certified(page: Page): Promise<string[]> {
  const [block] = await page.locator('script[type="application/ld+json"]').allTextContents();
  const graph = (JSON.parse(block ?? "{}") as { "@graph": Node[] })["@graph"];
  const business = graph.find((node) => node["@type"] === "EmploymentAgency") ?? {};
  const certifications = (business.hasCertification ?? []) as Node[];
  if (certifications.length > 0) {
    const issues = await new Validator().validate({ jsonld: { Certification: certifications } });
    expect(issues.filter((issue) => issue.severity === "ERROR")).toEqual([]);
  }
  return certifications.map((node) => node.name as string);
}

test("the security page shows the SIA's approved-contractor mark, with a link to the SIA's register", async ({
  page,
}) => {
  await page.goto("/services/security-officers");
  const section = page.getByRole("region", { name: "Accreditations for Security Officers" });
  await expect(section.getByRole("heading", { name: siaScheme })).toBeVisible();
  await expect(section.getByText("Security guarding", { exact: true })).toBeVisible();
  await expect(section.getByText(sia.number)).toBeVisible();
  await expect(section.getByText("Security Industry Authority")).toBeVisible();
  const link = checkLink(page, siaScheme);
  await expect(link).toHaveAccessibleName(`Check on the register for ${siaScheme} (opens in a new tab)`);
  const href = new URL((await link.getAttribute("href")) ?? "");
  expect(href.protocol).toBe("https:");
  expect(href.host).toBe(registers.siaApprovedContractors.host);
  // Each shows its last day, and the cleaning page leaves out the security scheme.
  await expect(section.getByText("Valid until")).toHaveCount(
    (await section.getByRole("heading").count()) - 1,
  );
  await page.goto("/services/cleaning");
  await expect(page.getByRole("heading", { name: "Accreditations for Professional Cleaning" })).toBeVisible();
  await expect(checkLink(page, siaScheme)).toHaveCount(0);
});

test("an accreditation is shown through its last day and gone from every page and the JSON-LD the day after", async ({
  browser,
}) => {
  // Late on the last day (GMT in March), then just after midnight.
  const lastDay = await at(browser, `${sia.validUntil}T23:30:00Z`);
  const nextDay = await at(browser, `${dayAfter(sia.validUntil, 1)}T00:30:00Z`);
  try {
    const before = await lastDay.newPage();
    const after = await nextDay.newPage();
    for (const path of ["/", "/about", "/services/security-officers", "/services/steward"]) {
      await before.goto(path);
      await expect(checkLink(before, siaScheme), path).toBeVisible();
      expect(await certified(before), path).toContain(siaScheme);

      await after.goto(path);
      await expect(after.getByRole("heading", { name: /^Accreditations/ }), path).toBeVisible();
      await expect(checkLink(after, siaScheme), path).toHaveCount(0);
      await expect(after.getByText(siaScheme), path).toHaveCount(0);
      expect(await certified(after), path).not.toContain(siaScheme);
      expect(await certified(after), path).toContain(lasting.scheme);
    }
    // Moving between pages in the browser reads the page's data then too, not as it was built.
    await after.goto("/");
    await waitForHydration(after);
    await after.getByRole("navigation").first().getByRole("link", { name: "About", exact: true }).click();
    await expect(after).toHaveURL(/\/about$/);
    await expect(checkLink(after, lasting.scheme)).toBeVisible();
    await expect(checkLink(after, siaScheme)).toHaveCount(0);
  } finally {
    await lastDay.close();
    await nextDay.close();
  }
});

test("the home page's accreditations are clean for axe, on a phone too", async ({ page }) => {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await expect(checkLink(page, siaScheme)).toBeVisible();
    await checkLink(page, siaScheme).scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
  }
});

test("administrators are warned in the workspace 60 and 14 days before an accreditation runs out; others are not", async ({
  browser,
}) => {
  const admin = await browser.newContext({ baseURL: staffBaseURL });
  const colleague = await browser.newContext({ baseURL: staffBaseURL });
  try {
    const page = await admin.newPage();
    await joinAsStaff(page, { admin: true, label: "Admin" });
    const other = await colleague.newPage();
    await joinAsStaff(other, { label: "Colleague" });

    const warning = (p: Page) => p.getByRole("region", { name: /^An accreditation runs out/ });

    await admin.setExtraHTTPHeaders({ "X-Test-Now": `${dayAfter(sia.validUntil, -61)}T12:00:00Z` });
    await page.goto("/staff");
    await expect(warning(page)).toHaveCount(0);

    await admin.setExtraHTTPHeaders({ "X-Test-Now": `${dayAfter(sia.validUntil, -60)}T12:00:00Z` });
    await page.goto("/staff");
    await expect(warning(page)).toHaveAccessibleName("An accreditation runs out within 60 days");
    await expect(warning(page)).toContainText(
      `${siaScheme} runs out on 3 March 2031, in 60 days: renew it and update the site's list.`,
    );
    // It leads to the accreditation's edit page in Site content.
    await expect(
      warning(page).getByRole("link", { name: `Renew it in Site content for ${siaScheme}` }),
    ).toHaveAttribute("href", "/staff/content/accreditation/sia-approved-contractor-scheme");
    // On every workspace page.
    await page.goto("/staff/team");
    await expect(warning(page)).toContainText("in 60 days");

    await admin.setExtraHTTPHeaders({ "X-Test-Now": `${dayAfter(sia.validUntil, -14)}T12:00:00Z` });
    await page.goto("/staff");
    await expect(warning(page)).toHaveAccessibleName("An accreditation runs out within 14 days: renew now");
    await expect(warning(page)).toContainText(`Urgent: ${siaScheme} runs out on 3 March 2031, in 14 days`);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
    }

    await colleague.setExtraHTTPHeaders({ "X-Test-Now": `${dayAfter(sia.validUntil, -14)}T12:00:00Z` });
    await other.goto("/staff");
    await expect(other.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expect(warning(other)).toHaveCount(0);
  } finally {
    await admin.close();
    await colleague.close();
  }
});
