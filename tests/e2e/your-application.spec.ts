import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { e2eDatabase, e2eDataDir } from "../../playwright.config";
import { applicantLinkKey, signApplicantLink } from "../../server/protection/applicant-link.ts";
import { expectNoAxeViolations, waitForHydration } from "./helpers";
import { sampleFiles, sendApplication } from "./lead-helpers";
import { fillApplication } from "./vacancy-helpers";

// The applicant's own page, opened from the link in their acknowledgement (read from the delivery queue:
// this server sends no mail), with JavaScript and without it, on a phone and on a desktop: keep me on
// file, answer an interview, replace the CV, withdraw and erase each work; a link that does not work
// shows nothing and changes nothing; a GET changes nothing; axe finds nothing in any state.

/** Reads rows from the e2e server's SQLite file. */
function query<T>(sql: string, ...params: SQLInputValue[]): T[] {
  const db = new DatabaseSync(e2eDatabase);
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Runs one statement on the e2e server's SQLite file. */
function run(sql: string, ...params: SQLInputValue[]): void {
  const db = new DatabaseSync(e2eDatabase);
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/** The page's address (path and query) in the acknowledgement an application got. */
function linkFromAcknowledgement(reference: string): string {
  const [ack] = query<{ body: string }>(
    "SELECT body FROM outbox WHERE reference = ? AND purpose = 'acknowledgement'",
    reference,
  );
  const found = /https?:\/\/[^/\s]+(\/your-application\?link=\S+)/.exec(ack?.body ?? "")?.[1];
  if (!found) throw new Error(`No link in the acknowledgement of ${reference}`);
  return found;
}

/** A link for `reference` signed with this server's own key, working until `expiresAt`. */
function signedLink(reference: string, expiresAt: number): string {
  const keys = JSON.parse(readFileSync(path.join(e2eDataDir, "keys.json"), "utf8")) as {
    resultSecret: string;
  };
  const [row] = query<{ link_nonce: string }>(
    "SELECT link_nonce FROM applications WHERE reference = ?",
    reference,
  );
  const application = { reference, linkNonce: row?.link_nonce ?? "" };
  const token = signApplicantLink(applicantLinkKey(keys.resultSecret), application, expiresAt);
  return `/your-application?link=${token}`;
}

/** An application sent through the careers form's endpoint, and the link its acknowledgement carries. */
async function applied(request: APIRequestContext) {
  const reference = await sendApplication(request);
  return { reference, link: linkFromAcknowledgement(reference) };
}

function application(reference: string) {
  const [row] = query<{ status: string; keep_consent_at: number | null }>(
    "SELECT status, keep_consent_at FROM applications WHERE reference = ?",
    reference,
  );
  return row ?? null;
}

/** What is held about an application, to compare before and after. */
function footprint(reference: string): string {
  return JSON.stringify([
    query("SELECT * FROM applications WHERE reference = ?", reference),
    query("SELECT action, detail FROM audit_log WHERE reference = ? ORDER BY id", reference),
    query("SELECT purpose FROM outbox WHERE reference = ? ORDER BY id", reference),
    query(
      "SELECT d.file_name FROM documents d JOIN applications a ON a.id = d.application_id WHERE a.reference = ?",
      reference,
    ),
  ]);
}

/** Books an interview two days ahead, as the workspace stores one. */
function bookInterview(reference: string): void {
  const now = Date.now();
  run(
    `INSERT INTO interviews (uid, reference, starts_at, minutes, place_kind, place, meet_with, note, sequence,
       status, created_at, updated_at)
     VALUES (?, ?, ?, 45, 'office', 'Suite 4, 52 Mosley Street, Manchester M2 3HZ, United Kingdom', 'Priya Shah',
       'Bring your passport or share code.', 0, 'scheduled', ?, ?)`,
    `${randomUUID()}@cottonopolis.example`,
    reference,
    now + 2 * 24 * 60 * 60 * 1000,
    now,
    now,
  );
}

/**
 * axe runs as a script, so only where scripts do: the pages without JavaScript are the same server
 * render, checked in the runs with it.
 */
async function expectAccessible(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expectNoAxeViolations(page);
}

const banner = (page: Page) => page.locator("main [role=status], main [role=alert]").first();

const modes = [
  { name: "with JavaScript", javaScriptEnabled: true },
  { name: "without JavaScript", javaScriptEnabled: false },
] as const;

const widths = [390, 1366] as const;

async function open(browser: Browser, javaScriptEnabled: boolean, width: number, link: string) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
  const page = await context.newPage();
  const response = await page.goto(link);
  if (javaScriptEnabled) await waitForHydration(page);
  return { context, page, response };
}

test("a link from the careers form's acknowledgement opens the page, sent with no-store and no-referrer", async ({
  page,
}) => {
  await page.goto("/careers");
  const form = page.locator("#application-form form");
  await fillApplication(form, "Tomasz", {
    email: `tomasz.${randomUUID().slice(0, 8)}@example.com`,
    cvName: "Tomasz Nowak CV.pdf",
  });
  await form.getByRole("button", { name: "Submit Application" }).click();
  const status = page.locator("#application-form").getByRole("status");
  await expect(status).toContainText(/Your reference is APP-/);
  const reference = /APP-[0-9A-Z]{6}/.exec((await status.textContent()) ?? "")?.[0] ?? "";

  const beacons: string[] = [];
  page.on("request", (sent) => {
    if (new URL(sent.url()).pathname === "/api/page-view") beacons.push(sent.postData() ?? "");
  });
  const response = await page.goto(linkFromAcknowledgement(reference));
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers["referrer-policy"]).toBe("no-referrer");
  expect(headers["cache-control"]).toBe("no-store");
  expect(headers["content-security-policy"]).toContain("script-src 'self' 'nonce-");
  await expect(page.getByRole("heading", { level: 1, name: "Hello Tomasz" })).toBeVisible();
  await expect(page.getByText(`Your general application ${reference}`)).toBeVisible();
  await expect(page.getByText("Tomasz Nowak CV.pdf")).toBeVisible();
  // Never the NI number.
  await expect(page.locator("body")).not.toContainText(/AB ?12 ?34 ?56 ?C/i);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");

  // The visit counts never hear of this page, so its link goes nowhere, not even to our own server.
  await waitForHydration(page);
  const counted = page.waitForRequest((sent) => new URL(sent.url()).pathname === "/api/page-view");
  await page.getByRole("banner").getByRole("link", { name: "About" }).first().click();
  await counted;
  const pages = beacons.map((body) => (JSON.parse(body) as { page: string }).page);
  expect(pages).toContain("/about");
  expect(pages.filter((counted) => counted.startsWith("/your-application"))).toEqual([]);
  expect(beacons.join("\n")).not.toContain("link=");
});

for (const width of widths) {
  for (const mode of modes) {
    test(`${mode.name} at ${width} px: keep me on file, answer the interview, replace the CV and withdraw`, async ({
      browser,
      request,
    }) => {
      const { reference, link } = await applied(request);
      bookInterview(reference);
      const { context, page } = await open(browser, mode.javaScriptEnabled, width, link);
      await expect(page.getByRole("heading", { level: 2, name: "Your interview" })).toBeVisible();
      await expectAccessible(page, mode.javaScriptEnabled);

      await page.getByRole("button", { name: "Keep me on file" }).click();
      await expect(banner(page)).toContainText("You are in our talent pool until");
      await expect(banner(page)).toHaveAttribute("role", "status");
      expect(application(reference)?.keep_consent_at).not.toBeNull();
      await expect(page.getByRole("button", { name: "Take me off file" })).toBeVisible();
      await expectAccessible(page, mode.javaScriptEnabled);

      // One way to answer with JavaScript, the other without: both are plain forms.
      if (!mode.javaScriptEnabled) {
        await page
          .getByLabel("Which days or times would suit you better?")
          .fill("Any weekday morning after the 10th, please.");
        await page.getByRole("button", { name: "I need another time" }).click();
        await expect(banner(page)).toContainText("need another time");
        await expect(page.getByText("You told us you need another time")).toBeVisible();
      } else {
        await page.getByRole("button", { name: "I’ll be there" }).click();
        await expect(banner(page)).toContainText("our team can see you will be there");
        await expect(page.getByText("You told us you will be there.")).toBeVisible();
      }
      const [answered] = query<{ action: string }>(
        "SELECT action FROM audit_log WHERE reference = ? AND action = 'interview-answered'",
        reference,
      );
      expect(answered?.action).toBe("interview-answered");
      await expectAccessible(page, mode.javaScriptEnabled);

      // A file that is not a CV is refused, in an alert linked to the field; then the real one is taken.
      const file = page.getByLabel("Send us a new CV");
      await file.setInputFiles({ name: "holiday.png", mimeType: "image/png", buffer: sampleFiles.png });
      await page.getByRole("button", { name: "Replace my CV" }).click();
      await expect(page.getByRole("alert")).toContainText("must be one of these file types");
      await expectAccessible(page, mode.javaScriptEnabled);
      await page.getByLabel("Send us a new CV").setInputFiles({
        name: "Tomasz Nowak CV 2027.pdf",
        mimeType: "application/pdf",
        buffer: sampleFiles.pdf,
      });
      await page.getByRole("button", { name: "Replace my CV" }).click();
      await expect(banner(page)).toContainText("we have your new CV, Tomasz Nowak CV 2027.pdf");
      await expect(
        page.getByRole("listitem").filter({ hasText: "Tomasz Nowak CV 2027.pdf (77 bytes)" }),
      ).toBeVisible();
      expect(
        query<{ file_name: string }>(
          "SELECT d.file_name FROM documents d JOIN applications a ON a.id = d.application_id WHERE a.reference = ?",
          reference,
        ).map((row) => row.file_name),
      ).toEqual(["Tomasz Nowak CV 2027.pdf"]);

      await page.getByRole("button", { name: "Withdraw my application" }).click();
      await page.getByRole("button", { name: "Yes, withdraw" }).click();
      await expect(banner(page)).toContainText("You have withdrawn your application");
      await expect(page.getByText("Withdrawn", { exact: true })).toBeVisible();
      expect(application(reference)?.status).toBe("withdrawn");
      expect(query("SELECT status FROM interviews WHERE reference = ?", reference)).toEqual([
        { status: "cancelled" },
      ]);
      expect(
        query("SELECT purpose FROM outbox WHERE reference = ? AND purpose = 'withdrawal'", reference),
      ).toHaveLength(1);
      await expectAccessible(page, mode.javaScriptEnabled);
      await context.close();
    });

    test(`${mode.name} at ${width} px: delete my details asks first, then says plainly it is done`, async ({
      browser,
      request,
    }) => {
      const { reference, link } = await applied(request);
      const { context, page } = await open(browser, mode.javaScriptEnabled, width, link);
      await page.getByRole("button", { name: "Delete my details" }).click();
      await expect(page.getByRole("heading", { name: "Delete everything we hold about you?" })).toBeVisible();
      // Being asked changes nothing.
      expect(application(reference)?.status).toBe("new");
      await expectAccessible(page, mode.javaScriptEnabled);

      // Changing one's mind goes back to the page.
      await page.getByRole("link", { name: "No, keep my details" }).click();
      await expect(page.getByRole("heading", { name: "Where your application stands" })).toBeVisible();
      await page.getByRole("button", { name: "Delete my details" }).click();

      await page.getByRole("button", { name: "Yes, delete everything" }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: "Your details have been deleted" }),
      ).toBeVisible();
      await expect(page.locator("main").getByRole("status")).toContainText("Your request is done");
      expect(application(reference)).toBeNull();
      expect(query("SELECT reason FROM tombstones WHERE reference = ?", reference)).toEqual([
        { reason: "erasure request" },
      ]);
      await expectAccessible(page, mode.javaScriptEnabled);

      // The link now shows nothing, like any other that does not work.
      await page.goto(link);
      await expect(page.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
      await context.close();
    });

    test(`${mode.name} at ${width} px: an altered or expired link shows nothing, changes nothing, and offers a fresh link alike`, async ({
      browser,
      request,
    }) => {
      const { reference, link } = await applied(request);
      const before = application(reference);
      const heldBefore = footprint(reference);
      const token = link.split("=")[1] ?? "";
      const altered = `/your-application?link=${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
      const expired = signedLink(reference, Date.now() - 60_000);
      const seen: string[] = [];
      for (const wrong of [altered, expired]) {
        const { context, page, response } = await open(browser, mode.javaScriptEnabled, width, wrong);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
        const main = (await page.locator("main").textContent()) ?? "";
        expect(main).not.toContain(reference);
        expect(main).not.toContain("Tomasz");
        seen.push(main);
        await expectAccessible(page, mode.javaScriptEnabled);
        await page.getByRole("button", { name: "E-mail me a new link" }).click();
        await expect(banner(page)).toContainText("If that link was one of ours");
        // Without JavaScript the answer is a new document: read it only once all of it has arrived.
        await page.waitForLoadState("load");
        await expect(page.locator("main")).toContainText("quote your reference");
        seen.push((await page.locator("main").textContent()) ?? "");
        await expectAccessible(page, mode.javaScriptEnabled);
        await context.close();
      }
      // The same words for both, before and after asking.
      expect(seen[0]).toBe(seen[2]);
      expect(seen[1]).toBe(seen[3]);
      // Only the genuine (expired) link got a fresh one, to the address on file; nothing else changed.
      const sent = query<{ to_address: string }>(
        "SELECT to_address FROM outbox WHERE reference = ? AND purpose = 'applicant-link'",
        reference,
      );
      expect(sent).toHaveLength(1);
      expect(sent[0]?.to_address).toMatch(/^tomasz\.nowak\./);
      expect(application(reference)).toEqual(before);
      // Besides that e-mail and its line on the timeline, everything is as it was.
      const actions = query<{ action: string }>(
        "SELECT action FROM audit_log WHERE reference = ? ORDER BY id",
        reference,
      ).map((row) => row.action);
      expect(actions.at(-1)).toBe("link-sent");
      expect(actions.filter((action) => action !== "link-sent")).toEqual(
        (JSON.parse(heldBefore) as [unknown, { action: string }[]])[1].map((row) => row.action),
      );
    });
  }
}

for (const mode of modes) {
  test(`${mode.name}: withdrawing and leaving the talent pool ask first, and "No" changes nothing`, async ({
    browser,
    request,
  }) => {
    const { reference, link } = await applied(request);
    run("UPDATE applications SET keep_consent_at = ? WHERE reference = ?", Date.now(), reference);
    const before = footprint(reference);
    const { context, page } = await open(browser, mode.javaScriptEnabled, 390, link);

    await page.getByRole("button", { name: "Take me off file" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Leave our talent pool?" })).toBeVisible();
    await expectAccessible(page, mode.javaScriptEnabled);
    await page.getByRole("link", { name: "No, keep me on file" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Our talent pool" })).toBeVisible();
    await page.getByRole("button", { name: "Withdraw my application" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Withdraw your application?" })).toBeVisible();
    await expectAccessible(page, mode.javaScriptEnabled);
    await page.getByRole("link", { name: "No, keep it" }).click();
    await expect(
      page.getByRole("heading", { level: 2, name: "Withdraw your application", exact: true }),
    ).toBeVisible();
    expect(footprint(reference)).toBe(before);

    await page.getByRole("button", { name: "Take me off file" }).click();
    await page.getByRole("button", { name: "Yes, take me off file" }).click();
    await expect(banner(page)).toContainText("We have taken you off file");
    expect(application(reference)?.keep_consent_at).toBeNull();
    await page.getByRole("button", { name: "Withdraw my application" }).click();
    await page.getByRole("button", { name: "Yes, withdraw" }).click();
    await expect(banner(page)).toContainText("You have withdrawn your application");
    expect(application(reference)?.status).toBe("withdrawn");
    await context.close();
  });
}

for (const width of widths) {
  test(`at ${width} px the page shows the steps with the current one in words, its greeting in line with its panels, and no Get Quote`, async ({
    browser,
    request,
  }) => {
    const { reference, link } = await applied(request);
    run("UPDATE applications SET status = 'contacted' WHERE reference = ?", reference);
    const { context, page } = await open(browser, true, width, link);
    const steps = page.getByRole("list", { name: "The steps of your application" });
    await expect(steps.getByRole("listitem")).toHaveText([
      /^1?\s*Received$/,
      /^2?\s*Being read\s*Current step$/,
      /^3?\s*Interview$/,
      /^4?\s*Decision$/,
    ]);
    await expect(steps.locator("li[aria-current=step]")).toHaveCount(1);
    await expect(steps.locator("li[aria-current=step]")).toContainText("Being read");
    // The consent is a plain choice: not the page's main (solid) action.
    const keep = page.getByRole("button", { name: "Keep me on file" });
    await expect(keep).not.toHaveClass(/bg-accent-700/);
    // An applicant is not offered the sales button, in the header or its menu.
    await expect(page.getByRole("link", { name: "Get Quote" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Get Quote" })).toHaveCount(0);
    const greeting = await page.getByRole("heading", { level: 1 }).boundingBox();
    const panel = await page
      .getByRole("heading", { level: 2, name: "Where your application stands" })
      .boundingBox();
    expect(Math.abs((greeting?.x ?? 0) - (panel?.x ?? 100))).toBeLessThanOrEqual(1);
    await expectNoAxeViolations(page);
    // Once withdrawn, the steps give way to the stage alone.
    run("UPDATE applications SET status = 'withdrawn' WHERE reference = ?", reference);
    await page.reload();
    await expect(page.getByText("Withdrawn", { exact: true })).toBeVisible();
    await expect(steps).toHaveCount(0);
    await context.close();
  });
}

test("a post to withdraw or leave the talent pool without its confirmation changes nothing", async ({
  request,
}) => {
  const { reference, link } = await applied(request);
  run("UPDATE applications SET keep_consent_at = ? WHERE reference = ?", Date.now(), reference);
  const before = footprint(reference);
  for (const [intent, button] of [
    ["withdraw", "Yes, withdraw"],
    ["leave-pool", "Yes, take me off file"],
  ] as const) {
    for (const confirm of [null, "yes", "delete-everything"]) {
      const response = await request.post(link, { form: { intent, ...(confirm ? { confirm } : {}) } });
      expect(response.status(), `${intent} ${confirm}`).toBe(400);
      expect(await response.text()).toContain(`Nothing has changed: choose “${button}” to confirm.`);
    }
  }
  expect(footprint(reference)).toBe(before);
});

test("a GET changes nothing, whatever the address carries, as a link preview fetches it", async ({
  request,
}) => {
  const { reference, link } = await applied(request);
  const before = footprint(reference);
  for (const extra of [
    "",
    "&intent=withdraw",
    "&intent=withdraw&confirm=withdraw",
    "&intent=erase&confirm=delete-everything",
    "&step=erase",
    "&step=withdraw",
    "&step=leave-pool",
  ]) {
    const response = await request.get(`${link}${extra}`);
    expect(response.status()).toBe(200);
    await request.head(`${link}${extra}`);
  }
  expect(footprint(reference)).toBe(before);
});
