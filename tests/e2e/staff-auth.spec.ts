import { expect, test } from "@playwright/test";
import { formatDateTime } from "#core/leads/model.ts";
import { expectNoAxeViolations, waitForHydration } from "./helpers";
import {
  addVirtualAuthenticator,
  inviteAgain,
  joinAsStaff,
  newStaffIdentity,
  staffBaseURL,
  staffCli,
} from "./staff-helpers";

test.use({ baseURL: staffBaseURL });

test("an invitation creates a passkey; Sign out ends the session; the passkey signs in again", async ({
  page,
  context,
}) => {
  const person = await joinAsStaff(page, { admin: true });

  const cookies = await context.cookies();
  const session = cookies.find((cookie) => cookie.name === "__Host-staff-session");
  expect(session, "the session cookie is __Host- prefixed").toBeDefined();
  expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
  const firstSessionValue = session?.value;

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${staffBaseURL}/staff/sign-in`);
  expect((await context.cookies()).find((cookie) => cookie.name === "__Host-staff-session")).toBeUndefined();
  await page.goto("/staff");
  await expect(page).toHaveURL(`${staffBaseURL}/staff/sign-in`);

  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(`${staffBaseURL}/staff`);
  await expect(page.getByText(person.name)).toBeVisible();
  const again = (await context.cookies()).find((cookie) => cookie.name === "__Host-staff-session");
  expect(again?.value, "a new session id at every sign-in").not.toBe(firstSessionValue);

  // The invitation worked once.
  const reused = await page.goto(person.link);
  expect(reused?.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "This invitation no longer works" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create passkey" })).toHaveCount(0);
});

test("a sign-in after the session is taken to the page that was asked for", async ({ page }) => {
  await joinAsStaff(page, { admin: true });
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${staffBaseURL}/staff/sign-in`);
  await page.goto("/staff/team");
  await expect(page).toHaveURL(`${staffBaseURL}/staff/sign-in?next=%2Fstaff%2Fteam`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(`${staffBaseURL}/staff/team`);
  await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
});

test("signing in through an invitation counts as the person's last sign-in on the Team page", async ({
  page,
}) => {
  const before = Date.now();
  const person = await joinAsStaff(page, { admin: true, label: "Newcomer" });
  const after = Date.now();
  await page.goto("/staff/team");
  const headers = await page.getByRole("columnheader").allTextContents();
  const column = headers.findIndex((header) => header.trim() === "Last sign-in");
  expect(column, "the Team table has a Last sign-in column").toBeGreaterThanOrEqual(0);
  const row = page
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: person.name, exact: true }) });
  await expect(row).toHaveCount(1);
  const lastSignIn = row.getByRole("cell").nth(column);
  await expect(lastSignIn).not.toHaveText("Never");
  // The moment the passkey was made, as staff read it (UK time, to the minute).
  const shown = (await lastSignIn.textContent())?.trim();
  expect([formatDateTime(before), formatDateTime(after)]).toContain(shown);
});

test("an admin invites and revokes at /staff/team; the revoked browser is signed out at once", async ({
  page,
  browser,
}) => {
  const person = await joinAsStaff(page, { admin: true, label: "Admin" });
  await page.getByRole("link", { name: "Team" }).click();
  await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  const colleague = newStaffIdentity("Colleague");
  await page.getByLabel("Full name").fill(colleague.name);
  await page.getByLabel("E-mail address").fill(colleague.email);
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  const link = await page.getByText(`${staffBaseURL}/staff/invitation/`).textContent();
  expect(link).toMatch(/\/staff\/invitation\/[\w-]{43}$/);

  const other = await browser.newContext({ baseURL: staffBaseURL });
  const theirs = await other.newPage();
  await addVirtualAuthenticator(theirs);
  await theirs.goto(link ?? "");
  await waitForHydration(theirs);
  await theirs.getByRole("button", { name: "Create passkey" }).click();
  await expect(theirs).toHaveURL(`${staffBaseURL}/staff`);
  // Not an administrator: no Team section; the same page shows only their own passkeys, and refuses
  // an invitation.
  await expect(theirs.getByRole("link", { name: "Team" })).toHaveCount(0);
  await theirs.getByRole("link", { name: "Your passkeys" }).click();
  await expect(theirs.getByRole("heading", { name: "Your passkeys", level: 1 })).toBeVisible();
  await expect(theirs.getByRole("button", { name: "Invite", exact: true })).toHaveCount(0);
  await expect(theirs.getByRole("main")).not.toContainText(person.email);
  const refused = await theirs.request.post("/staff/team", {
    form: { intent: "invite", email: "x@example.com", name: "X" },
    headers: { Origin: staffBaseURL },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);

  // Invited again, now that they have an account: their link goes to their own address, and the page
  // shows the administrator none.
  await page.reload();
  await page.getByLabel("Full name").fill(colleague.name);
  await page.getByLabel("E-mail address").fill(colleague.email);
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(page.getByRole("status")).toContainText(
    `${colleague.email} already has an account: we have e-mailed them a link to add a passkey.`,
  );
  await expect(page.getByText("/staff/invitation/")).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.reload();
  await page.getByRole("button", { name: `Revoke access for ${colleague.name}` }).click();
  await expect(page.getByText(`${colleague.email} can no longer sign in.`)).toBeVisible();
  expect(staffCli("list")).toMatch(new RegExp(`${colleague.email}\\t${colleague.name}\\tstaff\\trevoked`));

  await theirs.goto("/staff");
  await expect(theirs).toHaveURL(`${staffBaseURL}/staff/sign-in`);
  // Their passkey no longer opens the workspace either.
  await waitForHydration(theirs);
  await theirs.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(theirs.getByRole("alert")).toContainText("not registered here");
  await expect(theirs).toHaveURL(`${staffBaseURL}/staff/sign-in`);
  await other.close();
});

test("a lost passkey is removed at /staff/team: its sessions end, it no longer signs in, and a new invitation adds another", async ({
  page,
  browser,
}) => {
  // Two people, three passkey ceremonies and two accessibility scans: a long journey on a busy machine.
  test.slow();
  await joinAsStaff(page, { admin: true, label: "Admin" });
  const colleague = newStaffIdentity("Colleague");
  const other = await browser.newContext({ baseURL: staffBaseURL });
  const theirs = await other.newPage();
  await addVirtualAuthenticator(theirs);
  await theirs.goto(staffCli("invite", colleague.email, "--name", colleague.name));
  await waitForHydration(theirs);
  await theirs.getByRole("button", { name: "Create passkey" }).click();
  await expect(theirs).toHaveURL(`${staffBaseURL}/staff`);

  // Their own page: one passkey, which they cannot remove themselves (it is their only way in).
  await theirs.getByRole("link", { name: "Your passkeys" }).click();
  const own = theirs.getByRole("main");
  await expect(own.getByText("Passkey 1", { exact: true })).toBeVisible();
  await expect(own.getByText(/^Created \d/)).toBeVisible();
  await expect(own.getByText(/^Last used \d/)).toBeVisible();
  await expect(own.getByText("Your only passkey")).toBeVisible();
  await expect(own.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await expectNoAxeViolations(theirs);

  await page.goto("/staff/team");
  const members = page.getByRole("region", { name: "Members of staff" });
  const row = members.getByRole("row").filter({ hasText: colleague.email });
  await expect(row).toContainText("Passkey 1");
  // The button reads "Remove"; its accessible name also says whose passkey, and which.
  const remove = row.getByRole("button", { name: `Remove passkey 1 of ${colleague.name}` });
  expect(await remove.evaluate((button) => button.firstChild?.textContent)).toBe("Remove");
  await page.setViewportSize({ width: 360, height: 740 });
  // The page itself never scrolls sideways; the table scrolls within its own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);

  await remove.click();
  await expect(page.getByRole("status")).toContainText(
    `${colleague.name}'s passkey was removed, and the sessions it opened have ended. ${colleague.name} has no passkey now`,
  );
  await expect(members.getByRole("row").filter({ hasText: colleague.email })).toContainText("None");

  // Their browser is signed out at once, and the passkey it holds no longer signs in.
  await theirs.goto("/staff");
  await expect(theirs).toHaveURL(`${staffBaseURL}/staff/sign-in`);
  await waitForHydration(theirs);
  await theirs.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(theirs.getByRole("alert")).toContainText("not registered here");
  await expect(theirs).toHaveURL(`${staffBaseURL}/staff/sign-in`);

  // Invited again, they add a new passkey on their new device from the link e-mailed to them, and are back in.
  await theirs.goto(inviteAgain(colleague.email));
  await waitForHydration(theirs);
  await theirs.getByRole("button", { name: "Create passkey" }).click();
  await expect(theirs).toHaveURL(`${staffBaseURL}/staff`);
  await page.reload();
  await expect(members.getByRole("row").filter({ hasText: colleague.email })).toContainText("Passkey 1");
  await other.close();
});

test("each person removes their own passkeys, and the browser a removed one opened is signed out", async ({
  page,
  browser,
}) => {
  const person = await joinAsStaff(page);
  // A second device: another browser with its own authenticator, from a new invitation.
  const laptop = await browser.newContext({ baseURL: staffBaseURL });
  const onLaptop = await laptop.newPage();
  await addVirtualAuthenticator(onLaptop);
  await onLaptop.goto(inviteAgain(person.email));
  await waitForHydration(onLaptop);
  await onLaptop.getByRole("button", { name: "Create passkey" }).click();
  await expect(onLaptop).toHaveURL(`${staffBaseURL}/staff`);

  await page.getByRole("link", { name: "Your passkeys" }).click();
  await expect(page.getByRole("button", { name: /^Remove passkey/ })).toHaveCount(2);
  await page.getByRole("button", { name: `Remove passkey 2 of ${person.name}` }).click();
  await expect(page.getByRole("status")).toContainText(
    "Your passkey was removed, and the sessions it opened have ended.",
  );
  await expect(page.getByText("Your only passkey")).toBeVisible();

  await onLaptop.goto("/staff");
  await expect(onLaptop).toHaveURL(`${staffBaseURL}/staff/sign-in`);
  await page.goto("/staff");
  await expect(
    page.getByRole("button", { name: "Sign out" }),
    "this browser's passkey still works",
  ).toBeVisible();
  await laptop.close();
});

test("the sign-in and invitation pages are accessible and say why a passkey needs JavaScript", async ({
  page,
  browser,
}) => {
  await page.goto("/staff/sign-in");
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
  await expect(page.getByLabel("Work e-mail")).toHaveAttribute("autocomplete", "username webauthn");
  await expectNoAxeViolations(page);

  const person = newStaffIdentity();
  const link = staffCli("invite", person.email, "--name", person.name);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: `Welcome, ${person.name}` })).toBeVisible();
  await expectNoAxeViolations(page);

  const noScript = await browser.newContext({ baseURL: staffBaseURL, javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto("/staff/sign-in");
  await plain.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(plain.getByRole("alert")).toContainText("needs JavaScript");
  await noScript.close();
});

test("signed out, every workspace page redirects to sign in with 303", async ({ request }) => {
  for (const path of ["/staff", "/staff/team", "/staff/confirm", "/staff/leads/ENQ-0000-0000"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(303);
    expect(response.headers().location, path).toMatch(/^\/staff\/sign-in/);
  }
  const post = await request.post("/staff/team", {
    maxRedirects: 0,
    form: { intent: "invite", email: "x@example.com", name: "X" },
    headers: { Origin: staffBaseURL },
  });
  expect(post.status()).toBe(303);
});

test("workspace responses are never indexed or cached, and cross-site posts are refused", async ({
  request,
}) => {
  const page = await request.get("/staff/sign-in");
  expect(page.headers()["x-robots-tag"]).toContain("noindex");
  expect(page.headers()["cache-control"]).toBe("no-store");
  expect(page.headers()["permissions-policy"]).toContain("publickey-credentials-get=(self)");

  const foreign: Record<string, string>[] = [
    { Origin: "https://evil.example" },
    { "Sec-Fetch-Site": "cross-site", Origin: staffBaseURL },
    { "Sec-Fetch-Site": "same-site", Origin: "https://staff.example" },
    { Origin: "null" },
  ];
  for (const headers of foreign) {
    for (const path of ["/staff/sign-out", "/staff/passkey", "/staff/team"]) {
      const response = await request.post(path, { headers, data: {}, maxRedirects: 0 });
      expect(response.status(), `${path} ${JSON.stringify(headers)}`).toBe(403);
    }
  }
  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toContain("Disallow: /staff");
  const sitemap = await request.get("/sitemap.xml");
  expect(await sitemap.text()).not.toContain("/staff");
});
