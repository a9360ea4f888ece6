import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import { type Browser, expect, type Page } from "@playwright/test";
import { e2eDatabase, e2eDataDir, staffBaseURL } from "../../playwright.config";
import { type Database, openDatabase } from "../../server/db/database.ts";
import { invitationPath, invite } from "../../server/workspace/team.ts";
import { addVirtualAuthenticator } from "../support/passkeys.ts";
import { waitForHydration } from "./helpers";
import { runOnServerDatabase } from "./lead-helpers";

export { addVirtualAuthenticator, staffBaseURL };

/** Runs `npm run staff -- ...` against the e2e server's database; resolves to its standard output. */
export function staffCli(...args: string[]): string {
  return execFileSync(process.execPath, ["scripts/staff.ts", ...args], {
    env: {
      ...process.env,
      DATABASE_URL: e2eDatabase,
      DATA_DIR: e2eDataDir,
      PORT: new URL(staffBaseURL).port,
      LOG_LEVEL: "silent",
    },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  }).trim();
}

/** A unique member of staff for one test, so tests running side by side never share a person. */
export function newStaffIdentity(label = "Staff") {
  const id = randomBytes(4).toString("hex");
  return { email: `${label.toLowerCase()}-${id}@cottonopolis.example`, name: `${label} ${id}` };
}

let serverDatabase: Database | undefined;

/**
 * Invites someone as `npm run staff -- invite` does, with the command's own code run in this worker (the
 * command's start-up would add a second to every test that signs in; the staff-auth tests use the command
 * itself), and creates their passkey in this page; ends on /staff. They may manage vacancies unless
 * `vacancies` is false.
 */
export async function joinAsStaff(
  page: Page,
  options: { admin?: boolean; label?: string; vacancies?: boolean } = {},
) {
  const person = newStaffIdentity(options.label);
  serverDatabase ??= openDatabase(e2eDatabase);
  const { token } = await invite(
    serverDatabase,
    { email: person.email, name: person.name, admin: options.admin, vacancies: options.vacancies !== false },
    Date.now(),
  );
  if (token === null) throw new Error("A new identity already had an account");
  const link = `${staffBaseURL}${invitationPath(token)}`;
  expect(link).toMatch(new RegExp(`^${staffBaseURL}/staff/invitation/[\\w-]{43}$`));
  await addVirtualAuthenticator(page);
  await page.goto(link);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Create passkey" }).click();
  await expect(page).toHaveURL(`${staffBaseURL}/staff`);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  return { ...person, link };
}

/**
 * Invites someone already on the team again with `npm run staff -- invite`, which prints no link for them,
 * and resolves to the link e-mailed to their own address. No mail server runs here, so it is read from the
 * delivery queue, as they would read it in their inbox.
 */
export function inviteAgain(email: string): string {
  const printed = staffCli("invite", email);
  expect(printed).toContain(`${email} already has an account: we have e-mailed them a link`);
  expect(printed).not.toContain("/staff/invitation/");
  const db = new DatabaseSync(e2eDatabase, { readOnly: true });
  try {
    const mail = db
      .prepare(
        "SELECT to_address, body FROM outbox WHERE purpose = 'staff-security' AND to_address = ? ORDER BY id DESC LIMIT 1",
      )
      .get(email) as { to_address: string; body: string } | undefined;
    const path = /\/staff\/invitation\/[\w-]{43}/.exec(mail?.body ?? "")?.[0];
    if (!path) throw new Error(`No invitation was e-mailed to ${email}`);
    return `${staffBaseURL}${path}`;
  } finally {
    db.close();
  }
}

/** Moves a person's last passkey confirmation back in time, as if they had not used it for a while. */
export function ageConfirmation(email: string, minutes: number) {
  const changed = runOnServerDatabase(
    `UPDATE sessions SET confirmed_at = confirmed_at - ${minutes * 60 * 1000}
     WHERE staff_id = (SELECT id FROM staff WHERE email = ?)`,
    email,
  );
  expect(changed, "the person has a session").toBeGreaterThan(0);
}

/** A second window on the same signed-in session with JavaScript off, as a member of staff whose scripts fail. */
export async function withoutJavaScript(browser: Browser, page: Page) {
  const context = await browser.newContext({
    baseURL: staffBaseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  return { context, page: await context.newPage() };
}
