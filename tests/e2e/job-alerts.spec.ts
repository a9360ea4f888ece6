import { DatabaseSync } from "node:sqlite";
import { type Browser, expect, test } from "@playwright/test";
import { e2eDatabase } from "../../playwright.config";
import { expectNoAxeViolations } from "./helpers";
import { openedAMinuteAgo, uniqueTag } from "./lead-helpers";

// Job alerts as a new user meets them, on a phone with JavaScript off: sign up from the vacancies page,
// confirm from the queued e-mail's link, change the choices, and leave; a mail program's one-click POST
// (RFC 8058) with no cookie; and axe on every page of it at phone and desktop widths. No mail server runs
// here, so the e-mails are read from the delivery queue.

test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

/** The newest e-mail of this purpose queued to an address. */
function newestMail(to: string, purpose: string): string {
  const db = new DatabaseSync(e2eDatabase, { readOnly: true });
  try {
    const row = db
      .prepare("SELECT body FROM outbox WHERE to_address = ? AND purpose = ? ORDER BY id DESC LIMIT 1")
      .get(to, purpose) as { body: string } | undefined;
    if (!row) throw new Error(`No ${purpose} e-mail was queued to ${to}`);
    return row.body;
  } finally {
    db.close();
  }
}

/** The alert's id behind an address, to make its unsubscribe link as the alert e-mails carry it. */
function pathIn(body: string, path: string): string {
  const found = new RegExp(`https?://[^/\\s]+(${path}\\?link=\\S+)`).exec(body)?.[1];
  if (!found) throw new Error(`The e-mail carries no ${path} link`);
  return found;
}

/** axe on a page at phone and desktop widths, in a window with JavaScript on (axe runs in the page). */
async function axeAtBothWidths(browser: Browser, path: string) {
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const page = await context.newPage();
    await page.goto(path);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
    }
  } finally {
    await context.close();
  }
}

test("sign up without JavaScript, confirm from the e-mail, change the choices and leave", async ({
  page,
  browser,
}) => {
  const email = `alerts-${uniqueTag()}@example.com`.toLowerCase();
  await page.goto("/careers/vacancies");
  const form = page.getByRole("region", { name: "Get new jobs by e-mail" });
  await axeAtBothWidths(browser, "/careers/vacancies");
  await form.getByLabel("E-mail address").fill(email);
  await form.getByLabel("Steward Staff").check();
  await form.getByLabel("Temporary").check();
  await form.getByLabel("Once a day").check();
  // The form's time token: a person takes a few seconds to fill it in.
  await openedAMinuteAgo(page, "careers");
  await form.getByRole("button", { name: "Send me job alerts" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  const confirm = pathIn(newestMail(email, "alert-confirm"), "/careers/alerts/confirm");
  await page.goto(confirm);
  await expect(page.getByRole("heading", { name: "Confirm your job alerts" })).toBeVisible();
  await axeAtBothWidths(browser, confirm);
  await page.getByRole("button", { name: "Confirm my job alerts" }).click();
  await expect(page.getByRole("heading", { name: "Your job alerts have started" })).toBeVisible();

  // The same address again: the same answer, and the address is told, not the page.
  await page.goto("/careers/alerts");
  await page.getByLabel("E-mail address").fill(email);
  await openedAMinuteAgo(page, "careers");
  await page.getByRole("button", { name: "Send me job alerts" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  const manage = pathIn(newestMail(email, "alert-confirm"), "/careers/alerts/manage");

  await page.goto(manage);
  await expect(page.getByRole("heading", { name: "Your job alerts" })).toBeVisible();
  await axeAtBothWidths(browser, manage);
  await page.getByLabel("Professional Cleaning").check();
  await page.getByRole("button", { name: "Save my choices" }).click();
  await expect(page.getByText("Saved: your job alerts now follow your new choices.")).toBeVisible();
  // Leaving asks first. A post without the confirmation changes nothing; nor does asking, or "No".
  const unconfirmed = await page.request.post(manage, { form: { intent: "leave" } });
  expect(unconfirmed.status()).toBe(400);
  expect(await unconfirmed.text()).toContain("Nothing has changed: choose “Yes, stop my alerts” to confirm.");
  const withScript = await browser.newContext({ javaScriptEnabled: true });
  try {
    const scripted = await withScript.newPage();
    await scripted.goto(manage);
    await scripted.getByRole("button", { name: "Leave job alerts" }).click();
    await expect(scripted.getByRole("heading", { level: 1, name: "Stop your job alerts?" })).toBeVisible();
    await expectNoAxeViolations(scripted);
    await scripted.getByRole("link", { name: "No, keep them" }).click();
    await expect(scripted.getByRole("heading", { level: 1, name: "Your job alerts" })).toBeVisible();
  } finally {
    await withScript.close();
  }
  await page.getByRole("button", { name: "Leave job alerts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Stop your job alerts?" })).toBeVisible();
  await page.getByRole("link", { name: "No, keep them" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your job alerts" })).toBeVisible();
  await page.getByRole("button", { name: "Leave job alerts" }).click();
  await page.getByRole("button", { name: "Yes, stop my alerts" }).click();
  await expect(page.getByRole("heading", { name: "You have left our job alerts" })).toBeVisible();
  await page.goto(manage);
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
});

/** How many e-mails of this purpose were queued to an address. */
function mailsQueued(to: string, purpose: string): number {
  const db = new DatabaseSync(e2eDatabase, { readOnly: true });
  try {
    const row = db
      .prepare("SELECT COUNT(*) AS n FROM outbox WHERE to_address = ? AND purpose = ?")
      .get(to, purpose) as { n: number };
    return Number(row.n);
  } finally {
    db.close();
  }
}

test("the alert form has the application form's controls; check your inbox names the address and sends the link again; confirming shows the choices and where next", async ({
  page,
  browser,
}) => {
  await page.goto("/careers/alerts");
  // The application form's radio buttons and check boxes: the brand's colour, 40 px.
  const box = page.getByLabel("Steward Staff");
  await expect(box).toHaveCSS("accent-color", "rgb(11, 107, 98)");
  await expect(box).toHaveCSS("width", "40px");
  await expect(page.getByLabel("Once a day")).toHaveCSS("accent-color", "rgb(11, 107, 98)");
  await expect(page.getByLabel("Town or postcode district (optional)")).toHaveAttribute("type", "text");
  // Fields as wide as what they hold, not the page's width.
  await page.setViewportSize({ width: 1366, height: 900 });
  expect((await page.getByLabel("E-mail address").boundingBox())?.width).toBeLessThanOrEqual(448);
  await page.setViewportSize({ width: 390, height: 844 });

  const email = `resend-${uniqueTag()}@example.com`.toLowerCase();
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Steward Staff").check();
  await openedAMinuteAgo(page, "careers");
  await page.getByRole("button", { name: "Send me job alerts" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(`We have sent an e-mail to ${email}`);
  // Said once, as the heading.
  await expect(page.getByText("Check your inbox")).toHaveCount(1);
  expect(mailsQueued(email, "alert-confirm")).toBe(1);

  await page.getByRole("button", { name: "Send the link again" }).click();
  await expect(page.getByRole("status")).toContainText("we have sent its link again");
  expect(mailsQueued(email, "alert-confirm")).toBe(2);

  // The link sent again confirms the sign-up.
  await page.goto(pathIn(newestMail(email, "alert-confirm"), "/careers/alerts/confirm"));
  await page.getByRole("button", { name: "Confirm my job alerts" }).click();
  await expect(page.getByRole("heading", { name: "Your job alerts have started" })).toBeVisible();
  await expect(page.locator("main").getByText(/^Steward Staff; any employment type/)).toBeVisible();
  await expect(page.getByRole("link", { name: "See the jobs open now" })).toHaveAttribute(
    "href",
    "/careers/vacancies",
  );

  // axe on "check your inbox", which only a post reaches, at both widths.
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const scripted = await context.newPage();
    await scripted.goto("/careers/alerts");
    await scripted.getByLabel("E-mail address").fill(`axe-${uniqueTag()}@example.com`);
    await openedAMinuteAgo(scripted, "careers");
    await scripted.getByRole("button", { name: "Send me job alerts" }).click();
    await expect(scripted.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    for (const width of [390, 1366]) {
      await scripted.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(scripted);
    }
  } finally {
    await context.close();
  }
});

test("a mail program leaves with one bare POST, no cookie and no page", async ({
  page,
  request,
  browser,
}) => {
  const email = `oneclick-${uniqueTag()}@example.com`.toLowerCase();
  await page.goto("/careers/alerts");
  await page.getByLabel("E-mail address").fill(email);
  await openedAMinuteAgo(page, "careers");
  await page.getByRole("button", { name: "Send me job alerts" }).click();
  await page.goto(pathIn(newestMail(email, "alert-confirm"), "/careers/alerts/confirm"));
  await page.getByRole("button", { name: "Confirm my job alerts" }).click();
  // The same address again brings the manage link; the unsubscribe page's link is built the same way.
  await page.goto("/careers/alerts");
  await page.getByLabel("E-mail address").fill(email);
  await openedAMinuteAgo(page, "careers");
  await page.getByRole("button", { name: "Send me job alerts" }).click();
  const unsubscribe = pathIn(newestMail(email, "alert-confirm"), "/careers/alerts/unsubscribe");
  const db = new DatabaseSync(e2eDatabase, { readOnly: true });
  const count = () =>
    Number(
      (db.prepare("SELECT COUNT(*) AS n FROM job_alerts WHERE email = ?").get(email) as { n: number }).n,
    );
  const oneClick = (path: string) =>
    request.post(path, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: "List-Unsubscribe=One-Click",
    });
  try {
    expect(count()).toBe(1);
    // The unsubscribe page shows a "Leave" button (axe at both widths); opening it changes nothing.
    await page.goto(unsubscribe);
    await expect(page.getByRole("button", { name: "Leave" })).toBeVisible();
    await axeAtBothWidths(browser, unsubscribe);
    expect(count()).toBe(1);
    // An altered token: the same 200 and words, and nothing changes.
    const altered = await oneClick(unsubscribe.replace(/.$/, (c) => (c === "A" ? "B" : "A")));
    expect(altered.status()).toBe(200);
    expect(count()).toBe(1);
    const left = await oneClick(unsubscribe);
    expect(left.status()).toBe(200);
    expect(left.headers()["content-type"]).toContain("text/plain");
    expect(await left.text()).toBe(await altered.text());
    expect(count()).toBe(0);
  } finally {
    db.close();
  }
});
