// Mail that does not arrive, as staff meet it: an applicant invited to an interview at an address that
// bounces. The production server runs with a real SMTP server on loopback (which keeps what it
// receives) and a real IMAP server, Debian's Dovecot, holding the bounce mailbox; the bounce is a
// delivery-status report of the shape Gmail sends. Within a minute the lead page, the inbox's row and the
// Interviews page say the invitation was not delivered and why, the lead's owner has an e-mail saying so,
// nothing more goes to the address, and a corrected address gets the invitation again in one step.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { issueFormToken } from "#core/forms/form-token.server.ts";
import { formTokenField } from "#core/forms/form-token.ts";
import { openDatabase } from "../../server/db/database.ts";
import { invitationPath, invite } from "../../server/workspace/team.ts";
import { bounceFixture } from "../support/bounces.ts";
import { startDovecot, type TestDovecot } from "../support/dovecot.ts";
import { type ServerProcess, startServerProcess, TestSmtp } from "../support/harness.ts";
import { addVirtualAuthenticator } from "../support/passkeys.ts";
import { expectNoAxeViolations, waitForHydration } from "./helpers";
import { sampleFiles, uniqueTag } from "./lead-helpers";
import { londonDay } from "./vacancy-helpers";

// What the task promises: a bounce shows within a minute.
const withinAMinute = { timeout: 60_000, intervals: [500, 1000, 2000] };

/** A free port on loopback: the workspace's passkeys need its address (localhost and the port) up front. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

let smtp: TestSmtp;
let dovecot: TestDovecot;
let server: ServerProcess;
let dataDir: string;
let siteUrl: string;
const secret = randomBytes(32).toString("hex");
const team = "recruitment@cottonopolis.example";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = new TestSmtp();
  await smtp.start();
  dovecot = await startDovecot();
  dataDir = mkdtempSync(path.join(tmpdir(), "bounces-e2e-"));
  const port = await freePort();
  siteUrl = `http://localhost:${port}`;
  server = await startServerProcess(
    {
      PORT: String(port),
      PUBLIC_URL: siteUrl,
      DATABASE_URL: path.join(dataDir, "site.sqlite"),
      DATA_DIR: dataDir,
      FORM_RESULT_SECRET: secret,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      APPLICATIONS_TO: team,
      BOUNCE_ADDRESS: "bounces@cottonopolis.example",
      BOUNCE_IMAP_URL: dovecot.url,
      // Read often, so the test does not wait out the production interval of 30 s.
      BOUNCE_POLL_MS: "2000",
      PASSKEY_CHALLENGE_LIMIT: "10000",
    },
    60_000,
    { pages: true },
  );
});

test.afterAll(async () => {
  await server?.stop();
  await dovecot?.stop();
  await smtp?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("an interview invitation that bounces is shown as not delivered, the owner is told, and a corrected address gets it again", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const wrong = `zoe.${tag}@example.com`;
  const right = `zoe.${tag}@example.co.uk`;

  // An application, as the careers form sends it.
  const api = await playwrightRequest.newContext({ baseURL: siteUrl });
  const posted = await api.post("/careers-handler.php", {
    multipart: {
      firstName: "Zoë",
      lastName: tag,
      email: wrong,
      phone: "07700 900123",
      address: "12 Jersey Street, Manchester M4 6JB",
      hasCarQuestion: "yes",
      hasUKLicense: "no",
      rightToWork: "yes",
      niNumber: "AB 12 34 56 C",
      [formTokenField]: issueFormToken("careers", secret, Date.now() - 60_000),
      resume: { name: "Zoe CV.pdf", mimeType: "application/pdf", buffer: sampleFiles.pdf },
    },
  });
  expect(posted.status()).toBe(200);
  const reference = /APP-[0-9A-Z]{6}/.exec(((await posted.json()) as { message: string }).message)?.[0] ?? "";
  await api.dispose();

  // A recruiter signs in with a passkey, as a new member of staff does.
  const db = openDatabase(path.join(dataDir, "site.sqlite"));
  const me = { email: `recruiter-${tag}@cottonopolis.example`, name: `Recruiter ${tag}` };
  const { token } = await invite(db, { ...me, vacancies: true }, Date.now());
  await db.close();
  await addVirtualAuthenticator(page);
  await page.goto(`${siteUrl}${invitationPath(token ?? "")}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Create passkey" }).click();
  await expect(page).toHaveURL(`${siteUrl}/staff`);

  // They take the lead and invite the applicant to an interview.
  await page.goto(`${siteUrl}/staff/leads/${reference}`);
  await waitForHydration(page);
  await page.getByLabel("Owner").selectOption({ label: me.name });
  await page.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByRole("status")).toContainText(`Owner saved: ${me.name}.`);
  const card = page.getByRole("region", { name: "Interview", exact: true });
  const form = card.locator("details").filter({ hasText: "Invite to interview" });
  if ((await form.getAttribute("open")) === null) await form.locator("summary").click();
  await form.getByLabel("Date").fill(londonDay(3));
  await form.getByLabel("Start time (UK)").fill("10:00");
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toContainText("Invitation queued to be sent");

  // The mail server takes the invitation: it left with a return address of its own.
  await expect
    .poll(() => smtp.messages.filter((mail) => mail.envelopeTo.includes(wrong)).length, withinAMinute)
    .toBeGreaterThanOrEqual(2);
  const invitation = smtp.messages.find(
    (mail) => mail.envelopeTo.includes(wrong) && mail.parsed.subject?.startsWith("Interview invitation"),
  );
  expect(invitation?.envelopeFrom).toMatch(/^bounces\+[0-9a-f]{32}\.[0-9a-f]{12}@cottonopolis\.example$/);
  // Each e-mail the applicant got is HTML and plain text together, with the same links in both.
  for (const mail of smtp.messages.filter((received) => received.envelopeTo.includes(wrong))) {
    const { html, text = "", subject } = mail.parsed;
    expect(typeof html, subject).toBe("string");
    const hrefs = [...String(html).matchAll(/href="(https?:[^"]+)"/g)].map((m) =>
      (m[1] ?? "").replaceAll("&amp;", "&"),
    );
    const links = [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0].replace(/[.,;:)]+$/, ""));
    expect(links.length, subject).toBeGreaterThan(0);
    expect(new Set(hrefs), subject).toEqual(new Set(links));
  }
  const messageId = /^<([0-9a-f-]{36})@/.exec(invitation?.parsed.messageId ?? "")?.[1] ?? "";

  // Gmail's report arrives in the bounce mailbox.
  await dovecot.deliver(
    bounceFixture("gmail-unknown-user", {
      returnPath: invitation?.envelopeFrom ?? "",
      recipient: wrong,
      messageId,
    }),
  );

  // Within a minute the lead page says so, by the message, in red, with the server's words.
  await expect
    .poll(async () => {
      await page.reload();
      return page.getByRole("region", { name: "E-mails" }).textContent();
    }, withinAMinute)
    .toContain("Not delivered");
  const mails = page.getByRole("region", { name: "E-mails" });
  await expect(
    mails.getByText(/^Not delivered: could not be delivered: 550-5\.1\.1 The email account/),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText(
    "The interview invitation could not be delivered: 550-5.1.1",
  );
  await expect(card).toContainText("Invitation not delivered: 550-5.1.1");
  await expect(page.getByRole("heading", { name: "Their e-mail address bounced" })).toBeVisible();
  expect(await dovecot.count()).toBe(0);
  // The page with the bounce shown, and its correction form, is as usable as the rest of the workspace.
  await expectNoAxeViolations(page);

  // The inbox's row and the Interviews page say so too.
  await page.goto(`${siteUrl}/staff?q=${tag}`);
  await expect(page.getByRole("row", { name: new RegExp(reference) })).toContainText(
    "Not delivered: an e-mail to them bounced",
  );
  await page.goto(`${siteUrl}/staff/interviews`);
  await expect(page.getByRole("listitem").filter({ hasText: reference })).toContainText(
    "Invitation not delivered: 550-5.1.1",
  );

  // The owner has an e-mail saying so, with the link to the lead.
  const toOwner = () =>
    smtp.messages.find(
      (mail) => mail.envelopeTo.includes(me.email) && mail.parsed.subject?.startsWith("Not delivered"),
    );
  await expect.poll(() => toOwner() !== undefined, withinAMinute).toBe(true);
  const notice = toOwner();
  expect(notice?.parsed.subject).toBe(`Not delivered: the interview invitation (${reference})`);
  expect(notice?.parsed.text).toContain(`${siteUrl}/staff/leads/${reference}`);

  // Nothing more goes to the bounced address: a reply to it is refused, not sent.
  await page.goto(`${siteUrl}/staff/leads/${reference}`);
  await waitForHydration(page);
  const before = smtp.messages.filter((mail) => mail.envelopeTo.includes(wrong)).length;
  await page.locator("#reply-subject").fill("Your interview");
  await page.locator("#reply-body").fill("Please call us to confirm.");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByRole("status")).toContainText("Reply queued");
  await expect
    .poll(async () => {
      await page.reload();
      return page.getByRole("region", { name: "E-mails" }).textContent();
    }, withinAMinute)
    .toContain("Not sent: this address bounced");
  expect(smtp.messages.filter((mail) => mail.envelopeTo.includes(wrong)).length).toBe(before);

  // Staff correct the address and send again, in one step.
  await page.getByLabel("Corrected e-mail address").fill(right);
  await page.getByRole("button", { name: "Save and send again" }).click();
  await expect(page.getByRole("status")).toContainText(
    "Address corrected; the interview invitation is queued to be sent to it again.",
  );
  await expect(page.getByRole("heading", { name: "Their e-mail address bounced" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText(
    "E-mail address corrected after a bounce; 1 interview invitation sent again",
  );
  await expect
    .poll(() => smtp.messages.some((mail) => mail.envelopeTo.includes(right)), withinAMinute)
    .toBe(true);
  const again = smtp.messages.find((mail) => mail.envelopeTo.includes(right));
  expect(again?.parsed.subject).toMatch(/^Interview invitation: /);
  expect(again?.raw).toContain("SEQUENCE:1");
  expect(smtp.messages.filter((mail) => mail.envelopeTo.includes(wrong)).length).toBe(before);
});
