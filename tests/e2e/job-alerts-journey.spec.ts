import { DatabaseSync } from "node:sqlite";
import { expect, test } from "@playwright/test";
import { e2eDatabase } from "../../playwright.config";
import { openedAMinuteAgo, uniqueTag } from "./lead-helpers";
import { joinAsStaff, staffBaseURL } from "./staff-helpers";
import { publishVacancy, sampleVacancy } from "./vacancy-helpers";

// A job alert's whole life, as a new user meets it: on a phone they ask for steward, temporary jobs as
// soon as they are published, and confirm from the e-mail; staff publish a matching vacancy and they get
// one alert for it, and none for a cleaning job; then their mail program leaves with one click. No mail
// server runs here, so the e-mails are read from the delivery queue, headers and all.

test.use({ baseURL: staffBaseURL });

type Queued = { body: string; headers: string | null };

/** The e-mails of this purpose queued to an address, oldest first. */
function queuedTo(to: string, purpose: string): Queued[] {
  const db = new DatabaseSync(e2eDatabase, { readOnly: true });
  try {
    return db
      .prepare("SELECT body, headers FROM outbox WHERE to_address = ? AND purpose = ? ORDER BY id")
      .all(to, purpose) as Queued[];
  } finally {
    db.close();
  }
}

function alertsOf(email: string): number {
  const db = new DatabaseSync(e2eDatabase, { readOnly: true });
  try {
    return Number(
      (db.prepare("SELECT COUNT(*) AS n FROM job_alerts WHERE email = ?").get(email) as { n: number }).n,
    );
  } finally {
    db.close();
  }
}

test("a person follows steward temporary jobs from a phone, hears of a matching one only, and leaves in one click", async ({
  browser,
  page,
  request,
}) => {
  // On a phone, without JavaScript, from the vacancies page.
  const phone = await browser.newContext({
    baseURL: staffBaseURL,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const visitor = await phone.newPage();
  const email = `steward-${uniqueTag()}@example.com`.toLowerCase();
  await visitor.goto("/careers/vacancies");
  const form = visitor.getByRole("region", { name: "Get new jobs by e-mail" });
  await form.getByLabel("E-mail address").fill(email);
  await form.getByLabel("Steward Staff").check();
  await form.getByLabel("Temporary").check();
  await form.getByLabel("As soon as a job is published").check();
  // A person takes a few seconds to fill the form in (the forms' time token).
  await openedAMinuteAgo(visitor, "careers");
  await form.getByRole("button", { name: "Send me job alerts" }).click();
  await expect(visitor.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  // They confirm from the e-mail.
  const [confirmation] = queuedTo(email, "alert-confirm");
  const confirm = /https?:\/\/[^/\s]+(\/careers\/alerts\/confirm\?link=\S+)/.exec(
    confirmation?.body ?? "",
  )?.[1];
  expect(confirm).toBeTruthy();
  await visitor.goto(confirm as string);
  await visitor.getByRole("button", { name: "Confirm my job alerts" }).click();
  await expect(visitor.getByRole("heading", { name: "Your job alerts have started" })).toBeVisible();
  await phone.close();

  // Staff publish a steward job, then a cleaning one, then a second steward job.
  await joinAsStaff(page, { label: "Recruiter" });
  const steward = sampleVacancy({ title: `Match Day Steward ${uniqueTag()}`, service: "steward" });
  await publishVacancy(page, steward);
  await expect.poll(() => queuedTo(email, "job-alert").length, { timeout: 15_000 }).toBe(1);
  const cleaning = sampleVacancy({ title: `Evening Cleaner ${uniqueTag()}`, service: "cleaning" });
  await publishVacancy(page, cleaning);
  const later = sampleVacancy({ title: `Concert Steward ${uniqueTag()}`, service: "steward" });
  await publishVacancy(page, later);
  // The second steward job's alert came after the cleaning job was published: by then its run was done.
  await expect.poll(() => queuedTo(email, "job-alert").length, { timeout: 15_000 }).toBe(2);
  const alerts = queuedTo(email, "job-alert");
  expect(alerts[0]?.body).toContain(steward.title);
  expect(alerts[1]?.body).toContain(later.title);
  expect(alerts.map((alert) => alert.body).join("\n")).not.toContain(cleaning.title);
  expect(alerts[1]?.body).not.toContain(steward.title);

  // Their mail program leaves with one click: a bare POST to the List-Unsubscribe address, no cookie.
  const headers = JSON.parse(alerts[1]?.headers ?? "{}") as Record<string, string>;
  expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const unsubscribe = /<(https?:\/\/[^>]+)>/.exec(headers["List-Unsubscribe"] ?? "")?.[1];
  expect(unsubscribe).toBeTruthy();
  const { pathname, search } = new URL(unsubscribe as string);
  expect(alertsOf(email)).toBe(1);
  const left = await request.post(`${pathname}${search}`, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(left.status()).toBe(200);
  expect(alertsOf(email)).toBe(0);
});
