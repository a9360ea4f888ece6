import { DatabaseSync } from "node:sqlite";
import { expect, type Page, test } from "@playwright/test";
import { e2eDatabase } from "../../playwright.config";
import { expectNoAxeViolations, waitForHydration } from "./helpers";
import { sendApplication, uniqueTag } from "./lead-helpers";
import { joinAsStaff, staffBaseURL, withoutJavaScript } from "./staff-helpers";
import { londonDay } from "./vacancy-helpers";

// Interviews from the workspace, as staff work them in the browser: invite from an application's page,
// find it on the Interviews page (everyone's and Mine), move it and cancel it, each time with an e-mail
// and its calendar invitation queued for the applicant; the forms work without JavaScript and refuse bad
// input in words with a 4xx; axe finds nothing on the card (with its errors shown) or on the Interviews
// page, on a phone and on a desktop.

test.use({ baseURL: staffBaseURL });

/** The interview e-mails queued for a lead, oldest first (no SMTP server here: they wait in the outbox). */
function interviewMails(reference: string) {
  const db = new DatabaseSync(e2eDatabase, { readOnly: true });
  try {
    return db
      .prepare(
        "SELECT purpose, to_address, reply_to, subject, body, calendar FROM outbox WHERE reference = ? AND purpose = 'interview' ORDER BY id",
      )
      .all(reference) as {
      purpose: string;
      to_address: string;
      reply_to: string;
      subject: string;
      body: string;
      calendar: string;
    }[];
  } finally {
    db.close();
  }
}

/** The interview's uids of a lead, from the server's database. */
function interviewUids(reference: string): string[] {
  const db = new DatabaseSync(e2eDatabase, { readOnly: true });
  try {
    const rows = db
      .prepare("SELECT uid FROM interviews WHERE reference = ? ORDER BY created_at")
      .all(reference);
    return rows.map((row) => String((row as { uid: string }).uid));
  } finally {
    db.close();
  }
}

function card(page: Page) {
  return page.getByRole("region", { name: "Interview", exact: true });
}

/** The invitation form's details, opened. */
async function inviteForm(page: Page) {
  const form = card(page).locator("details").filter({ hasText: "Invite to interview" });
  if ((await form.getAttribute("open")) === null) await form.locator("summary").click();
  return form;
}

test("staff invite from the lead page, find it on the Interviews page and under Mine, move it and cancel it", async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const reference = await sendApplication(request, {
    firstName: "Zoë",
    lastName: tag,
    email: `zoe.${tag}@example.co.uk`,
  });
  const me = await joinAsStaff(page, { label: "Recruiter" });
  await page.goto(`/staff/leads/${reference}`);
  await waitForHydration(page);
  await expect(card(page)).toContainText("No interview booked.");

  const date = londonDay(2);
  const invite = await inviteForm(page);
  await invite.getByLabel("Date").fill(date);
  await invite.getByLabel("Start time (UK)").fill("10:00");
  await invite.getByLabel("Length in minutes").fill("45");
  await invite.getByRole("radio", { name: "Video link" }).check();
  await invite
    .getByLabel("Address, phone number or video link")
    .fill("https://meet.example.com/abc-defg-hij");
  await expect(invite.getByLabel("Who they will meet")).toHaveValue(me.name);
  await invite
    .getByLabel("Note for the applicant (optional)")
    .fill("We will share a short video of the site.");
  await invite.getByRole("button", { name: "Send invitation" }).click();

  await expect(page.getByRole("status")).toContainText(
    "Invitation queued to be sent, with a calendar invitation. The application is now at Interview.",
  );
  const coming = card(page).getByRole("listitem").first();
  await expect(coming).toContainText("10:00 to 10:45 (UK time)");
  await expect(coming).toContainText(`By video link, with ${me.name}`);
  await expect(coming).toContainText("Answer: No answer yet");
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText("Invited to an interview:");

  let mails = interviewMails(reference);
  expect(mails).toHaveLength(1);
  expect(mails[0]?.to_address).toBe(`zoe.${tag}@example.co.uk`);
  expect(mails[0]?.subject).toMatch(new RegExp(`^Interview invitation: .* at 10:00 \\(${reference}\\)$`));
  expect(mails[0]?.body).toContain(
    "Where: By video call: join with this link at the time: https://meet.example.com/abc-defg-hij",
  );
  expect(mails[0]?.body).toContain("/your-application?link=");
  expect(mails[0]?.calendar).toContain("\r\nMETHOD:REQUEST\r\n");
  expect(mails[0]?.calendar).toContain(
    `\r\nDTSTART;TZID=Europe/London:${date.replaceAll("-", "")}T100000\r\n`,
  );
  const uid = /\r\nUID:([^\r]+)\r\n/.exec(mails[0]?.calendar ?? "")?.[1];
  expect(uid).toMatch(/@www\.cottonopolis\.example$/);

  // The inbox says plainly that the applicant has not answered yet.
  await page.goto(`/staff?q=${tag}`);
  await expect(page.getByRole("row", { name: new RegExp(reference) })).toContainText(
    /Interview .*10:00: no answer yet/,
  );

  // The Interviews page lists it for everyone, and under Mine (booked by this person).
  await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Interviews" }).click();
  await expect(page.getByRole("heading", { name: "Interviews", level: 1 })).toBeVisible();
  const listed = page.getByRole("listitem").filter({ hasText: reference });
  await expect(listed).toContainText("10:00 to 10:45");
  await expect(listed).toContainText(`By video link, with ${me.name}`);
  await page
    .getByRole("navigation", { name: "Whose interviews" })
    .getByRole("link", { name: "Mine" })
    .click();
  await expect(page).toHaveURL(/\/staff\/interviews\?who=mine$/);
  await expect(
    page.getByRole("navigation", { name: "Whose interviews" }).getByRole("link", { name: "Mine" }),
  ).toHaveAttribute("aria-current", "true");
  await listed.getByRole("link", { name: `Zoë ${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/leads/${reference}$`));
  await waitForHydration(page);

  // Move: an hour later. The update keeps the UID and raises the SEQUENCE.
  const item = card(page).getByRole("listitem").first();
  await item.locator("summary", { hasText: "Move" }).click();
  await item.getByLabel("Start time (UK)").fill("11:00");
  await item.getByRole("button", { name: "Send the new time" }).click();
  await expect(page.getByRole("status")).toContainText("Interview moved.");
  await expect(card(page).getByRole("listitem").first()).toContainText("11:00 to 11:45 (UK time)");

  // Cancel: METHOD:CANCEL, the same UID, a higher SEQUENCE again.
  await card(page)
    .getByRole("button", { name: /^Cancel interview/ })
    .click();
  await expect(page.getByRole("status")).toContainText("Interview cancelled.");
  await expect(card(page)).toContainText("No interview booked.");
  await card(page).locator("summary", { hasText: "Earlier and cancelled interviews (1)" }).click();
  await expect(card(page)).toContainText("Cancelled: ");

  mails = interviewMails(reference);
  expect(mails[0]?.subject).toMatch(/^Interview invitation: .* at 10:00 /);
  expect(mails[1]?.subject).toMatch(/^Interview moved to .* at 11:00 /);
  expect(mails[2]?.subject).toMatch(/^Interview cancelled: .* at 11:00 /);
  expect(mails.map((mail) => /\r\nUID:([^\r]+)\r\n/.exec(mail.calendar)?.[1])).toEqual([uid, uid, uid]);
  expect(mails.map((mail) => /\r\nSEQUENCE:(\d+)\r\n/.exec(mail.calendar)?.[1])).toEqual(["0", "1", "2"]);
  expect(mails.map((mail) => /\r\nMETHOD:(\w+)\r\n/.exec(mail.calendar)?.[1])).toEqual([
    "REQUEST",
    "REQUEST",
    "CANCEL",
  ]);
  expect(mails[1]?.calendar).toContain(
    `\r\nDTSTART;TZID=Europe/London:${date.replaceAll("-", "")}T110000\r\n`,
  );
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline).toContainText("Interview moved: now");
  await expect(timeline).toContainText("Interview cancelled:");
});

test("the invitation form works without JavaScript and refuses bad input in words with a 4xx", async ({
  page,
  request,
  browser,
}) => {
  const tag = uniqueTag();
  const reference = await sendApplication(request, { lastName: tag });
  const other = await sendApplication(request, { lastName: `${tag}b` });
  await joinAsStaff(page, { label: "Recruiter" });
  const { context: plain, page: noScript } = await withoutJavaScript(browser, page);
  try {
    await noScript.goto(`/staff/leads/${other}`);
    const theirs = await inviteForm(noScript);
    await theirs.getByLabel("Date").fill(londonDay(3));
    await theirs.getByLabel("Start time (UK)").fill("14:00");
    await theirs.getByRole("button", { name: "Send invitation" }).click();
    await expect(noScript.getByRole("status")).toContainText("Invitation queued to be sent");
    const [theirUid] = interviewUids(other);

    await noScript.goto(`/staff/leads/${reference}`);
    /** Fills the invitation form, sends it, and resolves to the answer's status. */
    async function send(values: Record<string, string>, where = "Our office") {
      const form = await inviteForm(noScript);
      // The browser's own checks would stop some of these; the server's are the ones that count.
      await form.locator("input, textarea").evaluateAll((controls) => {
        for (const control of controls) {
          control.removeAttribute("maxlength");
          control.removeAttribute("min");
          control.removeAttribute("max");
          control.removeAttribute("required");
        }
      });
      for (const [label, value] of Object.entries(values)) await form.getByLabel(label).fill(value);
      await form.getByRole("radio", { name: where }).check();
      const answer = noScript.waitForResponse(
        (response) =>
          response.request().method() === "POST" && response.url().includes(`/staff/leads/${reference}`),
      );
      await form.getByRole("button", { name: "Send invitation" }).click();
      return (await answer).status();
    }
    const when = { Date: londonDay(3), "Start time (UK)": "09:30" };

    expect(await send({ ...when, Date: londonDay(-1) })).toBe(400);
    await expect(noScript.getByRole("alert")).toContainText(
      "That time has already passed. Choose a date and time still to come.",
    );
    await expect((await inviteForm(noScript)).getByLabel("Date")).toHaveAttribute("aria-invalid", "true");

    expect(await send({ Date: "2027-03-28", "Start time (UK)": "01:30" })).toBe(400);
    await expect(noScript.getByRole("alert")).toContainText(
      "There is no 01:30 on Sunday 28 March 2027 in the UK: the clocks go forward an hour that night.",
    );
    // What was typed is still there to correct.
    await expect((await inviteForm(noScript)).getByLabel("Date")).toHaveValue("2027-03-28");

    expect(
      await send(
        { ...when, "Address, phone number or video link": "http://meet.example.com/abc" },
        "Video link",
      ),
    ).toBe(400);
    await expect(noScript.getByRole("alert")).toContainText(
      "A video link must be the meeting's full address starting https://",
    );
    await expect(
      (await inviteForm(noScript)).getByLabel("Address, phone number or video link"),
    ).toHaveAttribute("aria-invalid", "true");
    await expect(
      (await inviteForm(noScript)).getByRole("radio", { name: "Video link" }),
      "the choice made is kept",
    ).toBeChecked();

    expect(await send({ ...when, "Note for the applicant (optional)": "x".repeat(2001) })).toBe(400);
    await expect(noScript.getByRole("alert")).toContainText(
      "The note must be 2000 characters or fewer (it has 2001).",
    );

    // The card, open with its errors shown, on a phone and on a desktop (with scripts, as most see it).
    await page.goto(`/staff/leads/${reference}`);
    await waitForHydration(page);
    const form = await inviteForm(page);
    await form.getByLabel("Date").fill(londonDay(-1));
    await form.getByLabel("Start time (UK)").fill("09:30");
    await form.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByRole("alert")).toContainText("That time has already passed.");
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(card(page).getByText("That time has already passed.")).toBeVisible();
      await expectNoAxeViolations(page);
    }

    // An interview this application does not have, made up or another application's: 404, in words.
    for (const uid of ["00000000-0000-4000-8000-000000000000", theirUid ?? ""]) {
      for (const intent of ["interview-cancel", "interview-move"]) {
        const response = await page.request.post(`/staff/leads/${reference}`, {
          form: {
            intent,
            interview: uid,
            date: londonDay(3),
            time: "10:00",
            minutes: "30",
            placeKind: "office",
            place: "",
            meetWith: "Sam",
            note: "",
          },
        });
        expect(response.status(), `${intent} ${uid}`).toBe(404);
        expect(await response.text()).toContain("This application has no such interview.");
      }
    }
    // Nothing was queued for this application, and the other's interview is untouched.
    expect(interviewMails(reference)).toEqual([]);
    expect(interviewMails(other)).toHaveLength(1);
  } finally {
    await plain.close();
  }
});

test("axe finds nothing on the Interviews page, on a phone and on a desktop, with interviews and without", async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const reference = await sendApplication(request, { lastName: tag });
  await joinAsStaff(page, { label: "Recruiter" });
  await page.goto("/staff/interviews?who=mine");
  await expect(page.getByText("You have no interviews today.")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/staff/leads/${reference}`);
  await waitForHydration(page);
  const invite = await inviteForm(page);
  await invite.getByLabel("Date").fill(londonDay(1));
  await invite.getByLabel("Start time (UK)").fill("15:30");
  await invite.getByRole("radio", { name: "Phone call" }).check();
  await invite.getByLabel("Address, phone number or video link").fill("07700 900123");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toContainText("Invitation queued");

  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/staff/interviews");
    await expect(page.getByRole("listitem").filter({ hasText: reference })).toContainText(
      "By phone on 07700 900123",
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page);
  }
  expect((await page.goto("/staff/interviews?who=someone"))?.status()).toBe(400);
  await expect(page.getByText("Choose Everyone or Mine")).toBeVisible();
});
