/**
 * The states `npm run screenshots` looks at beyond the public pages: the pages only a signed link
 * opens (an applicant's own page, its questions before withdrawing and leaving the talent pool, and the
 * job alerts' page with its question before leaving). Made through the site itself, as a person would
 * make them, on the screenshots' own server and database; the links are read back from its outbox.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { issueFormToken } from "#core/forms/form-token.server.ts";
import { formTokenField } from "#core/forms/form-token.ts";

/** A state to photograph: its file name and the address (path and query) that shows it. */
export type ScreenshotState = { name: string; path: string };

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
