import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, waitForHydration } from "./helpers";
import {
  addVirtualAuthenticator,
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

test("an admin invites and revokes at /staff/team; the revoked browser is signed out at once", async ({
  page,
  browser,
}) => {
  await joinAsStaff(page, { admin: true, label: "Admin" });
  await page.getByRole("link", { name: "Team" }).click();
  await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  const colleague = newStaffIdentity("Colleague");
  await page.getByLabel("Full name").fill(colleague.name);
  await page.getByLabel("E-mail address").fill(colleague.email);
  await page.getByRole("button", { name: "Invite" }).click();
  const link = await page.getByText(`${staffBaseURL}/staff/invitation/`).textContent();
  expect(link).toMatch(/\/staff\/invitation\/[\w-]{43}$/);

  const other = await browser.newContext({ baseURL: staffBaseURL });
  const theirs = await other.newPage();
  await addVirtualAuthenticator(theirs);
  await theirs.goto(link ?? "");
  await waitForHydration(theirs);
  await theirs.getByRole("button", { name: "Create passkey" }).click();
  await expect(theirs).toHaveURL(`${staffBaseURL}/staff`);
  // Not an administrator: no Team section, and the page itself refuses.
  await expect(theirs.getByRole("link", { name: "Team" })).toHaveCount(0);
  const refused = await theirs.goto("/staff/team");
  expect(refused?.status()).toBe(403);

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
