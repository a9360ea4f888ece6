// A post made without JavaScript and refused: the summary counts the problems, the missing CV is named
// as missing, only a file that was chosen is asked for again, and a vacancy's page comes back as itself.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { sampleFiles, uniqueTag } from "./lead-helpers";
import { joinAsStaff, staffBaseURL } from "./staff-helpers";

test.use({ javaScriptEnabled: false });

const chooseAgain = /Please choose this file again/;
const missingCv = "Please attach your CV (PDF or Word document).";

/** Fills the careers form with three bad answers the browser lets through and the server refuses. */
async function fillWithProblems(form: Locator) {
  await form.getByLabel("First Name").fill("Tomasz");
  await form.getByLabel("Last Name").fill("Nowak");
  // The browser takes this as an address; the server wants a domain it could deliver to.
  await form.getByLabel("Email Address").fill("tomasz@localhost");
  await form.getByLabel("Phone Number").fill("not a number");
  await form.locator("[name=address]").fill("12 Jersey Street, Manchester M4 6JB");
  for (const [group, answer] of [
    [/Do you have a car/, "Yes"],
    [/UK driving licence/, "No"],
    [/right to work/, "Yes"],
  ] as const) {
    await form.getByRole("group", { name: group }).getByLabel(answer).check();
  }
  await form.getByLabel("National Insurance Number").fill("QQ 12 34 56 C");
}

/** Sends the form as it stands, letting the server judge a CV left out (the browser would stop it). */
async function sendUnchecked(page: Page, form: Locator) {
  // The page runs no script; this only marks the form as one the browser does not check itself.
  await form.evaluate((element) => element.setAttribute("novalidate", ""));
  await form.getByRole("button", { name: "Submit Application" }).click();
  await expect(page).toHaveURL(/\/careers-handler\.php#/);
}

/** The error summary: its heading, and each problem once, as a link to its field. */
async function expectSummary(form: Locator, count: number, subject: string, problems: string[]) {
  const summary = form.getByRole("alert").first();
  await expect(summary.getByRole("heading")).toHaveText(`There are ${count} problems with ${subject}:`);
  await expect(summary.getByRole("listitem")).toHaveCount(count);
  for (const problem of problems) {
    // Said once, in the list: the heading no longer repeats the first field's message.
    await expect(summary.getByText(problem, { exact: true })).toHaveCount(1);
  }
}

test("on /careers: the summary counts the problems, the CV is named as missing, and only the chosen file is asked for again", async ({
  page,
}) => {
  await page.goto("/careers");
  const form = page.getByRole("form", { name: "Job application" });
  await fillWithProblems(form);
  // No CV, but the optional document chosen.
  await form
    .getByLabel(/Other Documents/)
    .setInputFiles({ name: "reference.pdf", mimeType: "application/pdf", buffer: sampleFiles.pdf });
  await sendUnchecked(page, form);

  const back = page.getByRole("form", { name: "Job application" });
  await expectSummary(back, 4, "your application", [missingCv]);
  const cv = back.getByLabel(/CV \/ Resume/);
  await expect(cv).toHaveAttribute("aria-invalid", "true");
  await expect(cv).toHaveAccessibleDescription(new RegExp(missingCv.replace(/[().]/g, "\\$&")));
  // The CV was never chosen: it is missing, not lost.
  await expect(cv).not.toHaveAccessibleDescription(chooseAgain);
  await expect(back.getByLabel(/Other Documents/)).toHaveAccessibleDescription(chooseAgain);
  await expect(back.getByText(chooseAgain)).toHaveCount(1);
  await expect(page).toHaveTitle(/^Careers/);
});

test("on a vacancy's page: the refused application comes back as that vacancy's page, titled as it, with the same summary", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // Staff publish the job with JavaScript on (the passkey ceremony needs it).
  const staff = await browser.newContext({ javaScriptEnabled: true });
  const staffPage = await staff.newPage();
  const title = `Night Steward ${uniqueTag()}`;
  let vacancyPath = "";
  try {
    await joinAsStaff(staffPage);
    await staffPage.goto(`${staffBaseURL}/staff/vacancies/new`);
    const editor = staffPage.getByRole("form", { name: "New vacancy" });
    for (const [label, value] of [
      ["Job title", title],
      ["Place of work", "Etihad Campus, Manchester"],
      ["Postcode", "M11 3FF"],
      ["Pay from (£)", "12.60"],
      ["Pay to (£)", "13.00"],
      ["Hours", "Match days and evenings"],
      ["Description", "Guiding fans safely to their seats."],
    ]) {
      await editor.getByRole("textbox", { name: label, exact: true }).fill(value as string);
    }
    await editor
      .getByLabel("Closing date")
      .fill(
        new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(Date.now() + 20 * 86_400_000),
      );
    await editor.locator("select[name=service]").selectOption("steward");
    await editor.locator("select[name=employmentType]").selectOption("PART_TIME");
    await editor.locator("select[name=payPeriod]").selectOption("HOUR");
    await editor.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(staffPage.getByText("Published. The vacancy is on the careers pages")).toBeVisible();
    vacancyPath =
      (await staffPage.getByRole("link", { name: /^\/careers\/vacancies\// }).getAttribute("href")) ?? "";
  } finally {
    await staff.close();
  }
  expect(vacancyPath).toMatch(/^\/careers\/vacancies\//);

  await page.goto(vacancyPath);
  await expect(page).toHaveTitle(new RegExp(`^${title} \\|`));
  const form = page.getByRole("form", { name: "Job application" });
  await fillWithProblems(form);
  await sendUnchecked(page, form);

  // The vacancy's page, at the endpoint, with the vacancy's own title.
  await expect(page).toHaveTitle(new RegExp(`^${title} \\|`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const back = page.getByRole("form", { name: "Job application" });
  await expect(back.locator("input[name=vacancy]")).toHaveValue(/^VAC-[0-9A-Z]{6}$/);
  await expectSummary(back, 4, "your application", [missingCv]);
  // No file was chosen: neither field asks for one again.
  await expect(back.getByText(chooseAgain)).toHaveCount(0);

  // Sent again with the CV but the same three mistakes: now the CV is the one asked for again.
  await back
    .getByLabel(/CV \/ Resume/)
    .setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: sampleFiles.pdf });
  await back.getByRole("button", { name: "Submit Application" }).click();
  await expect(page).toHaveTitle(new RegExp(`^${title} \\|`));
  const again = page.getByRole("form", { name: "Job application" });
  await expectSummary(again, 3, "your application", []);
  await expect(again.getByLabel(/CV \/ Resume/)).toHaveAccessibleDescription(chooseAgain);
  await expect(again.getByLabel(/Other Documents/)).not.toHaveAccessibleDescription(chooseAgain);
});

test("the contact form's summary counts its problems too", async ({ page }) => {
  await page.goto("/contact");
  const form = page.locator("#contact-form form");
  await form.getByLabel("First Name").fill("Aisha");
  await form.getByLabel("Last Name").fill("Khan");
  await form.getByLabel("Email Address").fill("aisha@localhost");
  await form.getByLabel("Phone Number").fill("not a number");
  await form.getByLabel("Service Required").selectOption("cleaning");
  await form
    .getByRole("textbox", { name: "Message", exact: true })
    .fill("We need an evening clean of our offices in Ancoats, five nights a week.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/contact-handler\.php#contact-form$/);
  await expectSummary(page.locator("#contact-form form"), 2, "your message", []);
});
