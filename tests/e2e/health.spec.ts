// The workspace's Health page, /staff/health: an administrator reads the site's health in words, each
// check fine or needing someone today with its figure, is told of a problem on every page, and reads
// the same without JavaScript; anyone else has no link to it and is refused it.
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers";
import { runOnServerDatabase } from "./lead-helpers";
import { joinAsStaff, staffBaseURL } from "./staff-helpers";

test.use({ baseURL: staffBaseURL });
// Both tests read the one server's backup record, which the first changes.
test.describe.configure({ mode: "serial" });

const hour = 60 * 60 * 1000;

/** Records a backup as `npm run data -- backup` does once its file is in place, `ago` ms ago. */
function backupFinished(ago: number) {
  runOnServerDatabase(
    `INSERT INTO job_runs (job, succeeded_at) VALUES ('backup', ?)
     ON CONFLICT (job) DO UPDATE SET succeeded_at = excluded.succeeded_at`,
    Date.now() - ago,
  );
}

test("an administrator reads the site's health in words, and is told on every page when something needs someone", async ({
  page,
  browser,
}) => {
  // The night's backup did not run: the last finished 30 hours ago.
  backupFinished(30 * hour);
  await joinAsStaff(page, { admin: true, label: "Owner" });

  // Signed in, on the leads: told at once, with the way to the page.
  const notice = page.getByRole("link", { name: /health checks? needs? someone today/ });
  await expect(notice).toBeVisible();
  await page
    .getByRole("navigation", { name: "Workspace" })
    .getByRole("link", { name: "Health", exact: true })
    .click();
  await expect(page).toHaveURL(`${staffBaseURL}/staff/health`);
  await expect(page.getByRole("heading", { name: "Health", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Health · Staff workspace");
  await expect(page.getByText(/^\d+ things? needs? someone today\.$/)).toBeVisible();

  const checks = page.getByRole("list", { name: "Checks" });
  const backups = checks.getByRole("listitem", { name: "Backups" });
  await expect(backups.getByRole("heading", { name: "Backups", level: 2 })).toBeVisible();
  await expect(backups).toContainText("Needs someone today");
  await expect(backups).toContainText(
    "The last backup finished 30 hours ago: the nightly backup has stopped.",
  );
  await expect(backups).toContainText("site-backup.timer");
  // No mail server here: every message waits, and the page says so.
  const mail = checks.getByRole("listitem", { name: "E-mail leaving the site" });
  await expect(mail).toContainText("Needs someone today");
  await expect(mail).toContainText("E-mail is not set up");
  // The server purged when it started; nothing was given up; no form has failed.
  for (const name of ["Deleting old personal data", "Messages given up", "The forms"]) {
    await expect(checks.getByRole("listitem", { name })).toContainText("Fine");
  }
  await expect(checks.getByRole("listitem", { name: "Disk space" })).toContainText(
    /The server's disk is \d+% full\./,
  );
  // What needs someone comes first.
  await expect(checks.getByRole("listitem").first()).toContainText("Needs someone today");
  // The page says it in full: the notice of every other page is not repeated here.
  await expect(notice).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The backup runs again: the check is fine, with the figure.
  backupFinished(0);
  await page.reload();
  await expect(backups).toContainText("Fine");
  await expect(backups).toContainText("The last backup finished less than a minute ago.");

  // The same page without JavaScript.
  const plain = await browser.newContext({ baseURL: staffBaseURL, javaScriptEnabled: false });
  await plain.addCookies(await page.context().cookies());
  const noScript = await plain.newPage();
  await noScript.goto("/staff/health");
  await expect(noScript.getByRole("heading", { name: "Health", level: 1 })).toBeVisible();
  await expect(
    noScript.getByRole("list", { name: "Checks" }).getByRole("listitem", { name: "Backups" }),
  ).toContainText("The last backup finished less than a minute ago.");
  await plain.close();
});

test("a member of staff who is not an administrator has no Health link and is refused the page", async ({
  page,
}) => {
  await joinAsStaff(page, { label: "Colleague" });
  const nav = page.getByRole("navigation", { name: "Workspace" });
  await expect(nav.getByRole("link", { name: "Leads", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Health", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /someone today/ })).toHaveCount(0);
  const response = await page.goto("/staff/health");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Not allowed", level: 1 })).toBeVisible();
  await expect(page.getByText("Only an administrator can open this page.")).toBeVisible();
});
