// Routing, owners, the reply clock and replies in the staff workspace, in Chromium with a passkey:
// the team's notification choices, the Owner control, due times, the Overdue filter and the Send reply
// form, each state checked with axe, and the inbox and a lead's page at 390 px.
import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers";
import { runOnServerDatabase, sendEnquiry, uniqueTag } from "./lead-helpers";
import { joinAsStaff, staffBaseURL } from "./staff-helpers";

test.use({ baseURL: staffBaseURL });

const hour = 60 * 60 * 1000;

// The team page lists every member of staff the whole suite has invited, and axe reads it three times.
test.describe.configure({ timeout: 60_000 });

function leadRows(page: Page) {
  return page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader") });
}

/** Moves a lead's arrival back in time, as if it had waited that long. */
function age(reference: string, hours: number) {
  const changed = runOnServerDatabase(
    "UPDATE enquiries SET created_at = created_at - ? WHERE reference = ?",
    hours * hour,
    reference,
  );
  expect(changed).toBe(1);
}

test("an administrator chooses who receives which new leads and asks for a morning summary; a lead one person receives is theirs", async ({
  page,
  request,
}) => {
  // Four axe runs over the team page, which lists everyone the suite has invited by then.
  test.setTimeout(120_000);
  const admin = await joinAsStaff(page, { admin: true, label: "Router" });
  await page.goto("/staff/team");
  const mine = page.getByRole("group", { name: `${admin.name} receives` });
  // One choice for each of the contact form's services, labelled as the form labels them, then the rest.
  const choices = [
    "Professional cleaning",
    "Security officers",
    "Housekeeping staff",
    "Warehouse workers",
    "Steward staff",
    "Maintenance services",
    "More than one service",
    "No service chosen",
    "Job applications",
  ];
  await expect(mine.getByRole("checkbox")).toHaveCount(choices.length);
  for (const choice of choices) {
    await expect(mine.getByRole("checkbox", { name: choice, exact: true })).not.toBeChecked();
  }
  await mine.getByRole("checkbox", { name: "Maintenance services" }).check();
  await expectNoAxeViolations(page);
  await mine.getByRole("button", { name: "Save notifications", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Saved: they receive 1 kind of new lead.");
  await expect(
    page
      .getByRole("group", { name: `${admin.name} receives` })
      .getByRole("checkbox", { name: "Maintenance services" }),
  ).toBeChecked();
  await expectNoAxeViolations(page);

  await page.getByRole("checkbox", { name: "Send me a summary each morning" }).check();
  await page.getByRole("button", { name: "Save summary choice" }).click();
  await expect(page.getByRole("status")).toContainText("Saved: you will get a summary at 8:00 each morning");
  await expect(page.getByRole("checkbox", { name: "Send me a summary each morning" })).toBeChecked();
  await expectNoAxeViolations(page);

  // A maintenance enquiry is now this administrator's from the start, and the timeline says so.
  const reference = await sendEnquiry(request, { service: "maintenance", message: `Boiler ${uniqueTag()}` });
  await page.goto(`/staff/leads/${reference}`);
  await expect(page.getByLabel("Owner", { exact: true })).toHaveValue(/^\d+$/);
  await expect(page.getByLabel("Owner", { exact: true }).locator("option:checked")).toHaveText(admin.name);
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText(`Owner set to ${admin.name}`);

  // Clearing every choice sends that kind to the company inbox again.
  await page.goto("/staff/team");
  await page
    .getByRole("group", { name: `${admin.name} receives` })
    .getByRole("checkbox", { name: "Maintenance services" })
    .uncheck();
  await page
    .getByRole("group", { name: `${admin.name} receives` })
    .getByRole("button", { name: "Save notifications", exact: true })
    .click();
  await expect(page.getByRole("status")).toHaveText("Saved: they receive no new leads by e-mail.");
});

test("the Owner control gives a lead to someone or nobody, the inbox filters Mine and Unassigned, and a reply from the workspace moves it to Contacted", async ({
  page,
  request,
}) => {
  const me = await joinAsStaff(page, { label: "Owner" });
  // Someone who is not an administrator sees what they receive and chooses their own summary.
  await page.goto("/staff/team");
  await expect(page.getByRole("heading", { name: "New leads e-mailed to you" })).toBeVisible();
  await expect(page.getByText("None: ask an administrator if you should receive some.")).toBeVisible();
  await expect(page.getByRole("group", { name: /receives$/ })).toHaveCount(0);
  await page.getByRole("checkbox", { name: "Send me a summary each morning" }).check();
  await page.getByRole("button", { name: "Save summary choice" }).click();
  await expect(page.getByRole("status")).toContainText("Saved: you will get a summary");
  await expectNoAxeViolations(page);
  const word = uniqueTag();
  const reference = await sendEnquiry(request, { message: `Window cleaning ${word}`, service: "cleaning" });
  await page.goto(`/staff/leads/${reference}`);
  const owner = page.getByLabel("Owner", { exact: true });
  await expect(owner).toHaveValue("");
  await expect(owner.locator("option").first()).toHaveText("Nobody");
  await owner.selectOption({ label: me.name });
  await page.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByRole("status")).toContainText(`Owner saved: ${me.name}.`);
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText(`Owner set to ${me.name}`);
  await expectNoAxeViolations(page);

  await page.goto(`/staff?q=${word}`);
  await expect(leadRows(page).getByRole("cell").nth(5)).toHaveText(new RegExp(me.name));
  await page.getByRole("navigation", { name: "Quick filters" }).getByRole("link", { name: "Mine" }).click();
  await expect(page).toHaveURL(/owner=mine/);
  await expect(leadRows(page).getByRole("link")).toHaveText([reference]);
  await expectNoAxeViolations(page);
  await page.goto(`/staff?q=${word}&owner=unassigned`);
  await expect(leadRows(page)).toHaveCount(0);

  // Back to nobody.
  await page.goto(`/staff/leads/${reference}`);
  await page.getByLabel("Owner", { exact: true }).selectOption("");
  await page.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByRole("status")).toContainText("Owner saved: nobody.");
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText(
    "Owner removed: nobody has it now",
  );

  // On a phone the status, owner and reply controls come before the long details.
  await page.setViewportSize({ width: 390, height: 844 });
  const top = async (locator: ReturnType<Page["getByRole"]>) => (await locator.boundingBox())?.y ?? 0;
  const details = await top(page.getByRole("heading", { name: "What they sent" }));
  expect(await top(page.getByRole("button", { name: "Save status" }))).toBeLessThan(details);
  expect(await top(page.getByRole("button", { name: "Assign" }))).toBeLessThan(details);
  expect(await top(page.getByRole("button", { name: "Send reply" }))).toBeLessThan(details);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The reply: its subject names the reference, and sending it moves the lead on.
  await expect(page.getByRole("textbox", { name: "Subject" })).toHaveValue(new RegExp(`\\(${reference}\\)$`));
  await expect(page.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute("href", /^mailto:/);
  await page.getByRole("textbox", { name: "Message" }).fill("Dear Aisha,\n\nWe can start on Monday.");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByRole("status")).toContainText(
    "Reply queued to be sent from our address. The lead is now Contacted.",
  );
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("contacted");
  const replies = page.getByRole("region", { name: "Replies sent" });
  await expect(replies).toContainText(me.name);
  await expect(replies).toContainText("We can start on Monday.");
  // No mail server in this test run: the reply waits in the queue, and says so.
  await expect(replies).toContainText("Waiting to be sent");
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText(
    "Reply written and queued to be sent",
  );
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText(
    "Status changed from New to Contacted",
  );
  await expectNoAxeViolations(page);

  // An empty reply is refused with words, not sent.
  await page.getByRole("textbox", { name: "Message" }).fill("   ");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByRole("alert")).toHaveText("Write the reply before sending it.");
  await expectNoAxeViolations(page);
});

test("the inbox shows each unanswered lead's time left or lateness, sorts by due time, filters the overdue ones, and every page counts them", async ({
  page,
  request,
}) => {
  const word = uniqueTag();
  const fresh = await sendEnquiry(request, { message: `Fresh ${word}` });
  const late = await sendEnquiry(request, { message: `Late ${word}` });
  const soon = await sendEnquiry(request, { message: `Soon ${word}` });
  age(late, 26);
  age(soon, 21);
  await joinAsStaff(page, { label: "Clock" });

  await page.goto(`/staff?q=${word}`);
  const due = (reference: string) => leadRows(page).filter({ hasText: reference }).getByRole("cell").nth(6);
  await expect(due(fresh)).toHaveText(/^due in 2[34] h$/);
  await expect(due(soon)).toHaveText(/^due in [23] h$/);
  await expect(due(late)).toHaveText(/^overdue by [12] h$/);
  // Newest first, then due soonest first.
  await expect(leadRows(page).getByRole("link")).toHaveText([fresh, soon, late]);
  await page
    .getByRole("navigation", { name: "Quick filters" })
    .getByRole("link", { name: "Due soonest first" })
    .click();
  await expect(leadRows(page).getByRole("link")).toHaveText([late, soon, fresh]);
  await expectNoAxeViolations(page);

  // Every workspace page says how many are overdue, and leads to them.
  await page.goto("/staff/team");
  const notice = page.getByRole("link", { name: /^\d+ leads? (is|are) overdue$/ });
  await expect(notice).toBeVisible();
  await notice.click();
  await expect(page).toHaveURL(/overdue=1/);

  await page.goto(`/staff?q=${word}`);
  await page
    .getByRole("navigation", { name: "Quick filters" })
    .getByRole("link", { name: "Overdue" })
    .click();
  await expect(page).toHaveURL(/overdue=1/);
  await expect(leadRows(page).getByRole("link")).toHaveText([late]);
  await expect(page.getByRole("checkbox", { name: "Overdue only" })).toBeChecked();
  await expectNoAxeViolations(page);

  // Answered, it leaves the overdue list.
  await page.goto(`/staff/leads/${late}`);
  await page.getByLabel("Status", { exact: true }).selectOption("contacted");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByRole("status")).toContainText("Status saved: Contacted.");
  await page.goto(`/staff?q=${word}&overdue=1`);
  await expect(leadRows(page)).toHaveCount(0);
  await page.goto(`/staff?q=${word}`);
  await expect(due(late)).toHaveText("Answered");

  // At 390 px: leads on the first screen as a list, filters folded behind their summary, the status
  // counts in one row that scrolls, and no sideways scroll of the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/staff");
  await expect(page.getByRole("searchbox", { name: "Search" })).toBeHidden();
  await expect(page.getByText("Search and filters")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const tops = await page
    .getByRole("navigation", { name: "Leads by status" })
    .getByRole("listitem")
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).offsetTop));
  expect(new Set(tops).size).toBe(1);
  const firstLead = await leadRows(page).first().boundingBox();
  expect(firstLead?.y ?? 9999).toBeLessThan(844);
  await expectNoAxeViolations(page);
  await page.getByText("Search and filters").click();
  await expect(page.getByRole("searchbox", { name: "Search" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("without JavaScript, notifications, the summary, Assign, Send reply and the folded filters all work as plain forms", async ({
  page,
  browser,
  request,
}) => {
  const admin = await joinAsStaff(page, { admin: true, label: "Plain" });
  const word = uniqueTag();
  const reference = await sendEnquiry(request, { message: `No script ${word}`, service: "multiple" });
  // The passkey ceremony needs JavaScript; everything after it does not.
  const plain = await browser.newContext({
    baseURL: staffBaseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScript = await plain.newPage();
  await noScript.goto("/staff/team");
  const group = noScript.getByRole("group", { name: `${admin.name} receives` });
  await group.getByRole("checkbox", { name: "More than one service" }).check();
  await group.getByRole("button", { name: "Save notifications", exact: true }).click();
  await expect(noScript.getByRole("status")).toHaveText("Saved: they receive 1 kind of new lead.");
  await noScript.getByRole("checkbox", { name: "Send me a summary each morning" }).check();
  await noScript.getByRole("button", { name: "Save summary choice" }).click();
  await expect(noScript.getByRole("checkbox", { name: "Send me a summary each morning" })).toBeChecked();

  await noScript.goto(`/staff/leads/${reference}`);
  await noScript.getByLabel("Owner", { exact: true }).selectOption({ label: admin.name });
  await noScript.getByRole("button", { name: "Assign" }).click();
  await expect(noScript.getByRole("status")).toHaveText(`Owner saved: ${admin.name}.`);
  await noScript
    .getByRole("textbox", { name: "Message" })
    .fill("Thank you: we will call you this afternoon.");
  await noScript.getByRole("button", { name: "Send reply" }).click();
  await expect(noScript.getByRole("status")).toContainText("The lead is now Contacted.");
  await expect(noScript.getByRole("region", { name: "Replies sent" })).toContainText("we will call you");

  await noScript.setViewportSize({ width: 390, height: 844 });
  await noScript.goto("/staff");
  await expect(noScript.getByRole("searchbox", { name: "Search" })).toBeHidden();
  await noScript.getByText("Search and filters").click();
  await noScript.getByRole("searchbox", { name: "Search" }).fill(word);
  await noScript.getByLabel("Owner", { exact: true }).selectOption("mine");
  await noScript.getByRole("button", { name: "Show leads" }).click();
  await expect(leadRows(noScript).getByRole("link")).toHaveText([reference]);
  await plain.close();
});

test("a reply that could not be sent says so beside its words, and Send again queues it once more", async ({
  page,
  request,
}) => {
  await joinAsStaff(page, { label: "Resend" });
  const reference = await sendEnquiry(request, { message: `Resend ${uniqueTag()}` });
  await page.goto(`/staff/leads/${reference}`);
  await page.getByRole("textbox", { name: "Message" }).fill("We would be glad to quote for this.");
  await page.getByRole("button", { name: "Send reply" }).click();
  const replies = page.getByRole("region", { name: "Replies sent" });
  await expect(replies).toContainText("Waiting to be sent");
  const failed = runOnServerDatabase(
    `UPDATE outbox SET status = 'failed', attempts = 8, last_error = 'Connection refused'
     WHERE reference = ? AND purpose = 'reply'`,
    reference,
  );
  expect(failed).toBe(1);
  await page.reload();
  await expect(replies).toContainText("Failed after 8 attempts: Connection refused");
  await expectNoAxeViolations(page);
  await replies.getByRole("button", { name: "Send again" }).click();
  await expect(page.getByRole("status")).toContainText("The e-mail is queued to be sent again now.");
  await expect(page.getByRole("region", { name: "Replies sent" })).toContainText("Waiting to be sent");
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText(
    "The reply from the workspace was queued to be sent again",
  );
});
