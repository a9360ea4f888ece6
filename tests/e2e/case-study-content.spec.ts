// A case study kept as site content, on two real server processes sharing one PostgreSQL database: an
// editor writes a new one with a named quote and its permission, previews it at a phone's width, and asks
// for approval; a second member of staff approves it; its page, its list entry and its sitemap entry then
// appear on both processes within 2 seconds. Withdrawing the quoted person's permission takes the quote
// off both at once; a new address, once approved, moves its page and leaves the old address leading to it
// for good; taking the case study down makes its address the 404 page; her erasure request removes her
// words and name from every version.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, expect, test } from "@playwright/test";
import sharp from "sharp";
import { type Database, openDatabase } from "../../server/db/database.ts";
import { invitationPath, invite } from "../../server/workspace/team.ts";
import { freshPostgresDatabase, type ServerProcess, startServerProcess } from "../support/harness.ts";
import { addVirtualAuthenticator } from "../support/passkeys.ts";
import { expectNoAxeViolations, waitForHydration } from "./helpers";

const slug = `bolton-college-${randomBytes(3).toString("hex")}`;
const title = "Spotless classrooms for a Bolton college";
const quote = "The rooms are ready before the first lecture, every single day of term.";
const person = "Zainab Okafor";
const photoAlt = "A cleaner checking a lecture room's desks before the morning";
const withinTwoSeconds = { timeout: 2_000, intervals: [50, 100, 200] };

/** A photo 1600 by 1000 pixels, as a camera might give it. */
async function photo() {
  const buffer = await sharp({
    create: { width: 1600, height: 1000, channels: 3, background: { r: 40, g: 110, b: 90 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  return { name: "lecture-room.jpg", mimeType: "image/jpeg", buffer };
}

/** Joins the team through an invitation on this server, with a passkey made in this browser. */
async function join(browser: Browser, db: Database, base: string, name: string, grant: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${randomBytes(3).toString("hex")}@cottonopolis.example`;
  const { token } = await invite(db, { email, name }, Date.now());
  if (!token) throw new Error("A new person already had an account");
  await db.run(`UPDATE staff SET ${grant} = 1 WHERE email = ?`, [email]);
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await addVirtualAuthenticator(page);
  await page.goto(invitationPath(token));
  await waitForHydration(page);
  await page.getByRole("button", { name: "Create passkey" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  return page;
}

/** On every server, within 2 seconds: the path answers `status` and its body does or does not hold `text`. */
async function expectEverywhere(
  servers: ServerProcess[],
  pagePath: string,
  check: { status?: number; holds?: string; lacks?: string },
) {
  for (const server of servers) {
    await expect
      .poll(async () => {
        const response = await fetch(`${server.url}${pagePath}`);
        const body = await response.text();
        return (
          response.status === (check.status ?? 200) &&
          (check.holds === undefined || body.includes(check.holds)) &&
          (check.lacks === undefined || !body.includes(check.lacks))
        );
      }, withinTwoSeconds)
      .toBe(true);
  }
}

test("a case study with a named quote is written, previewed, approved, published and its quote withdrawn", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "case-study-content-"));
  const postgres = await freshPostgresDatabase();
  const env = {
    DATABASE_URL: postgres.url,
    DATA_DIR: dataDir,
    NI_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    IP_HASH_SALT: randomBytes(16).toString("hex"),
    FORM_RESULT_SECRET: randomBytes(32).toString("hex"),
  };
  let servers: ServerProcess[] = [];
  let db: Database | null = null;
  try {
    servers = [await startServerProcess(env, 60_000, { pages: true })];
    servers.push(await startServerProcess(env, 60_000, { pages: true }));
    const [first] = servers as [ServerProcess];
    const base = first.url.replace("127.0.0.1", "localhost");
    db = openDatabase(postgres.url);
    await expectEverywhere(servers, `/case-studies/${slug}`, { status: 404 });

    // The editor writes it, at a phone's width.
    const editor = await join(browser, db, base, "Edith Editor", "can_edit_content");
    await editor.setViewportSize({ width: 390, height: 844 });
    await editor.goto("/staff/content");
    await editor.getByRole("link", { name: "New case study" }).click();
    await expect(editor.getByRole("heading", { level: 1, name: "New case study" })).toBeVisible();

    // Its photo is uploaded to the picture library first: refused without alt text, kept with it.
    await editor.getByRole("link", { name: "Upload a new photo in the picture library" }).click();
    const upload = editor.getByRole("form", { name: "Upload a photo" });
    await upload.getByLabel("Photo").setInputFiles(await photo());
    await upload.getByRole("button", { name: "Upload photo" }).click();
    await expect(editor.getByRole("alert")).toContainText(
      "Nothing was saved: check the fields marked below.",
    );
    await expect(upload.getByLabel("Alt text")).toHaveAttribute("aria-invalid", "true");
    await upload.getByLabel("Photo").setInputFiles(await photo());
    await upload.getByLabel("Alt text").fill(photoAlt);
    await upload.getByRole("button", { name: "Upload photo" }).click();
    await expect(editor.getByRole("status")).toHaveText("The picture is uploaded. It is in the list below.");
    await editor.goto("/staff/content/case-study/new");
    const field = (name: RegExp) => editor.getByRole("textbox", { name });
    await field(/^Address/).fill(slug);
    await field(/^Title/).fill(title);
    await field(/^Summary/).fill(
      "Evening cleaning for a college of 4,000 students, with every room checked.",
    );
    await field(/^Client's sector/).fill("Further education");
    await field(/^Site/).fill("Further education college in Bolton town centre");
    await field(/^Size/).fill("14,000 square metres over three buildings");
    await field(/^Hours we are there/).fill("Weekdays 17:00 to 22:00");
    await editor.getByRole("checkbox", { name: "Professional Cleaning" }).check();
    await editor.getByLabel("Month the work began").fill("2026-09");
    await field(/^The problem/).fill("Rooms were not ready for the morning.\n\nComplaints rose every term.");
    await field(/^What we did/).fill("A team of eight, trained on the college's own checklist.");
    await field(/^Figure 1/).fill("100%");
    await field(/^What figure 1 measures/).fill("of rooms ready by 08:00, checked each morning");
    await field(/^Quote/).fill(quote);
    await field(/^Their name/).fill(person);
    await field(/^Their role/).fill("Estates Manager");
    await editor.getByLabel("Day they said it").fill("2026-10-01");
    // Without the record of her permission the quote is refused, by the field, with every word kept.
    await editor.getByRole("button", { name: "Save draft" }).click();
    await expect(editor.getByRole("alert")).toContainText(
      "Record who agreed to be quoted by name, when and how.",
    );
    await expect(field(/^Quote/)).toHaveValue(quote);
    await field(/^Who agreed/).fill(person);
    await editor.getByLabel("Day they agreed").fill("2026-10-02");
    await editor.getByRole("radio", { name: "By e-mail" }).check();

    await editor.getByRole("checkbox", { name: photoAlt }).check();
    await expect(editor.getByRole("radio", { name: photoAlt })).toBeVisible();

    await editor.getByRole("button", { name: "Preview" }).click();
    const preview = editor.getByRole("region", { name: /^Preview/ });
    await expect(preview).toBeVisible();
    await expect(preview.getByRole("heading", { level: 1, name: title }).first()).toBeVisible();
    await expect(preview.getByText(quote).first()).toBeVisible();
    await expectNoAxeViolations(editor);
    await expectEverywhere(servers, `/case-studies/${slug}`, { status: 404 });

    await editor.getByRole("button", { name: "Ask for approval" }).click();
    await expect(editor.getByText("Sent for approval.")).toBeVisible();
    await expect(editor.getByRole("button", { name: "Approve and publish" })).toHaveCount(0);
    await expect(editor.getByText("You made this version, so someone else")).toBeVisible();

    // A second member of staff approves it: its page, list entry and sitemap entry appear on both processes.
    const approver = await join(browser, db, base, "Arun Approver", "can_approve_content");
    await approver.goto("/staff/content");
    await approver.getByRole("link", { name: title }).click();
    await approver.getByRole("link", { name: "Preview version 1" }).first().click();
    await expect(approver.getByRole("region", { name: /^Preview of version 1/ })).toContainText(quote);
    await expectNoAxeViolations(approver);
    await approver.getByRole("button", { name: "Approve and publish" }).click();
    await expect(approver.getByText("Approved and published.")).toBeVisible();
    await expectEverywhere(servers, `/case-studies/${slug}`, { holds: quote });
    await expectEverywhere(servers, "/case-studies", { holds: title });
    await expectEverywhere(servers, "/sitemap.xml", { holds: `/case-studies/${slug}</loc>` });
    await expectEverywhere(servers, `/images/case-studies/${slug}.png`, {});

    // The public page, as a visitor on a phone sees it, with its own canonical address.
    const visitor = await browser.newPage({
      baseURL: servers[1]?.url,
      viewport: { width: 390, height: 844 },
    });
    await visitor.goto(`/case-studies/${slug}`);
    await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(visitor.getByText(quote)).toBeVisible();
    // Its photo leads the page from the library, fetched first, its AVIF served from the site itself.
    const lead = visitor.getByRole("img", { name: photoAlt });
    await expect(lead).toBeVisible();
    await expect(lead).toHaveAttribute("fetchpriority", "high");
    await expect(lead).toHaveAttribute("loading", "eager");
    const avif = await visitor.locator('picture source[type="image/avif"]').first().getAttribute("srcset");
    const avifPath = avif?.split(",")[0]?.trim().split(" ")[0] ?? "";
    expect(avifPath).toMatch(/^\/pictures\/[0-9a-f]{16}-\d+\.avif$/);
    const served = await visitor.request.get(avifPath);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/avif");
    // The list's card shows it small, on both processes.
    const pictureId = /[0-9a-f]{16}/.exec(avifPath)?.[0] ?? "none";
    await expectEverywhere(servers, "/case-studies", { holds: `/pictures/${pictureId}-480.avif` });
    await expect(visitor.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`/case-studies/${slug}$`),
    );
    await expectNoAxeViolations(visitor);

    // She withdraws her permission: the quote leaves both processes at once; the case study stays.
    await editor.goto(`/staff/content/case-study/${slug}`);
    await editor.getByRole("textbox", { name: /^Why \(optional/ }).fill("She asked by e-mail");
    await editor.getByRole("button", { name: "Withdraw permission and take the quote down" }).click();
    await expect(editor.getByText("The quote is down.")).toBeVisible();
    await expect(editor.getByRole("table")).toContainText("Permission withdrawn: She asked by e-mail");
    await expectEverywhere(servers, `/case-studies/${slug}`, { holds: title, lacks: quote });
    await expectEverywhere(servers, "/services/cleaning", { lacks: person });

    // A new address: refused while another case study has it; once approved, the page moves there on
    // both processes and the old address leads to it for good.
    const moved = `${slug}-evenings`;
    const address = editor.getByRole("textbox", { name: /^Address/ });
    await expect(editor.getByText(`Its page is at /case-studies/${slug} now.`)).toBeVisible();
    await address.fill("salford-quays-office");
    await editor.getByRole("button", { name: "Ask for approval" }).click();
    await expect(editor.getByRole("alert")).toContainText(
      "The address /case-studies/salford-quays-office is taken",
    );
    await expect(address).toHaveAttribute("aria-invalid", "true");
    await address.fill(moved);
    await editor.getByRole("button", { name: "Ask for approval" }).click();
    await expect(editor.getByText("Sent for approval.")).toBeVisible();
    await expectEverywhere(servers, `/case-studies/${slug}`, { holds: title });
    await approver.goto(`/staff/content/case-study/${slug}`);
    await expect(approver.getByRole("region", { name: /awaits approval$/ })).toContainText(
      `Once it is published, the page moves to /case-studies/${moved}, and /case-studies/${slug} leads there for good.`,
    );
    await approver.getByRole("button", { name: "Approve and publish" }).click();
    await expect(approver.getByText("Approved and published.")).toBeVisible();
    await expectEverywhere(servers, `/case-studies/${moved}`, { holds: title });
    for (const server of servers) {
      await expect
        .poll(async () => {
          const response = await fetch(`${server.url}/case-studies/${slug}`, { redirect: "manual" });
          return `${response.status} ${response.headers.get("location")}`;
        }, withinTwoSeconds)
        .toBe(`301 /case-studies/${moved}`);
    }
    await expectEverywhere(servers, "/case-studies", { holds: `href="/case-studies/${moved}"` });
    await expectEverywhere(servers, "/sitemap.xml", {
      holds: `/case-studies/${moved}</loc>`,
      lacks: `/case-studies/${slug}</loc>`,
    });
    // A visitor with the old link arrives at the new page, which names its new address as its own.
    await visitor.goto(`/case-studies/${slug}`);
    await expect(visitor).toHaveURL(new RegExp(`/case-studies/${moved}$`));
    await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(visitor.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`/case-studies/${moved}$`),
    );
    await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new RegExp(`/images/case-studies/${moved}\\.png$`),
    );
    // Its share image is drawn at the new address on first asking.
    expect((await visitor.request.get(`/images/case-studies/${moved}.png`)).status()).toBe(200);

    // Taken down: gone from the list and the sitemap, its address the 404 page.
    await editor.getByRole("textbox", { name: /^Why it is coming down/ }).fill("The contract ended");
    await editor.getByRole("button", { name: "Take down" }).click();
    await expect(editor.getByText("Taken down.")).toBeVisible();
    await expectEverywhere(servers, `/case-studies/${moved}`, { status: 404 });
    await expectEverywhere(servers, "/case-studies", { lacks: title });
    await expectEverywhere(servers, "/sitemap.xml", { lacks: slug });

    // She asks to be erased: found by her name from the People page, her words go from every version.
    await editor.goto("/staff/people");
    await editor.getByRole("link", { name: "Erase a person's words from the case studies" }).click();
    await editor.getByRole("textbox", { name: "Their name" }).fill(person.toLowerCase());
    await editor.getByRole("button", { name: "Find their quotes" }).click();
    await expect(
      editor.getByRole("region", { name: /^Quotes by/ }).getByRole("link", { name: title }),
    ).toBeVisible();
    await expectNoAxeViolations(editor);
    await editor.getByRole("textbox", { name: /^Type .* again to confirm/ }).fill(person.toLowerCase());
    await editor.getByRole("button", { name: "Erase their words" }).click();
    await expect(editor.getByRole("status")).toContainText("Erased from 1 version of 1 case study.");
    const holding = await db.all<{ version: number }>(
      "SELECT version FROM content_versions WHERE body LIKE ? OR body LIKE ?",
      [`%${person}%`, `%${quote}%`],
    );
    expect(holding).toEqual([]);

    const audit = await db.all<{ action: string }>(
      "SELECT action FROM audit_log WHERE action LIKE 'content-%' ORDER BY id",
    );
    expect(audit.map((row) => row.action)).toEqual([
      "content-approval-asked",
      "content-approved",
      "content-permission-withdrawn",
      "content-approval-asked",
      "content-approved",
      "content-taken-down",
      "content-erased",
    ]);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await db?.close();
    await postgres.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
