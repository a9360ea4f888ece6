// Ready to launch, /staff/launch: an administrator sees the samples still shown (each with where it is
// edited), the years of experience the founding date contradicts, and the "100%" claims; confirming one
// needs a note of the evidence, then it leaves the list with who confirmed it. Others cannot open it.
import { expect, test } from "@playwright/test";
import { caseStudies } from "#core/case-studies/index.ts";
import { expectNoAxeViolations } from "./helpers";
import { joinAsStaff, staffBaseURL } from "./staff-helpers";

test.use({ baseURL: staffBaseURL });

test("an administrator sees what needs the company before launch, and confirms an absolute claim with evidence", async ({
  page,
}) => {
  const owner = await joinAsStaff(page, { admin: true, label: "Owner" });
  await page
    .getByRole("navigation", { name: "Workspace" })
    .getByRole("link", { name: "Ready to launch", exact: true })
    .click();
  await expect(page.getByRole("heading", { name: "Ready to launch", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Ready to launch · Staff workspace");

  const samples = page.getByRole("region", { name: /Samples still shown/ });
  await expect(
    samples.getByRole("link", { name: "Replace it in Site content for SIA Approved Contractor Scheme" }),
  ).toHaveAttribute("href", "/staff/content/accreditation/sia-approved-contractor-scheme");
  await expect(samples).toContainText("(case study)");
  // A sample case study is replaced in Site content, like an accreditation.
  const sampleCaseStudy = caseStudies.find((item) => item.sample);
  await expect(
    samples.getByRole("link", { name: `Replace it in Site content for ${sampleCaseStudy?.title}` }),
  ).toHaveAttribute("href", `/staff/content/case-study/${sampleCaseStudy?.slug}`);

  const contradictions = page.getByRole("region", { name: /Claims that contradict the company's facts/ });
  await expect(contradictions).toContainText("“Over 15 years of experience” beside “Founded June 2024”");
  await expect(contradictions.getByRole("link", { name: "About", exact: true })).toHaveAttribute(
    "href",
    "/about",
  );
  // The words are site content now: the claim says where they are changed.
  await expect(contradictions.getByRole("link", { name: "Change the words on About" })).toHaveAttribute(
    "href",
    "/staff/content/page/about",
  );

  const absolutes = page.getByRole("region", { name: /Absolute claims to confirm or change/ });
  const satisfaction = absolutes.getByRole("listitem").filter({ hasText: "“100% Client Satisfaction”" });
  await expect(satisfaction.getByRole("link", { name: "About", exact: true })).toBeVisible();
  await expect(absolutes.getByRole("heading", { name: "“100% Client Retention”" })).toBeVisible();
  await expectNoAxeViolations(page);
  const before = Number((await page.getByTestId("launch-count").textContent())?.match(/\d+/)?.[0]);

  // A note of only spaces passes the browser's check, and is refused by the server, by the field.
  await satisfaction.getByLabel("The evidence").fill("   ");
  await satisfaction
    .getByRole("button", { name: "Confirmed, with evidence: 100% Client Satisfaction" })
    .click();
  await expect(satisfaction.getByRole("alert")).toContainText(
    "Say what the evidence is and where it is kept.",
  );
  await expect(satisfaction.getByLabel("The evidence")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  await satisfaction
    .getByLabel("The evidence")
    .fill("Client survey, May 2026: all 14 clients satisfied; kept in the shared drive");
  await satisfaction
    .getByRole("button", { name: "Confirmed, with evidence: 100% Client Satisfaction" })
    .click();
  await expect(page.getByRole("status")).toHaveText(
    "Confirmed with evidence: “100% client satisfaction” is off the list.",
  );
  await expect(absolutes.getByRole("heading", { name: "“100% Client Satisfaction”" })).toHaveCount(0);
  await expect(page.getByTestId("launch-count")).toHaveText(`${before - 1} things need the company.`);
  const confirmed = page.getByRole("region", { name: /Confirmed with evidence/ });
  await expect(confirmed).toContainText("“100% Client Satisfaction”");
  await expect(confirmed).toContainText(`By ${owner.name} on`);
  await expect(confirmed).toContainText("all 14 clients satisfied");
});

test("someone who is not an administrator is not offered the page, and is refused it", async ({ page }) => {
  await joinAsStaff(page, { label: "Colleague" });
  await expect(
    page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Ready to launch" }),
  ).toHaveCount(0);
  const response = await page.goto("/staff/launch");
  expect(response?.status()).toBe(403);
  await expect(page.getByText("Only an administrator can open this page.")).toBeVisible();
});
