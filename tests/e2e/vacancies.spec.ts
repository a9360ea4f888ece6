import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Validator from "@adobe/structured-data-validator";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import vnuJar from "vnu-jar";
import { expectNoAxeViolations, waitForHydration } from "./helpers";
import { sampleFiles, uniqueTag } from "./lead-helpers";
import { joinAsStaff, staffBaseURL } from "./staff-helpers";
import { fillApplication, fillVacancy, londonDay, publishVacancy, sampleVacancy } from "./vacancy-helpers";

const run = promisify(execFile);

type JobPosting = {
  title: string;
  description: string;
  datePosted: string;
  validThrough: string;
  employmentType: string;
  directApply: boolean;
  identifier: { value: string };
  hiringOrganization: Record<string, string>;
  jobLocation: { address: unknown };
  baseSalary: unknown;
};

/** The page's JobPosting JSON-LD. */
async function jobPosting(page: Page): Promise<JobPosting> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const posting = blocks.map((text) => JSON.parse(text)).find((data) => data["@type"] === "JobPosting");
  expect(posting, "a JobPosting block").toBeTruthy();
  return posting;
}

async function sitemapLocs(request: APIRequestContext): Promise<string> {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  return response.text();
}

async function expectValidHtml(pages: [string, string][]) {
  const folder = mkdtempSync(path.join(tmpdir(), "vnu-vacancies-"));
  try {
    const files = pages.map(([route, html], index) => {
      const file = path.join(folder, `${index}.html`);
      writeFileSync(file, html);
      return { route, file };
    });
    const { stderr } = await run(
      process.env.JAVA ?? "java",
      [
        "-jar",
        String(vnuJar),
        "--errors-only",
        "--format",
        "json",
        "--exit-zero-always",
        ...files.map((f) => f.file),
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const { messages } = JSON.parse(stderr) as {
      messages: { url: string; message: string; lastLine?: number }[];
    };
    const errors = messages.map((message) => {
      const route =
        files.find((f) => message.url.endsWith(`/${path.basename(f.file)}`))?.route ?? message.url;
      return `${route}:${message.lastLine ?? "?"} ${message.message}`;
    });
    expect(errors).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test("a vacancy is published, listed, carries its JobPosting, and takes applications with and without JavaScript", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await joinAsStaff(page);
  const fields = sampleVacancy();
  const { reference, path: vacancyPath } = await publishVacancy(page, fields);
  expect(vacancyPath).toMatch(/^\/careers\/vacancies\/warehouse-operative-[a-z0-9-]+$/);

  // The workspace lists it as Open, with no applicants yet.
  await page.goto(`${staffBaseURL}/staff/vacancies`);
  const row = page.getByRole("row").filter({ hasText: reference });
  await expect(row).toContainText("Open");
  await expect(row.getByRole("cell").nth(2)).toHaveText("0");

  // Both lists show it, and the sitemap lists it with its lastmod.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/careers/vacancies");
  await expect(visitor.getByRole("link", { name: fields.title })).toHaveAttribute("href", vacancyPath);
  await visitor.goto("/careers/vacancies?service=warehouse&type=TEMPORARY");
  await expect(visitor.getByRole("link", { name: fields.title })).toBeVisible();
  await visitor.goto("/careers/vacancies?service=steward&type=CONTRACTOR");
  await expect(visitor.getByRole("link", { name: fields.title })).toHaveCount(0);
  await expect(visitor.getByText(/No open jobs match/)).toBeVisible();
  await visitor.goto("/careers");
  await expect(visitor.getByRole("heading", { name: "Current vacancies" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: fields.title })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "See all vacancies" })).toHaveAttribute(
    "href",
    "/careers/vacancies",
  );
  expect(await sitemapLocs(request)).toMatch(
    new RegExp(`<loc>https://[^<]+${vacancyPath}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T[^<]+</lastmod>`),
  );

  // Its page: everything about the job, and a JobPosting that says the same.
  await visitor.goto(vacancyPath);
  await expect(visitor.getByRole("heading", { level: 1, name: fields.title })).toBeVisible();
  await expect(visitor.getByText("Nights, 4 on 4 off")).toBeVisible();
  await expect(
    visitor.getByRole("listitem").filter({ hasText: "Pick orders with a handheld scanner" }),
  ).toBeVisible();
  await expect(visitor.getByText("£12.21 to £13.50 an hour").first()).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Apply for this job" })).toHaveAttribute("href", "#apply");
  await expect(visitor.locator('form input[name="vacancy"]')).toHaveValue(reference);
  await expect(visitor.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`${vacancyPath}$`),
  );
  await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    new RegExp(fields.title),
  );
  const posting = await jobPosting(visitor);
  expect(posting.title).toBe(fields.title);
  expect(posting.description).toBe(
    "<p>Picking and packing orders for a busy grocery distribution centre.</p><p>What you will do:</p><ul><li>Pick orders with a handheld scanner</li><li>Load and unload deliveries</li></ul>",
  );
  expect(posting.employmentType).toBe("TEMPORARY");
  expect(posting.directApply).toBe(true);
  expect(posting.identifier).toEqual({
    "@type": "PropertyValue",
    name: "Cottonopolis Facilities",
    value: reference,
  });
  expect(posting.validThrough).toMatch(new RegExp(`^${fields.closesOn}T23:59:59\\+0[01]:00$`));
  expect(Date.now() - Date.parse(posting.datePosted)).toBeLessThan(5 * 60_000);
  expect(posting.hiringOrganization).toMatchObject({
    "@type": "Organization",
    name: "Cottonopolis Facilities",
  });
  expect(posting.hiringOrganization.sameAs).toMatch(/^https:\/\//);
  expect(posting.hiringOrganization.logo).toMatch(/^https:\/\/.+\.png$/);
  expect(posting.jobLocation.address).toEqual({
    "@type": "PostalAddress",
    addressLocality: fields.location,
    addressRegion: "Greater Manchester",
    postalCode: fields.postcode,
    addressCountry: "GB",
  });
  expect(posting.baseSalary).toEqual({
    "@type": "MonetaryAmount",
    currency: "GBP",
    value: { "@type": "QuantitativeValue", minValue: 12.21, maxValue: 13.5, unitText: "HOUR" },
  });
  // An independent validator of Google's rich-result rules for job postings finds nothing required
  // missing, and of the recommended fields only the two Google asks for when a job is done from home.
  const issues = await new Validator().validate({ jsonld: { JobPosting: [posting] } });
  expect(issues.filter((issue) => issue.severity === "ERROR")).toEqual([]);
  expect(issues.map((issue) => issue.issueMessage).sort()).toEqual([
    'Missing field "applicantLocationRequirements" (optional)',
    'Missing field "jobLocationType" (optional)',
  ]);
  // The page shows every value the markup states: the facts as a list, the reference below the words.
  const facts = visitor.getByRole("region", { name: "About the job" }).locator("dl");
  const fact = (term: string) =>
    facts.locator("div").filter({ has: visitor.getByText(term, { exact: true }) });
  await expect(fact("Pay").locator("dd")).toHaveText("£12.21 to £13.50 an hour");
  await expect(fact("Place").locator("dd")).toHaveText(`${fields.location}, ${fields.postcode}`);
  await expect(fact("Kind of work").locator("dd")).toHaveText("Temporary");
  const postedOn = new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/London",
  });
  await expect(fact("Posted").locator("dd")).toHaveText(postedOn.format(Date.parse(posting.datePosted)));
  await expect(fact("Closing date").locator("dd")).toHaveText(
    postedOn.format(Date.parse(`${fields.closesOn}T12:00:00Z`)),
  );
  await expect(visitor.getByText(`Reference ${reference}.`)).toBeVisible();
  await expectNoAxeViolations(visitor);
  const html = await (await request.get(vacancyPath)).text();
  const list = await (await request.get("/careers/vacancies")).text();
  await expectValidHtml([
    [vacancyPath, html],
    ["/careers/vacancies", list],
    ["/careers", await (await request.get("/careers")).text()],
  ]);

  // Applying with JavaScript: the application names the vacancy.
  await waitForHydration(visitor);
  const form = visitor.getByRole("form", { name: "Job application" });
  const scripted = `Scripted${uniqueTag()}`;
  await fillApplication(form, scripted);
  await form.getByRole("button", { name: "Submit Application" }).click();
  const banner = form.locator("[data-result=success]");
  await expect(banner).toContainText(/APP-[0-9A-Z]{6}/);
  const scriptedRef = /APP-[0-9A-Z]{6}/.exec((await banner.textContent()) ?? "")?.[0] as string;
  await visitorContext.close();

  // And without JavaScript: the post comes back to the vacancy's page with the thank-you.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto(vacancyPath);
  const plainForm = noScript.getByRole("form", { name: "Job application" });
  const unscripted = `Plain${uniqueTag()}`;
  await fillApplication(plainForm, unscripted);
  await plainForm.getByRole("button", { name: "Submit Application" }).click();
  await expect(noScript).toHaveURL(new RegExp(`${vacancyPath}\\?result=`));
  const plainBanner = noScript.locator("[data-result=success]");
  await expect(plainBanner).toContainText(/APP-[0-9A-Z]{6}/);
  const plainRef = /APP-[0-9A-Z]{6}/.exec((await plainBanner.textContent()) ?? "")?.[0] as string;
  await plain.close();

  // In the workspace: both name the vacancy, the inbox filters by it, and the list counts them.
  for (const applied of [scriptedRef, plainRef]) {
    await page.goto(`${staffBaseURL}/staff/leads/${applied}`);
    await expect(page.getByText("For the vacancy")).toContainText(reference);
    await expect(page.getByRole("link", { name: fields.title })).toBeVisible();
  }
  await page.goto(`${staffBaseURL}/staff?vacancy=${reference}`);
  await expect(page.getByRole("link", { name: scriptedRef })).toBeVisible();
  await expect(page.getByRole("link", { name: plainRef })).toBeVisible();
  await expect(page.locator("select[name=vacancy]")).toHaveValue(reference);
  await expectNoAxeViolations(page);
  await page.goto(`${staffBaseURL}/staff/vacancies`);
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: reference })
      .getByRole("link", { name: `2 applications for ${fields.title}` }),
  ).toHaveAttribute("href", `/staff?vacancy=${reference}`);
  await expectNoAxeViolations(page);
});

test("an edit changes the page but not its posting date; closing answers 410 and takes it off the lists and the sitemap", async ({
  page,
  request,
  playwright,
}, testInfo) => {
  test.setTimeout(120_000);
  await joinAsStaff(page);
  const fields = sampleVacancy({
    service: "security-officers",
    employmentType: "FULL_TIME",
    title: `Night Security Officer ${uniqueTag()}`,
  });
  const { reference, path: vacancyPath } = await publishVacancy(page, fields);
  const before = await request.get(vacancyPath);
  const postedBefore = /"datePosted":"([^"]+)"/.exec(await before.text())?.[1];
  expect(postedBefore).toBeTruthy();

  await page.goto(`${staffBaseURL}/staff/vacancies/${reference}`);
  const title = `${fields.title} (weekends)`;
  await fillVacancy(page, { title, payTo: "14.00" });
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Published. The vacancy is on the careers pages")).toBeVisible();
  await expect(page.getByText("Edited (title, pay)")).toBeVisible();

  // The address follows the new title, and the old one leads to it for good; the page says the new words
  // at once; the posting date does not move.
  const moved = await request.get(vacancyPath, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  const newPath = moved.headers().location ?? "";
  expect(newPath).toBe(vacancyPath.replace(/-([a-z0-9]{6})$/, "-weekends-$1"));
  const after = await request.get(newPath);
  expect(after.status()).toBe(200);
  const afterHtml = await after.text();
  expect(afterHtml).toContain("(weekends)");
  expect(afterHtml).toContain("£12.21 to £14.00 an hour");
  expect(/"datePosted":"([^"]+)"/.exec(afterHtml)?.[1]).toBe(postedBefore);

  await page.getByRole("button", { name: "Close vacancy" }).click();
  await expect(page.getByText("Closed. Its page now tells visitors")).toBeVisible();
  await expect(page.getByText("Closed: no longer listed or taking applications")).toBeVisible();

  const gone = await request.get(newPath);
  expect(gone.status()).toBe(410);
  const goneHtml = await gone.text();
  expect(goneHtml).toContain("This vacancy has closed");
  expect(goneHtml).not.toContain("JobPosting");
  expect(goneHtml.replaceAll("<!-- -->", "")).toContain("Open Security Officers jobs");
  expect(await (await request.get("/careers/vacancies")).text()).not.toContain(
    reference.slice(4).toLowerCase(),
  );
  expect(await sitemapLocs(request)).not.toContain(newPath);
  await expectValidHtml([[`${newPath} (closed)`, goneHtml]]);
  await page.goto(newPath);
  await expectNoAxeViolations(page);

  // The posts go on connections of their own. The page's checks above take longer than the server keeps
  // an idle connection open, and a post sent down a connection the server is closing at that moment is
  // reset, not sent again.
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  // An application posted while it closed is still kept, marked as for a closed vacancy.
  const response = await api.post("/careers-handler.php", {
    multipart: {
      firstName: "Late",
      lastName: "Applicant",
      email: `late.${uniqueTag()}@example.com`,
      phone: "07700 900123",
      address: "1 Deansgate, Manchester",
      hasCarQuestion: "no",
      hasUKLicense: "no",
      rightToWork: "yes",
      niNumber: "AB 12 34 56 C",
      vacancy: reference,
      resume: { name: "cv.pdf", mimeType: "application/pdf", buffer: sampleFiles.pdf },
    },
  });
  expect(response.status()).toBe(200);
  const late = /APP-[0-9A-Z]{6}/.exec(((await response.json()) as { message: string }).message)?.[0];
  await page.goto(`${staffBaseURL}/staff/leads/${late}`);
  await expect(page.getByText("sent after the vacancy had closed")).toBeVisible();

  // An unknown vacancy is refused like any other bad field.
  const unknown = await api.post("/careers-handler.php", {
    multipart: {
      firstName: "Ann",
      lastName: "Other",
      email: "ann@example.com",
      phone: "07700 900123",
      address: "1 Deansgate, Manchester",
      hasCarQuestion: "no",
      hasUKLicense: "no",
      rightToWork: "yes",
      niNumber: "AB 12 34 56 C",
      vacancy: "VAC-ZZZZZZ",
      resume: { name: "cv.pdf", mimeType: "application/pdf", buffer: sampleFiles.pdf },
    },
  });
  expect(unknown.status()).toBe(400);
  expect(((await unknown.json()) as { message: string }).message).toContain("do not recognise the vacancy");
  await api.dispose();
});

test("a vacancy past its closing date answers 410 and leaves the lists, judged with an injected clock", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await joinAsStaff(page);
  const fields = sampleVacancy({ closesOn: londonDay(2) });
  const { path: vacancyPath } = await publishVacancy(page, fields);
  const onTheDay = await browser.newContext({
    extraHTTPHeaders: { "X-Test-Now": `${fields.closesOn}T22:30:00Z` },
  });
  const after = await browser.newContext({ extraHTTPHeaders: { "X-Test-Now": `${londonDay(3)}T00:30:00Z` } });
  try {
    // 22:30 UTC on the closing day is still that day in London (23:30 in summer).
    expect((await onTheDay.request.get(vacancyPath)).status()).toBe(200);
    const expired = await after.request.get(vacancyPath);
    expect(expired.status()).toBe(410);
    expect(await expired.text()).toContain("This vacancy has closed");
    expect(await (await after.request.get("/careers/vacancies")).text()).not.toContain(vacancyPath);
    expect(await (await after.request.get("/sitemap.xml")).text()).not.toContain(vacancyPath);
    expect(await (await onTheDay.request.get("/sitemap.xml")).text()).toContain(vacancyPath);
  } finally {
    await onTheDay.close();
    await after.close();
  }
});

test("markup and script in a vacancy's title and description are shown as text", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await joinAsStaff(page);
  const fields = sampleVacancy({
    title: `<img src=x onerror=alert(1)> Cleaner </script><script>alert(2)</script> ${uniqueTag()}`,
    description: `<b>Bold</b> & <script>window.hacked = true</script>\n- <a href="javascript:alert(3)">link</a>`,
  });
  const { path: vacancyPath } = await publishVacancy(page, fields);
  const visitor = await browser.newPage();
  const dialogs: string[] = [];
  visitor.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await visitor.goto(vacancyPath);
  await waitForHydration(visitor);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(fields.title);
  await expect(visitor.getByText("<b>Bold</b> & <script>window.hacked = true</script>")).toBeVisible();
  await expect(
    visitor.getByRole("listitem").filter({ hasText: '<a href="javascript:alert(3)">link</a>' }),
  ).toBeVisible();
  expect(await visitor.locator("main img, main b, main a[href^=javascript]").count()).toBe(0);
  expect(await visitor.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
  const posting = await jobPosting(visitor);
  expect(posting.title).toBe(fields.title);
  expect(posting.description).toContain("&lt;script&gt;window.hacked = true&lt;/script&gt;");
  expect(posting.description).not.toContain("<script>");
  expect(dialogs).toEqual([]);
  await visitor.close();
});
