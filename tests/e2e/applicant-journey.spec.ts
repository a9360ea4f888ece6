import { DatabaseSync } from "node:sqlite";
import { expect, test } from "@playwright/test";
import ical, { type VEvent } from "node-ical";
import { e2eDatabase } from "../../playwright.config";
import { waitForHydration } from "./helpers";
import { sampleFiles, uniqueTag } from "./lead-helpers";
import { joinAsStaff, staffBaseURL } from "./staff-helpers";
import { fillApplication, londonDay, publishVacancy, sampleVacancy } from "./vacancy-helpers";

// One applicant's whole journey, as a new user meets it: they apply for a published vacancy and get the
// acknowledgement with their link; staff invite them to an interview whose calendar invitation holds
// the right time; from their e-mails they answer it, see their stage, replace their CV and withdraw; and
// staff see each step on the lead's timeline. No mail server runs here, so the e-mails are read from the
// delivery queue, as the applicant would read them in their inbox.

test.use({ baseURL: staffBaseURL });

/** The newest e-mail of this purpose queued for a lead. */
function newestMail(reference: string, purpose: string) {
  const db = new DatabaseSync(e2eDatabase, { readOnly: true });
  try {
    const row = db
      .prepare(
        "SELECT to_address, body, calendar FROM outbox WHERE reference = ? AND purpose = ? ORDER BY id DESC LIMIT 1",
      )
      .get(reference, purpose) as { to_address: string; body: string; calendar: string | null } | undefined;
    if (!row) throw new Error(`No ${purpose} e-mail was queued for ${reference}`);
    return row;
  } finally {
    db.close();
  }
}

/** The link to the applicant's own page in an e-mail's words, as a path on this server. */
function linkIn(body: string): string {
  const found = /https?:\/\/[^/\s]+(\/your-application\?link=\S+)/.exec(body)?.[1];
  if (!found) throw new Error("The e-mail carries no link to the applicant's page");
  return found;
}

const ukClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

test("an applicant applies, is invited, answers, sees their stage, replaces their CV and withdraws, all from their e-mails", async ({
  browser,
  page,
}) => {
  // Staff publish a vacancy.
  const recruiter = await joinAsStaff(page, { label: "Recruiter" });
  const vacancy = await publishVacancy(page, sampleVacancy());

  // The applicant applies from its page, in a browser of their own.
  const applicantContext = await browser.newContext({ baseURL: staffBaseURL });
  const applicant = await applicantContext.newPage();
  await applicant.goto(vacancy.path);
  await waitForHydration(applicant);
  const email = `agnieszka.${uniqueTag()}@example.com`;
  const form = applicant.getByRole("form", { name: "Job application" });
  await fillApplication(form, "Agnieszka", { email });
  await form.getByRole("button", { name: "Submit Application" }).click();
  const thanks = form.locator("[data-result=success]");
  await expect(thanks).toContainText(/APP-[0-9A-Z]{6}/);
  const reference = /APP-[0-9A-Z]{6}/.exec((await thanks.textContent()) ?? "")?.[0] as string;

  // Their acknowledgement carries their link, which opens their application.
  const acknowledgement = newestMail(reference, "acknowledgement");
  expect(acknowledgement.to_address).toBe(email);
  await applicant.goto(linkIn(acknowledgement.body));
  await expect(applicant.getByRole("heading", { level: 1, name: "Hello Agnieszka" })).toBeVisible();
  const stage = applicant.getByRole("region", { name: "Where your application stands" });
  await expect(stage).toContainText("Received");

  // Staff invite them to an interview, three days ahead at 10:00 UK time, at the office.
  const day = londonDay(3);
  await page.goto(`/staff/leads/${reference}`);
  await waitForHydration(page);
  const interviewCard = page.getByRole("region", { name: "Interview", exact: true });
  const invite = interviewCard.locator("details").filter({ hasText: "Invite to interview" });
  if ((await invite.getAttribute("open")) === null) await invite.locator("summary").click();
  await invite.getByLabel("Date").fill(day);
  await invite.getByLabel("Start time (UK)").fill("10:00");
  await invite.getByLabel("Length in minutes").fill("45");
  await invite.getByRole("radio", { name: "Our office" }).check();
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toContainText("Invitation queued to be sent");

  // The invitation lands in a calendar at 10:00 UK time on that day, whatever the season.
  const invitation = newestMail(reference, "interview");
  expect(invitation.calendar).toContain("METHOD:REQUEST");
  const events = Object.values(ical.sync.parseICS(invitation.calendar ?? "")).filter(
    (entry): entry is VEvent => entry?.type === "VEVENT",
  );
  expect(events).toHaveLength(1);
  const [year, month, date] = day.split("-");
  expect(ukClock.format(events[0]?.start as Date)).toBe(`${date}/${month}/${year}, 10:00`);
  expect(ukClock.format(events[0]?.end as Date)).toBe(`${date}/${month}/${year}, 10:45`);

  // From the invitation's link they see their new stage and say they will be there.
  await applicant.goto(linkIn(invitation.body));
  await expect(stage).toContainText("Interview");
  await applicant.getByRole("button", { name: "I’ll be there" }).click();
  await expect(applicant.getByText("You told us you will be there.")).toBeVisible();

  // They replace their CV, then withdraw.
  await applicant.getByLabel("Send us a new CV").setInputFiles({
    name: "Agnieszka Nowak CV.pdf",
    mimeType: "application/pdf",
    buffer: sampleFiles.pdf,
  });
  await applicant.getByRole("button", { name: "Replace my CV" }).click();
  await expect(applicant.getByRole("listitem").filter({ hasText: "Agnieszka Nowak CV.pdf" })).toBeVisible();
  await applicant.getByRole("button", { name: "Withdraw my application" }).click();
  await applicant.getByRole("button", { name: "Yes, withdraw" }).click();
  await expect(stage).toContainText("Withdrawn");
  await applicantContext.close();

  // Staff see every step on the lead's timeline.
  await page.goto(`/staff/leads/${reference}`);
  const timeline = page.getByRole("region", { name: "Timeline" });
  for (const step of [
    "Received from the website",
    `Invited to an interview`,
    "Status changed from New to Interview",
    "The applicant will be at the interview",
    "The applicant replaced their CV; the old file was deleted",
    "The applicant withdrew their application",
    "Status changed from Interview to Withdrawn",
    "Interview cancelled",
  ]) {
    await expect(timeline).toContainText(step);
  }
  await expect(timeline).toContainText(recruiter.name);
  // The team is told of the withdrawal by e-mail.
  expect(newestMail(reference, "withdrawal").body).toContain(reference);
});
