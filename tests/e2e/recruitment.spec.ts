import { DatabaseSync } from "node:sqlite";
import { expect, type Page, test } from "@playwright/test";
import { e2eDatabase } from "../../playwright.config";
import { expectNoAxeViolations, waitForHydration } from "./helpers";
import { runOnServerDatabase, sendApplication, uniqueTag } from "./lead-helpers";
import { ageConfirmation, joinAsStaff, staffBaseURL, withoutJavaScript } from "./staff-helpers";
import { londonDay, publishVacancy, sampleVacancy } from "./vacancy-helpers";

// Recruitment in the workspace: the e-mail for an application's stage, offered after a status change and
// sent only when staff press its button; a vacancy's "not this time" for the applicants it ticks (only
// for those allowed to publish, and for many at once after the passkey again); and the Talent pool's
// search. No mail server runs here, so what is sent waits in the delivery queue.

test.use({ baseURL: staffBaseURL });

/** The e-mails queued for one lead with this purpose, read from the server's SQLite file. */
function queued(reference: string, purpose: string): { to_address: string; subject: string; body: string }[] {
  const db = new DatabaseSync(e2eDatabase, { readOnly: true });
  try {
    return db
      .prepare("SELECT to_address, subject, body FROM outbox WHERE reference = ? AND purpose = ? ORDER BY id")
      .all(reference, purpose) as { to_address: string; subject: string; body: string }[];
  } finally {
    db.close();
  }
}

/** Checks the page with axe at a desktop's width and a phone's. */
async function expectAxeCleanAtBothWidths(page: Page) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test("after a status change the lead page offers the stage's e-mail, and sends it only when staff press its button", async ({
  page,
  request,
}) => {
  const word = uniqueTag();
  const email = `maria.${word}@example.com`;
  const reference = await sendApplication(request, { firstName: "Maria", lastName: word, email });
  const me = await joinAsStaff(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/staff/leads/${reference}`);
  await waitForHydration(page);
  // At New there is nothing to tell.
  await expect(page.getByRole("region", { name: "Tell the applicant" })).toHaveCount(0);

  await page.getByLabel("Status", { exact: true }).selectOption("interview");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByRole("status")).toHaveText("Status saved: Interview.");
  const card = page.getByRole("region", { name: "Tell the applicant" });
  await expect(card).toContainText("Nothing is sent to Maria unless you press the button.");
  const subject = card.getByRole("textbox", { name: "Subject" });
  const body = card.getByRole("textbox", { name: "Message" });
  await expect(subject).toHaveValue("Your application for a role with us: we would like to meet you");
  await expect(body).toHaveValue(/^Thank you for applying for a role with us\. We liked what we read/);
  await expect(body).toHaveAccessibleDescription(/^It starts “Dear Maria,” and ends with your name/);
  // The status change alone queued nothing for her.
  expect(queued(reference, "stage")).toEqual([]);
  await expectAxeCleanAtBothWidths(page);

  await subject.fill("Maria, we would like to meet you");
  await body.fill("Thank you for applying. Could you come in on Tuesday at 10:00? Bring your passport.");
  await card.getByRole("button", { name: "Send e-mail to Maria" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "E-mail to Maria queued to be sent from our address; it is under Replies sent.",
  );
  const replies = page.getByRole("region", { name: "Replies sent" });
  await expect(replies).toContainText(`${me.name},`);
  await expect(replies).toContainText("Maria, we would like to meet you");
  await expect(replies).toContainText("Could you come in on Tuesday at 10:00?");
  await expect(replies).toContainText("Waiting to be sent");
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText(
    `E-mail about the Interview stage written and queued to be sent by ${me.name}`,
  );
  // Sent once: the card is gone until the status moves again.
  await expect(card).toHaveCount(0);
  await expectAxeCleanAtBothWidths(page);

  const [mail] = queued(reference, "stage");
  expect(mail?.to_address).toBe(email);
  // The subject she was sent names her application, as every e-mail staff write does.
  expect(mail?.subject).toBe(`Maria, we would like to meet you (${reference})`);
  expect(mail?.body).toMatch(/^Dear Maria,\n\nThank you for applying\. Could you come in on Tuesday/);
  expect(mail?.body).toContain(`Kind regards,\n${me.name}\nCottonopolis Facilities`);
  expect(mail?.body).toMatch(/\/your-application\?link=APP-/);
});

test("without JavaScript, a status change opens the stage's e-mail and it sends as a plain form", async ({
  page,
  browser,
  request,
}) => {
  const reference = await sendApplication(request, { firstName: "Jonas", lastName: uniqueTag() });
  await joinAsStaff(page);
  const plain = await withoutJavaScript(browser, page);
  await plain.page.goto(`/staff/leads/${reference}`);
  await plain.page.getByLabel("Status", { exact: true }).selectOption("unsuccessful");
  await plain.page.getByRole("button", { name: "Save status" }).click();
  await expect(plain.page.getByRole("status")).toHaveText("Status saved: Unsuccessful.");
  const card = plain.page.getByRole("region", { name: "Tell the applicant" });
  await expect(card.getByRole("textbox", { name: "Subject" })).toHaveValue(
    "Your application for a role with us",
  );
  await card.getByRole("button", { name: "Send e-mail to Jonas" }).click();
  await expect(plain.page.getByRole("status")).toHaveText(
    "E-mail to Jonas queued to be sent from our address; it is under Replies sent.",
  );
  await expect(plain.page.getByRole("region", { name: "Replies sent" })).toContainText(
    "Your application for a role with us",
  );
  expect(queued(reference, "stage")).toHaveLength(1);
  await plain.context.close();
});

test("a vacancy's page tells the ticked applicants at New or Contacted 'not this time', each on their own", async ({
  page,
  request,
}) => {
  const word = uniqueTag();
  const me = await joinAsStaff(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  const vacancy = (await publishVacancy(page, sampleVacancy({ title: `Warehouse Operative ${word}` })))
    .reference;
  const ana = await sendApplication(request, { firstName: "Ana", lastName: word, vacancy });
  const ben = await sendApplication(request, { firstName: "Ben", lastName: word, vacancy });
  const cat = await sendApplication(request, { firstName: "Cat", lastName: word, vacancy });
  runOnServerDatabase("UPDATE applications SET status = 'interview' WHERE reference = ?", cat);

  await page.goto(`/staff/vacancies/${vacancy}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Close vacancy" }).click();
  await expect(page.getByText("Closed. Its page now tells visitors it has closed")).toBeVisible();

  const section = page.getByRole("region", { name: "Applicants still waiting" });
  await expect(section.getByRole("checkbox")).toHaveCount(2);
  await expect(section.getByRole("checkbox", { name: `Ana ${word}` })).not.toBeChecked();
  await expect(section.getByRole("checkbox", { name: `Ben ${word}` })).toHaveAccessibleDescription(
    new RegExp(`^${ben} · New · applied `),
  );
  await expect(section.getByText(`Cat ${word}`)).toHaveCount(0);
  await expect(section.getByRole("textbox", { name: "Subject" })).toHaveValue(
    `Warehouse Operative ${word} (${vacancy}) has been filled`,
  );
  await expectAxeCleanAtBothWidths(page);

  await section.getByRole("checkbox", { name: `Ana ${word}` }).check();
  await section.getByRole("checkbox", { name: `Ben ${word}` }).check();
  await section
    .getByRole("textbox", { name: "Message" })
    .fill("Thank you for applying. The role has been filled; we will keep an eye out for you.");
  // Meanwhile someone else invites Ben to an interview: he is no longer told "not this time".
  runOnServerDatabase("UPDATE applications SET status = 'interview' WHERE reference = ?", ben);
  await section.getByRole("button", { name: "Send to the ticked applicants" }).click();
  await expect(section.getByRole("status")).toHaveText(
    "The e-mail is queued for 1 applicant, whose application is now Unsuccessful. 1 was skipped: no longer at New or Contacted, or not an applicant for this vacancy.",
  );
  await expect(section).toContainText("Nobody who applied for this vacancy is waiting at New or Contacted.");
  await expectAxeCleanAtBothWidths(page);

  const [mail] = queued(ana, "stage");
  expect(mail?.subject).toBe(`Warehouse Operative ${word} (${vacancy}) has been filled (${ana})`);
  expect(mail?.body).toMatch(/^Dear Ana,\n\nThank you for applying\. The role has been filled;/);
  expect(queued(ben, "stage")).toEqual([]);
  expect(queued(cat, "stage")).toEqual([]);

  // Ana's lead says both, in my name, and offers no second e-mail for Unsuccessful.
  await page.goto(`/staff/leads/${ana}`);
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline).toContainText(`Status changed from New to Unsuccessful by ${me.name}`);
  await expect(timeline).toContainText(
    `The vacancy's “not this time” e-mail written and queued to be sent by ${me.name}`,
  );
  await expect(page.getByRole("region", { name: "Replies sent" })).toContainText("has been filled");
  await expect(page.getByRole("region", { name: "Tell the applicant" })).toHaveCount(0);
});

test("'not this time' is only for those allowed to publish, and more than 10 at once asks for the passkey first", async ({
  page,
  browser,
  request,
}) => {
  const word = uniqueTag();
  const me = await joinAsStaff(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  const vacancy = (await publishVacancy(page, sampleVacancy({ title: `Night Cleaner ${word}` }))).reference;
  const names = ["Ana", "Ben", "Cat", "Dev", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kit"];
  const applicants: string[] = [];
  for (const firstName of names) {
    applicants.push(await sendApplication(request, { firstName, lastName: word, vacancy }));
  }

  // Someone not allowed to publish vacancies sees who is waiting, but not the form, and why.
  const otherContext = await browser.newContext({ baseURL: staffBaseURL });
  const other = await otherContext.newPage();
  await joinAsStaff(other, { label: "Helper", vacancies: false });
  await other.goto(`/staff/vacancies/${vacancy}`);
  const theirs = other.getByRole("region", { name: "Applicants still waiting" });
  await expect(theirs).toContainText("11 applicants are at New or Contacted.");
  await expect(theirs).toContainText("Ask an administrator to allow you on the Team page.");
  await expect(theirs.getByRole("button", { name: "Send to the ticked applicants" })).toHaveCount(0);
  await expectNoAxeViolations(other);
  await otherContext.close();

  // Last confirmed 20 minutes ago: the section says so before anything is ticked.
  ageConfirmation(me.email, 20);
  await page.goto(`/staff/vacancies/${vacancy}`);
  await waitForHydration(page);
  const section = page.getByRole("region", { name: "Applicants still waiting" });
  await expect(section).toContainText("Telling more than 10 at once asks for your passkey again.");
  await expectAxeCleanAtBothWidths(page);
  const tickAll = async () => {
    for (const firstName of names)
      await section.getByRole("checkbox", { name: `${firstName} ${word}` }).check();
  };
  await tickAll();
  await section.getByRole("button", { name: "Send to the ticked applicants" }).click();
  await expect(page).toHaveURL(
    `${staffBaseURL}/staff/confirm?next=${encodeURIComponent(`/staff/vacancies/${vacancy}`)}`,
  );
  expect(queued(applicants[0] ?? "", "stage")).toEqual([]);
  await page.getByRole("button", { name: "Confirm with your passkey" }).click();
  await expect(page).toHaveURL(`${staffBaseURL}/staff/vacancies/${vacancy}`);
  await waitForHydration(page);
  await expect(section).not.toContainText("asks for your passkey again");

  // Confirmed: sent again, it goes to all eleven, each naming their own application.
  await tickAll();
  await section.getByRole("button", { name: "Send to the ticked applicants" }).click();
  await expect(section.getByRole("status")).toHaveText(
    "The e-mail is queued for 11 applicants, each as a message of their own, and their applications are now Unsuccessful.",
  );
  for (const reference of applicants) {
    expect(queued(reference, "stage").map((mail) => mail.subject)).toEqual([
      `Night Cleaner ${word} (${vacancy}) has been filled (${reference})`,
    ]);
  }
});

test("the Talent pool finds those kept on file by service, place and when they applied", async ({
  page,
  browser,
  request,
}) => {
  const place = uniqueTag();
  const address = `4 Canal Street, ${place}, Manchester M1 3HE`;
  await joinAsStaff(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  const vacancy = (
    await publishVacancy(page, sampleVacancy({ title: `Steward ${place}`, service: "steward" }))
  ).reference;
  const general = await sendApplication(request, { firstName: "Gail", lastName: place, address });
  const steward = await sendApplication(request, { firstName: "Sam", lastName: place, address, vacancy });
  const notKept = await sendApplication(request, { firstName: "Nina", lastName: place, address });
  // Gail and Sam agreed to be kept on file; Nina did not.
  for (const reference of [general, steward]) {
    runOnServerDatabase(
      "UPDATE applications SET keep_consent_at = ? WHERE reference = ?",
      Date.now(),
      reference,
    );
  }

  await page.goto("/staff");
  await page
    .getByRole("navigation", { name: "Workspace" })
    .getByRole("link", { name: "Talent pool" })
    .click();
  await expect(page.getByRole("heading", { name: "Talent pool", level: 1 })).toBeVisible();
  await waitForHydration(page);
  const search = page.getByRole("search", { name: "Search the talent pool" });
  await search.getByRole("searchbox", { name: "Place" }).fill(place.toUpperCase());
  await search.getByRole("button", { name: "Search" }).click();
  await page.waitForURL((url) => url.searchParams.get("place") === place.toUpperCase());
  const results = page.getByRole("region", { name: /in the pool/ });
  await expect(results.getByRole("heading")).toHaveText(
    "Showing 1 to 2 of 2 people in the pool, newest application first",
  );
  const rows = results.getByRole("row").filter({ has: page.getByRole("rowheader") });
  await expect(rows.getByRole("rowheader")).toHaveText([`Sam ${place}`, `Gail ${place}`]);
  await expect(rows.first()).toContainText(`Steward ${place} (${vacancy})`);
  await expect(rows.first()).toContainText(address);
  await expect(rows.last()).toContainText("General application");
  await expect(page.getByText(notKept)).toHaveCount(0);
  await expectAxeCleanAtBothWidths(page);

  await search.getByRole("combobox", { name: "Service" }).selectOption("steward");
  await search.getByRole("button", { name: "Search" }).click();
  await page.waitForURL((url) => url.searchParams.get("service") === "steward");
  await expect(rows.getByRole("rowheader")).toHaveText([`Sam ${place}`]);
  await search.getByRole("combobox", { name: "Service" }).selectOption("none");
  await search.getByRole("button", { name: "Search" }).click();
  await page.waitForURL((url) => url.searchParams.get("service") === "none");
  await expect(rows.getByRole("rowheader")).toHaveText([`Gail ${place}`]);

  // Applied from tomorrow: nobody yet, said in words.
  await search.getByRole("combobox", { name: "Service" }).selectOption("");
  await search.getByLabel("Applied from").fill(londonDay(1));
  await search.getByRole("button", { name: "Search" }).click();
  await page.waitForURL((url) => url.searchParams.get("from") === londonDay(1));
  await expect(
    page.getByRole("heading", { name: /^Nobody in the talent pool matches this search/ }),
  ).toBeVisible();
  await expectAxeCleanAtBothWidths(page);

  // A date that does not exist is refused in words, with a 400.
  const refused = await page.goto(`/staff/pool?place=${place}&to=2026-02-30`);
  expect(refused?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("That date does not exist.");
  await expectNoAxeViolations(page);

  // Without JavaScript the search is a plain GET form; a name opens the lead.
  const plain = await withoutJavaScript(browser, page);
  await plain.page.goto("/staff/pool");
  await plain.page.getByRole("searchbox", { name: "Place" }).fill(place);
  await plain.page.getByLabel("Applied to").fill(londonDay(0));
  await plain.page.getByRole("button", { name: "Search" }).click();
  await expect(plain.page.getByRole("rowheader")).toHaveText([`Sam ${place}`, `Gail ${place}`]);
  await plain.page.getByRole("link", { name: `Gail ${place}` }).click();
  await expect(plain.page).toHaveURL(`${staffBaseURL}/staff/leads/${general}`);
  await plain.context.close();
});
