import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { validEnquiry } from "../support/fixtures.ts";
import { expectNoAxeViolations } from "./helpers";
import { runOnServerDatabase, sampleFiles, sendApplication, sendEnquiry, uniqueTag } from "./lead-helpers";
import { ageConfirmation, joinAsStaff, staffBaseURL } from "./staff-helpers";

test.use({ baseURL: staffBaseURL });

/** Searches the inbox with its GET form, as a person would. */
async function search(page: Page, words: string) {
  await page.getByRole("searchbox", { name: "Search" }).fill(words);
  await page.getByRole("button", { name: "Show leads" }).click();
  await page.waitForURL((url) => url.searchParams.get("q") === words.trim());
}

function leadRows(page: Page) {
  return page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader") });
}

test("the inbox lists leads newest first, finds them, filters them in the URL and counts each status", async ({
  page,
  request,
}) => {
  const word = uniqueTag();
  const cleaning = await sendEnquiry(request, { message: `Office cleaning ${word}`, service: "cleaning" });
  const security = await sendEnquiry(request, {
    firstName: "Zoë",
    lastName: `Łukasiewicz`,
    company: `Piccadilly ${word} Lofts`,
    service: "security",
  });
  const applicant = await sendApplication(request, { lastName: word });
  const spam = await sendEnquiry(request, {
    message: `Cheap pills ${word}`,
    website: "https://spam.example",
  });

  await joinAsStaff(page);
  await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
  // Never indexed, yet described, as a search engine or a shared link would read it.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "The staff workspace of Cottonopolis Facilities: enquiries, job applications, vacancies and the team.",
  );
  await search(page, word.toUpperCase());
  await expect(page).toHaveURL(new RegExp(`/staff\\?q=${word.toUpperCase()}`));
  // Newest first; spam is not among them.
  await expect(leadRows(page).getByRole("link")).toHaveText([applicant, security, cleaning]);
  await expect(page.getByText(spam)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Showing 1 to 3 of 3 leads, newest first" })).toBeVisible();

  const row = leadRows(page).filter({ hasText: security });
  await expect(row.getByRole("cell")).toHaveText([
    "Enquiry",
    "Zoë Łukasiewicz",
    "aisha.khan@example.co.uk",
    "Security officers",
    /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
    /Unassigned$/,
    /^due in 2[34] h$/,
    "New",
  ]);
  // Unopened leads stand out, in words as well as in bold.
  await expect(row.getByRole("rowheader")).toContainText("Unopened");
  expect(await row.evaluate((tr) => Number(getComputedStyle(tr).fontWeight))).toBeGreaterThanOrEqual(700);

  const counts = page.getByRole("navigation", { name: "Leads by status" });
  await expect(counts.getByRole("link", { name: "All but spam 3" })).toHaveAttribute("aria-current", "true");
  await expect(counts.getByRole("link", { name: "New 3" })).toBeVisible();
  await expect(counts.getByRole("link", { name: "Spam 1" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Search by a letter beyond A to Z, in the other case.
  await search(page, `łukasiewicz ${word}`);
  await expect(leadRows(page).getByRole("link")).toHaveText([security]);

  await search(page, word);
  // The filters are drawn afresh for each search, and the address changes a moment before they are:
  // choose the kind only once this search's own results are on the page.
  await expect(leadRows(page).getByRole("link")).toHaveText([applicant, security, cleaning]);
  await page.getByLabel("Kind", { exact: true }).selectOption("application");
  await page.getByRole("button", { name: "Show leads" }).click();
  await expect(page).toHaveURL(/kind=application/);
  await expect(leadRows(page).getByRole("link")).toHaveText([applicant]);
  await expect(leadRows(page).getByRole("cell").first()).toHaveText("Application");

  await page.getByLabel("Kind", { exact: true }).selectOption("");
  await page.getByLabel("Service", { exact: true }).selectOption("security");
  await page.getByRole("button", { name: "Show leads" }).click();
  await expect(leadRows(page).getByRole("link")).toHaveText([security]);

  // Spam appears under the Spam filter only.
  await page.goto(`/staff?q=${word}`);
  await counts.getByRole("link", { name: "Spam 1" }).click();
  await expect(page).toHaveURL(new RegExp(`/staff\\?q=${word}&status=spam$`));
  await expect(leadRows(page).getByRole("link")).toHaveText([spam]);
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("spam");
  await expectNoAxeViolations(page);

  // The back button brings the earlier search back.
  await page.goBack();
  await expect(leadRows(page).getByRole("link")).toHaveText([applicant, security, cleaning]);
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(word);

  // A link nobody could make with the form is answered with a clear message.
  const bad = await page.goto("/staff?status=archived");
  expect(bad?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("Choose a status from the list.");
  await expectNoAxeViolations(page);
});

test("the inbox pages through its leads 50 at a time and fits a phone", async ({ page, request }) => {
  const word = uniqueTag();
  for (let i = 0; i < 52; i++) await sendEnquiry(request, { message: `Batch ${word} number ${i}` });
  await joinAsStaff(page);
  await page.goto(`/staff?q=${word}`);
  await expect(leadRows(page)).toHaveCount(50);
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages).toContainText("Page 1 of 2");
  await pages.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${word}&page=2$`));
  await expect(leadRows(page)).toHaveCount(2);
  await expect(
    page.getByRole("heading", { name: "Showing 51 to 52 of 52 leads, newest first" }),
  ).toBeVisible();

  await page.setViewportSize({ width: 360, height: 740 });
  // The page never scrolls sideways: below 1024 px each lead reads as an entry of a list.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
});

test("a lead's page: every field, status, note, reveal, keep on file, downloads and the timeline", async ({
  page,
  request,
}) => {
  const word = uniqueTag();
  const reference = await sendApplication(
    request,
    { lastName: word, niNumber: "jk 65 43 21 b", email: `tomasz.${word}@example.com` },
    {
      resume: { name: "Zoë's CV.pdf", buffer: sampleFiles.pdf },
      otherDocuments: { name: "licence.png", buffer: sampleFiles.png },
    },
  );
  const person = await joinAsStaff(page);
  await search(page, word);
  await leadRows(page).getByRole("link", { name: reference }).click();
  await expect(page).toHaveURL(`${staffBaseURL}/staff/leads/${reference}`);
  await expect(page.getByRole("heading", { name: `Application ${reference}`, level: 1 })).toBeVisible();

  const sent = page.getByRole("region", { name: "What they sent" });
  for (const [label, value] of [
    ["First name", "Tomasz"],
    ["Last name", word],
    ["E-mail", `tomasz.${word}@example.com`],
    ["Phone", "07700 900123"],
    ["Address", "12 Jersey Street, Manchester M4 6JB"],
    ["Has a car", "Yes"],
    ["Holds a UK driving licence", "No"],
    ["Right to work in the UK", "Yes"],
  ]) {
    await expect(sent.getByRole("term").filter({ hasText: label }).locator("+ dd")).toHaveText(value ?? "");
  }
  await expect(sent).toContainText("JK •• •• •• B");
  await expect(sent).not.toContainText("65 43 21");
  await expect(page.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute(
    "href",
    `mailto:tomasz.${word}@example.com?subject=${encodeURIComponent(`Your application to Cottonopolis Facilities (${reference})`)}`,
  );
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByRole("listitem")).toHaveText([
    /^Received from the website\s*by the website, /,
    new RegExp(`^Opened for the first time\\s*by ${person.name}, `),
  ]);

  await sent.getByRole("button", { name: "Reveal" }).click();
  await expect(sent).toContainText("JK 65 43 21 B");
  await expect(page.getByRole("status")).toContainText("This reveal is recorded on the timeline.");
  await expect(timeline).toContainText(`National Insurance number revealed by ${person.name}`);
  // With the banner and the revealed number shown.
  await expectNoAxeViolations(page);

  await page.getByLabel("Status", { exact: true }).selectOption("interview");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByRole("status")).toHaveText("Status saved: Interview.");
  await expect(page.getByRole("main").getByText("Interview", { exact: true }).first()).toBeVisible();
  await expect(timeline).toContainText(`Status changed from New to Interview by ${person.name}`);

  const notes = page.getByRole("region", { name: "Notes" });
  await notes
    .getByLabel("Note", { exact: true })
    .fill("Rang him: free for an interview on Tuesday.\nBring his licence.");
  await notes.getByRole("button", { name: "Add a note" }).click();
  await expect(notes.getByRole("listitem")).toHaveCount(1);
  await expect(notes.getByRole("listitem")).toContainText(person.name);
  await expect(notes.getByRole("listitem")).toContainText("Bring his licence.");
  await expect(notes.getByLabel("Note", { exact: true })).toHaveValue("");
  await expect(timeline).toContainText(`Note added by ${person.name}`);

  await page.getByLabel("Applicant agreed to be kept on file for future roles").check();
  await page.getByRole("button", { name: "Save consent" }).click();
  await expect(page.getByText(/^Agreed on \d{1,2} [A-Z][a-z]+ \d{4}\.$/)).toBeVisible();
  await expect(timeline).toContainText(
    "Recorded that the applicant agreed to be kept on file for future roles",
  );

  // The documents download as files, with the headers that keep them from running as pages.
  const documents = page.getByRole("region", { name: "Documents" });
  const cv = documents.getByRole("link", { name: /CV: Zoë's CV\.pdf/ });
  // No virus scanner is configured for these tests: each file says so.
  await expect(documents.getByText("Not scanned", { exact: true })).toHaveCount(2);
  const href = (await cv.getAttribute("href")) ?? "";
  expect(href).toMatch(new RegExp(`^/staff/leads/${reference}/documents/\\d+$`));
  const file = await page.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()).toMatchObject({
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="Zoe's CV.pdf"; filename*=UTF-8''Zo%C3%AB%27s%20CV.pdf`,
    "x-content-type-options": "nosniff",
    "content-security-policy": "sandbox",
    "cache-control": "no-store",
  });
  expect((await file.body()).equals(sampleFiles.pdf)).toBe(true);
  const downloading = page.waitForEvent("download");
  await documents.getByRole("link", { name: /Other document: licence\.png/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("licence.png");
  expect((await readFile((await download.path()) ?? "")).equals(sampleFiles.png)).toBe(true);
  await page.reload();
  await expect(timeline).toContainText(`CV downloaded by ${person.name}`);
  await expect(timeline).toContainText(`Other document downloaded by ${person.name}`);
  // Opened once: later visits are not new openings.
  await expect(timeline.getByText("Opened for the first time")).toHaveCount(1);
  await expectNoAxeViolations(page);

  // Back in the inbox the lead no longer stands out.
  await page.goto(`/staff?q=${word}`);
  await expect(leadRows(page).getByRole("rowheader")).toHaveText(reference);
  await expect(leadRows(page).getByRole("cell").last()).toHaveText("Interview");
});

test("a failed e-mail is shown with its error and Send again queues it", async ({ page, request }) => {
  // An address of its own: one address is acknowledged only a few times a day.
  const reference = await sendEnquiry(request, { email: `aisha.${uniqueTag()}@example.co.uk` });
  const person = await joinAsStaff(page);
  // No mail server runs beside the e2e server, so the failure is set as the outbox would leave it.
  const changed = runOnServerDatabase(
    `UPDATE outbox SET status = 'failed', attempts = 8, last_error = 'Connection refused'
     WHERE reference = ? AND purpose = 'acknowledgement'`,
    reference,
  );
  expect(changed).toBe(1);
  // Every workspace page says a message failed for good, and leads to it.
  await page.goto("/staff");
  const notice = page.getByRole("region", { name: /could not be delivered after every retry/ });
  await expect(notice.getByRole("link", { name: reference })).toBeVisible();
  await notice.getByRole("link", { name: reference }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/leads/${reference}$`));
  const mails = page.getByRole("region", { name: "E-mails" });
  await expect(mails.getByRole("listitem").first()).toContainText("Our copy of the lead");
  await expect(mails.getByRole("listitem").first()).toContainText("Waiting to be sent");
  const failed = mails.getByRole("listitem").nth(1);
  await expect(failed).toContainText("Acknowledgement to the sender");
  await expect(failed).toContainText("Failed after 8 attempts: Connection refused");
  await expectNoAxeViolations(page);

  await failed.getByRole("button", { name: "Send again" }).click();
  await expect(page.getByRole("status")).toHaveText("The e-mail is queued to be sent again now.");
  await expect(failed).toContainText("Waiting to be sent");
  await expect(mails.getByRole("button", { name: "Send again" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: reference })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText(
    `The acknowledgement e-mail to the sender was queued to be sent again by ${person.name}`,
  );
});

test("a spam lead's page says so and passes axe; an unknown reference is a 404 inside the workspace", async ({
  page,
  request,
}) => {
  const reference = await sendEnquiry(request, { website: "https://spam.example" });
  await joinAsStaff(page);
  await page.goto(`/staff/leads/${reference}`);
  await expect(page.getByText("This lead is marked as spam")).toBeVisible();
  await expect(page.getByRole("region", { name: "E-mails" })).toContainText("spam is never mailed");
  // A note refused for being empty is explained.
  await page.getByLabel("Note", { exact: true }).evaluate((el) => el.removeAttribute("required"));
  await page.getByRole("button", { name: "Add a note" }).click();
  await expect(page.getByRole("alert")).toHaveText("Write the note before adding it.");
  await expectNoAxeViolations(page);

  const missing = await page.goto("/staff/leads/ENQ-ZZZZZZ");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  expect((await page.goto("/staff/leads/not-a-reference"))?.status()).toBe(404);
  // A reference typed in lower case finds its lead.
  await page.goto(`/staff/leads/${reference.toLowerCase()}`);
  await expect(page).toHaveURL(`${staffBaseURL}/staff/leads/${reference}`);
  const foreignDocument = await page.request.get(`/staff/leads/${reference}/documents/1`);
  expect(foreignDocument.status()).toBe(404);
});

test("a lead sent without its page's token stays in the inbox with a note, and the week's catches are counted", async ({
  page,
  request,
}) => {
  const word = uniqueTag();
  // The specification's bare JSON post: no form token.
  const bare = await request.post("/contact-handler.php", {
    data: validEnquiry({ message: `Bare post ${word}` }),
  });
  expect(((await bare.json()) as { success: boolean }).success).toBe(true);
  await joinAsStaff(page);
  await page.goto(`/staff?q=${word}`);
  const statusCell = leadRows(page).getByRole("cell").last();
  await expect(statusCell).toContainText("New");
  await expect(statusCell).toContainText("Suspected spam: no form token");
  const caught = page.getByRole("region", { name: "Spam caught in the last 7 days" });
  await expect(caught).toContainText(/No form token\s*[1-9]/);
  await expectNoAxeViolations(page);
  await leadRows(page).getByRole("link").first().click();
  await expect(page.getByText("Suspected spam: no form token")).toBeVisible();
  await expect(page.getByText("This lead is marked as spam")).toHaveCount(0);
});

test("Export CSV downloads what the search shows, with formulas neutralised and no NI numbers", async ({
  page,
  request,
}) => {
  const word = uniqueTag();
  const formula = await sendEnquiry(request, {
    firstName: '=HYPERLINK("https://evil.example","Click me")',
    lastName: "+SUM(A1:A9)",
    company: "-2+3",
    message: `@SUM(1+1) ${word}`,
  });
  const applicant = await sendApplication(request, { lastName: word, niNumber: "JK 65 43 21 B" });
  await sendEnquiry(request, { message: `Spam ${word}`, website: "https://spam.example" });

  const person = await joinAsStaff(page);
  await search(page, word);
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    `/staff/export.csv?q=${word}`,
  );
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path()) ?? "");
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8");
  expect(text).not.toMatch(/65\s*43\s*21/);
  expect(text).not.toMatch(/insurance/i);
  const rows = parse(text.slice(1), { columns: true }) as Record<string, string>[];
  expect(rows.map((row) => row.Reference)).toEqual([applicant, formula]);
  expect(rows[1]).toMatchObject({
    "First name": `'=HYPERLINK("https://evil.example","Click me")`,
    "Last name": "'+SUM(A1:A9)",
    Company: "'-2+3",
    Message: `'@SUM(1+1) ${word}`,
    Kind: "Enquiry",
    Status: "New",
  });
  expect(rows[0]).toMatchObject({ Kind: "Application", "Last name": word, "Right to work in the UK": "Yes" });

  // Each lead in the file says so on its own page.
  for (const reference of [formula, applicant]) {
    await page.goto(`/staff/leads/${reference}`);
    await expect(page.getByRole("region", { name: "Timeline" })).toContainText(
      `Included in a CSV export of 2 leads by ${person.name}`,
    );
  }
});

test("an export asks for the passkey again when the last confirmation is over 15 minutes old", async ({
  page,
  request,
}) => {
  const word = uniqueTag();
  const reference = await sendEnquiry(request, { message: `Export ${word}` });
  const person = await joinAsStaff(page);
  // Sixteen minutes pass, as far as the session knows.
  runOnServerDatabase(
    `UPDATE sessions SET confirmed_at = confirmed_at - ${16 * 60 * 1000}
     WHERE staff_id = (SELECT id FROM staff WHERE email = ?)`,
    person.email,
  );
  const direct = await page.request.get(`/staff/export.csv?q=${word}`, { maxRedirects: 0 });
  expect(direct.status()).toBe(303);
  expect(direct.headers().location).toBe(
    `/staff/confirm?next=${encodeURIComponent(`/staff/export.csv?q=${word}`)}`,
  );

  await search(page, word);
  await page.getByRole("link", { name: "Export CSV" }).click();
  await expect(page).toHaveURL(
    `${staffBaseURL}/staff/confirm?next=${encodeURIComponent(`/staff/export.csv?q=${word}`)}`,
  );
  await expectNoAxeViolations(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Confirm with your passkey" }).click();
  const download = await downloading;
  const rows = parse((await readFile((await download.path()) ?? "")).toString("utf8").slice(1), {
    columns: true,
  }) as Record<string, string>[];
  expect(rows.map((row) => row.Reference)).toEqual([reference]);
});

test("revealing an NI number asks for the passkey again when the last confirmation is over 15 minutes old", async ({
  page,
  browser,
  request,
}) => {
  const word = uniqueTag();
  const reference = await sendApplication(request, { lastName: word, niNumber: "HG 13 57 92 D" });
  const person = await joinAsStaff(page);
  ageConfirmation(person.email, 16);
  const confirmPage = `/staff/confirm?next=${encodeURIComponent(`/staff/leads/${reference}`)}`;

  const direct = await page.request.post(`/staff/leads/${reference}`, {
    form: { intent: "reveal" },
    headers: { Origin: staffBaseURL },
    maxRedirects: 0,
  });
  expect(direct.status()).toBe(303);
  expect(direct.headers().location).toBe(confirmPage);

  // Without JavaScript the form posts and the browser follows the redirect to the confirmation page.
  const plain = await browser.newContext({
    baseURL: staffBaseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScript = await plain.newPage();
  await noScript.goto(`/staff/leads/${reference}`);
  await noScript.getByRole("button", { name: "Reveal" }).click();
  await expect(noScript).toHaveURL(`${staffBaseURL}${confirmPage}`);
  await expect(noScript.getByRole("heading", { name: "Confirm it is you", level: 1 })).toBeVisible();
  await plain.close();

  await page.goto(`/staff/leads/${reference}`);
  const sent = page.getByRole("region", { name: "What they sent" });
  await sent.getByRole("button", { name: "Reveal" }).click();
  await expect(page).toHaveURL(`${staffBaseURL}${confirmPage}`);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Confirm with your passkey" }).click();
  await expect(page).toHaveURL(`${staffBaseURL}/staff/leads/${reference}`);
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline).not.toContainText("National Insurance number revealed");
  await expect(sent).not.toContainText("13 57 92");

  await sent.getByRole("button", { name: "Reveal" }).click();
  await expect(sent).toContainText("HG 13 57 92 D");
  await expect(timeline.getByText(`National Insurance number revealed`)).toHaveCount(1);
});

test("a document download asks for the passkey again when the last confirmation is over 15 minutes old", async ({
  page,
  request,
}) => {
  const reference = await sendApplication(
    request,
    {},
    { resume: { name: "CV.pdf", buffer: sampleFiles.pdf } },
  );
  const person = await joinAsStaff(page);
  ageConfirmation(person.email, 16);
  await page.goto(`/staff/leads/${reference}`);
  const cv = page.getByRole("region", { name: "Documents" }).getByRole("link", { name: /CV: CV\.pdf/ });
  const href = (await cv.getAttribute("href")) ?? "";
  const confirmPage = `/staff/confirm?next=${encodeURIComponent(href)}`;

  const direct = await page.request.get(href, { maxRedirects: 0 });
  expect(direct.status()).toBe(303);
  expect(direct.headers().location).toBe(confirmPage);
  expect((await direct.body()).length).toBe(0);

  await cv.click();
  await expect(page).toHaveURL(`${staffBaseURL}${confirmPage}`);
  await expectNoAxeViolations(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Confirm with your passkey" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("CV.pdf");
  expect((await readFile((await download.path()) ?? "")).equals(sampleFiles.pdf)).toBe(true);

  await page.getByRole("link", { name: `Back to ${reference}` }).click();
  await expect(page).toHaveURL(`${staffBaseURL}/staff/leads/${reference}`);
  // Only the download after the confirmation is on the timeline.
  await expect(page.getByRole("region", { name: "Timeline" }).getByText("CV downloaded")).toHaveCount(1);
});

test("signed out, downloads and exports answer 401 and lead pages and actions 303", async ({ request }) => {
  const reference = await sendApplication(request);
  for (const path of [
    "/staff/export.csv",
    "/staff/export.csv?q=anything&status=spam",
    `/staff/leads/${reference}/documents/1`,
    "/staff/leads/APP-ZZZZZZ/documents/1",
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(401);
    expect(response.headers()["content-type"], path).toContain("text/plain");
    expect((await response.body()).includes(Buffer.from("%PDF")), path).toBe(false);
  }
  expect((await request.get(`/staff/leads/${reference}`, { maxRedirects: 0 })).status()).toBe(303);
  const actions: Record<string, string>[] = [
    { intent: "status", status: "hired" },
    { intent: "note", note: "Hello" },
    { intent: "reveal" },
    { intent: "keep-consent", agreed: "on" },
    { intent: "retry-mail", mail: "1" },
  ];
  for (const form of actions) {
    const response = await request.post(`/staff/leads/${reference}`, {
      form,
      headers: { Origin: staffBaseURL },
      maxRedirects: 0,
    });
    expect(response.status(), form.intent).toBe(303);
    expect(response.headers().location).toMatch(/^\/staff\/sign-in/);
  }
  // From another site, even the attempt is refused before anything else.
  const foreign = await request.post(`/staff/leads/${reference}`, {
    form: { intent: "reveal" },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(foreign.status()).toBe(403);
});

test("without JavaScript, search, status, notes and reveal all work as plain forms", async ({
  page,
  browser,
  request,
}) => {
  const word = uniqueTag();
  const reference = await sendApplication(request, { lastName: word, niNumber: "CE 24 68 10 A" });
  await joinAsStaff(page);
  // The passkey ceremony needs JavaScript; everything after it does not.
  const plain = await browser.newContext({
    baseURL: staffBaseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScript = await plain.newPage();
  await noScript.goto("/staff");
  await search(noScript, word);
  await noScript.getByRole("link", { name: reference }).click();
  await expect(noScript).toHaveURL(`${staffBaseURL}/staff/leads/${reference}`);

  await noScript.getByRole("button", { name: "Reveal" }).click();
  await expect(noScript.getByRole("region", { name: "What they sent" })).toContainText("CE 24 68 10 A");

  await noScript.getByLabel("Status", { exact: true }).selectOption("contacted");
  await noScript.getByRole("button", { name: "Save status" }).click();
  await expect(noScript.getByRole("status")).toHaveText("Status saved: Contacted.");

  await noScript.getByLabel("Note", { exact: true }).fill("Left a voicemail.");
  await noScript.getByRole("button", { name: "Add a note" }).click();
  await expect(noScript.getByRole("region", { name: "Notes" }).getByRole("listitem")).toContainText(
    "Left a voicemail.",
  );
  await expect(noScript.getByRole("region", { name: "Timeline" })).toContainText(
    "Status changed from New to Contacted",
  );
  await plain.close();
});
