// Limits on one staff account, in the browser: a reply past a lead's daily cap is refused on the lead
// page with words saying why (with and without JavaScript); someone without the vacancies permission is
// told so; an administrator's change with a stale confirmation asks for the passkey first and comes back;
// a passkey added to an account is e-mailed to its owner.
import { DatabaseSync } from "node:sqlite";
import { expect, type Page, test } from "@playwright/test";
import { e2eDatabase } from "../../playwright.config";
import { expectNoAxeViolations, waitForHydration } from "./helpers";
import { sendEnquiry } from "./lead-helpers";
import { ageConfirmation, joinAsStaff, staffBaseURL, withoutJavaScript } from "./staff-helpers";

test.use({ baseURL: staffBaseURL });

const capped = "This lead has had 5 e-mails from us in the last 24 hours";

async function sendReply(page: Page, words: string) {
  await page.getByRole("textbox", { name: "Message" }).fill(words);
  await page.getByRole("button", { name: "Send reply" }).click();
}

test("the 6th reply to a lead in a day is refused on the lead page, with and without JavaScript", async ({
  page,
  browser,
  request,
}) => {
  await joinAsStaff(page, { label: "Replier" });
  const reference = await sendEnquiry(request);
  await page.goto(`/staff/leads/${reference}`);
  await waitForHydration(page);
  for (let i = 1; i <= 5; i++) {
    await sendReply(page, `Reply number ${i}.`);
    // Listed under Replies sent, and the box emptied for the next one.
    await expect(page.getByText(`Reply number ${i}.`)).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("");
  }
  await sendReply(page, "One too many.");
  await expect(page.getByText(capped)).toBeVisible();
  await expectNoAxeViolations(page);

  const { context, page: plain } = await withoutJavaScript(browser, page);
  await plain.goto(`/staff/leads/${reference}`);
  await plain.getByRole("textbox", { name: "Message" }).fill("Still one too many.");
  const [answer] = await Promise.all([
    plain.waitForResponse((response) => response.request().method() === "POST"),
    plain.getByRole("button", { name: "Send reply" }).click(),
  ]);
  expect(answer.status()).toBe(429);
  await expect(plain.getByText(capped)).toBeVisible();
  await context.close();
});

test("without the vacancies permission the pages say so; an administrator allows it after confirming", async ({
  page,
  browser,
}) => {
  const recruiter = await joinAsStaff(page, { label: "Recruiter", vacancies: false });
  await page.goto("/staff/vacancies");
  await expect(
    page.getByText("Publishing, editing and closing them is for those an administrator"),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "New vacancy" })).toHaveCount(0);
  await page.goto("/staff/vacancies/new");
  await expect(page.getByText("Ask an administrator to allow you on the Team page.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const adminContext = await browser.newContext({ baseURL: staffBaseURL });
  const admin = await adminContext.newPage();
  const me = await joinAsStaff(admin, { admin: true, label: "Admin" });
  ageConfirmation(me.email, 20);
  await admin.goto("/staff/team");
  await waitForHydration(admin);
  const allow = admin.getByRole("button", { name: `Allow vacancies for ${recruiter.name}` });
  await allow.click();
  await expect(admin).toHaveURL(`${staffBaseURL}/staff/confirm?next=%2Fstaff%2Fteam`);
  await admin.getByRole("button", { name: "Confirm with your passkey" }).click();
  await expect(admin).toHaveURL(`${staffBaseURL}/staff/team`);
  await admin.getByRole("button", { name: `Allow vacancies for ${recruiter.name}` }).click();
  await expect(admin.getByText("Saved: they may publish, edit and close vacancies now.")).toBeVisible();
  await expect(admin.getByRole("button", { name: `Stop vacancies for ${recruiter.name}` })).toBeVisible();
  await adminContext.close();

  await page.goto("/staff/vacancies");
  await expect(page.getByRole("link", { name: "New vacancy" })).toBeVisible();
});

test("the owner of an account is e-mailed when a passkey is added to it", async ({ page }) => {
  const person = await joinAsStaff(page, { label: "Owner" });
  const db = new DatabaseSync(e2eDatabase, { readOnly: true });
  try {
    const mails = db
      .prepare("SELECT subject FROM outbox WHERE purpose = 'staff-security' AND to_address = ?")
      .all(person.email) as { subject: string }[];
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Cottonopolis Facilities workspace: a passkey was added to your account",
    ]);
  } finally {
    db.close();
  }
});
