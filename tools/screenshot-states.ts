/**
 * The states `npm run screenshots` looks at beyond the public pages: the pages only a signed link
 * opens (an applicant's own page, its questions before withdrawing and leaving the talent pool, and the
 * job alerts' page with its question before leaving). Made through the site itself, as a person would
 * make them, on the screenshots' own server and database; the links are read back from its outbox.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Page } from "@playwright/test";
import { issueFormToken } from "#core/forms/form-token.server.ts";
import { formTokenField } from "#core/forms/form-token.ts";

/**
 * A state to photograph: its file name, the address (path and query) that shows it and, for a state a
 * visitor reaches by doing something there, what they do before the shot.
 */
export type ScreenshotState = { name: string; path: string; act?: (page: Page) => Promise<void> };

/** A form token issued a minute ago, as a person who took that long to fill the form in would send. */
function tokenFromAMinuteAgo(dataDir: string, form: "careers" | "contact"): string {
  const keys = JSON.parse(readFileSync(path.join(dataDir, "keys.json"), "utf8")) as { resultSecret: string };
  return issueFormToken(form, keys.resultSecret, Date.now() - 60_000);
}

/** The first address in the newest e-mail of `purpose` to `to` that starts with `prefix`. */
function linkIn(database: string, to: string, purpose: string, prefix: string): string {
  const db = new DatabaseSync(database, { readOnly: true });
  try {
    const row = db
      .prepare("SELECT body FROM outbox WHERE to_address = ? AND purpose = ? ORDER BY id DESC LIMIT 1")
      .get(to, purpose) as { body: string } | undefined;
    const escaped = prefix.replace(/[?/]/g, "\\$&");
    const found = new RegExp(`https?://[^/\\s]+(${escaped}\\?link=\\S+)`).exec(row?.body ?? "")?.[1];
    if (!found) throw new Error(`No ${prefix} link in the ${purpose} e-mail to ${to}`);
    return found;
  } finally {
    db.close();
  }
}

async function posted(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** An application sent through the careers form, and its applicant's page, with them in the talent pool. */
async function applicantPage(base: string, dataDir: string, database: string): Promise<string> {
  const email = `screenshots.${Date.now()}@example.com`;
  const form = new FormData();
  for (const [name, value] of Object.entries({
    firstName: "Tomasz",
    lastName: "Nowak",
    email,
    phone: "07700 900123",
    address: "12 Jersey Street, Manchester M4 6JB",
    hasCarQuestion: "yes",
    hasUKLicense: "no",
    rightToWork: "yes",
    niNumber: "AB 12 34 56 C",
    [formTokenField]: tokenFromAMinuteAgo(dataDir, "careers"),
  })) {
    form.append(name, value);
  }
  const pdf = "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n";
  form.append("resume", new Blob([pdf], { type: "application/pdf" }), "Tomasz Nowak CV.pdf");
  await posted(await fetch(`${base}/careers-handler.php`, { method: "POST", body: form }), "The application");
  const page = linkIn(database, email, "acknowledgement", "/your-application");
  await posted(
    await fetch(`${base}${page}`, { method: "POST", body: new URLSearchParams({ intent: "keep-on-file" }) }),
    "Keep me on file",
  );
  return page;
}

/** A job alert signed up for and confirmed, and its page (the manage link, sent when signing up again). */
async function alertPage(base: string, dataDir: string, database: string): Promise<string> {
  const email = `screenshots.alerts.${Date.now()}@example.com`;
  const signUp = () =>
    fetch(`${base}/careers/alerts`, {
      method: "POST",
      body: new URLSearchParams({
        email,
        frequency: "daily",
        [formTokenField]: tokenFromAMinuteAgo(dataDir, "careers"),
      }),
      redirect: "manual",
    });
  await signUp();
  const confirm = linkIn(database, email, "alert-confirm", "/careers/alerts/confirm");
  await posted(
    await fetch(`${base}${confirm}`, { method: "POST", body: new URLSearchParams() }),
    "Confirming",
  );
  await signUp();
  return linkIn(database, email, "alert-confirm", "/careers/alerts/manage");
}

/**
 * The states to photograph on a server at `base` whose data folder is `dataDir` and SQLite database
 * `database`: each made fresh for the run.
 */
export async function linkedStates(
  base: string,
  dataDir: string,
  database: string,
): Promise<ScreenshotState[]> {
  const applicant = await applicantPage(base, dataDir, database);
  const alerts = await alertPage(base, dataDir, database);
  return [
    { name: "your-application", path: applicant },
    { name: "your-application-withdraw", path: `${applicant}&step=withdraw` },
    { name: "your-application-leave-pool", path: `${applicant}&step=leave-pool` },
    { name: "job-alerts-manage", path: alerts },
    { name: "job-alerts-manage-leave", path: `${alerts}&step=leave` },
  ];
}

const samplePdf = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

async function fillApplication(page: Page) {
  const form = page.getByRole("form", { name: "Job application" });
  await form.getByLabel("First Name").fill("Mariam");
  await form.getByLabel("Last Name").fill("Hussain");
  await form.getByLabel("Email Address").fill(`mariam.hussain.${Date.now()}@example.com`);
  await form.getByLabel("Phone Number").fill("07700 900456");
  await form.getByRole("textbox", { name: "Address", exact: true }).fill("3 Tib Street, Manchester M4 1LN");
  for (const [question, answer] of [
    [/Do you have a car/, "No"],
    [/UK driving licence/, "Yes"],
    [/right to work/, "Yes"],
  ] as const) {
    await form.getByRole("group", { name: question }).getByLabel(answer).check();
  }
  await form.getByLabel("National Insurance Number").fill("AB 12 34 56 C");
  await form
    .getByLabel(/CV \/ Resume/)
    .setInputFiles({ name: "Mariam Hussain CV.pdf", mimeType: "application/pdf", buffer: samplePdf });
  return form;
}

/**
 * The states a visitor reaches by doing something on a page, done in the browser that takes the shot (with
 * JavaScript and without): a form sent, a form sent empty, the security questions, "check your inbox".
 */
export const actedStates: readonly ScreenshotState[] = [
  {
    name: "careers-application-received",
    path: "/careers",
    act: async (page) => {
      const form = await fillApplication(page);
      await form.getByRole("button", { name: "Submit Application" }).click();
      await page.locator("[data-receipt]").waitFor();
    },
  },
  {
    name: "careers-application-empty",
    path: "/careers",
    act: async (page) => {
      const form = page.getByRole("form", { name: "Job application" });
      await form.getByRole("button", { name: "Submit Application" }).click();
      await form.getByRole("alert").waitFor();
    },
  },
  {
    name: "contact-enquiry-received",
    path: "/contact",
    act: async (page) => {
      const form = page.getByRole("form", { name: "Send us a message" });
      await form.getByLabel("First Name").fill("Aisha");
      await form.getByLabel("Last Name").fill("Khan");
      await form.getByLabel("Email Address").fill(`aisha.khan.${Date.now()}@example.co.uk`);
      await form.getByLabel("Service Required").selectOption("security");
      await form
        .getByRole("textbox", { name: "Message", exact: true })
        .fill("Two officers for a site, please.");
      await form.getByRole("button", { name: "Send Message" }).click();
      await page.locator("[data-receipt]").waitFor();
    },
  },
  {
    name: "contact-security-questions",
    path: "/contact?service=security",
    act: async (page) => {
      await page.getByRole("group", { name: "About the security you need" }).scrollIntoViewIfNeeded();
    },
  },
  { name: "job-alerts", path: "/careers/alerts" },
  {
    name: "job-alerts-check-inbox",
    path: "/careers/alerts",
    act: async (page) => {
      await page.getByLabel("E-mail address").fill(`sam.${Date.now()}@example.org`);
      await page.getByRole("button", { name: "Send me job alerts" }).click();
      await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
    },
  },
];
