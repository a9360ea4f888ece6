/**
 * The pages the audit can reach only through a signed link: a job alert's confirmation and manage pages,
 * and an applicant's own page. Each is seeded as a visitor makes it, through the running server's own
 * forms (a job alert sign-up, a confirmation, an application with its CV), and its link is signed with
 * the server's keys, as the e-mails that carry it are.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { alertFields, alertLinkParameter, alertPaths } from "#core/alerts/model.ts";
import { applicantPageHref } from "#core/applicant-page.ts";
import { issueFormToken } from "#core/forms/form-token.server.ts";
import { formTokenField } from "#core/forms/form-token.ts";
import { openDatabase } from "../server/db/database.ts";
import { alertLinkKey, signAlertLink } from "../server/protection/alert-link.ts";
import { applicantLinkKey, signApplicantLink } from "../server/protection/applicant-link.ts";
import { loadSecrets } from "../server/secrets.ts";

const dayMs = 24 * 60 * 60 * 1000;

/** The smallest PDF the upload checks accept as the real thing: the CV the sample application carries. */
const samplePdf = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

/**
 * Writes the server's keys into its data folder before it starts (as its first start would), so the
 * audit can sign form tokens and links the server accepts; resolves to the result-token secret.
 */
export function prepareKeys(dataDir: string): string {
  loadSecrets(dataDir, {});
  const stored = JSON.parse(readFileSync(path.join(dataDir, "keys.json"), "utf8")) as {
    resultSecret: string;
  };
  return stored.resultSecret;
}

/** The time token a form's page carried, served a minute ago, as a person filling it in would have it. */
function pageToken(form: "careers" | "contact", secret: string): string {
  return issueFormToken(form, secret, Date.now() - 60_000);
}

async function post(url: string, body: FormData | URLSearchParams): Promise<Response> {
  const response = await fetch(url, { method: "POST", body, redirect: "manual" });
  if (response.status >= 400) throw new Error(`POST ${url} answered ${response.status}`);
  return response;
}

/** Signs up for job alerts through the sign-up form; resolves to the new alert's id. */
async function signUp(origin: string, databaseUrl: string, secret: string, email: string): Promise<string> {
  const form = new URLSearchParams({
    [alertFields.email]: email,
    [alertFields.place]: "Salford",
    [alertFields.frequency]: "daily",
    [formTokenField]: pageToken("careers", secret),
  });
  form.append(alertFields.services, "warehouse");
  form.append(alertFields.types, "TEMPORARY");
  await post(`${origin}${alertPaths.signUp}`, form);
  const db = openDatabase(databaseUrl);
  try {
    const [row] = await db.all<{ id: string }>("SELECT id FROM job_alerts WHERE LOWER(email) = ?", [email]);
    if (!row) throw new Error(`The job alert sign-up for ${email} was not stored`);
    return row.id;
  } finally {
    await db.close();
  }
}

/** The random value an application's links are signed over besides its reference, as the server stored it. */
async function linkNonceOf(databaseUrl: string, reference: string): Promise<string> {
  const db = openDatabase(databaseUrl);
  try {
    const [row] = await db.all<{ link_nonce: string }>(
      "SELECT link_nonce FROM applications WHERE reference = ?",
      [reference],
    );
    if (!row) throw new Error(`The application ${reference} was not stored`);
    return row.link_nonce;
  } finally {
    await db.close();
  }
}

/** Sends an application with a CV through the careers form's endpoint; resolves to its reference. */
async function apply(origin: string, secret: string): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    firstName: "Tomasz",
    lastName: "Nowak",
    email: "tomasz.nowak@example.co.uk",
    phone: "07700 900123",
    address: "12 Jersey Street, Manchester M4 6JB",
    hasCarQuestion: "yes",
    hasUKLicense: "no",
    rightToWork: "yes",
    niNumber: "AB 12 34 56 C",
    [formTokenField]: pageToken("careers", secret),
  }))
    form.append(name, value);
  form.append("resume", new Blob([samplePdf], { type: "application/pdf" }), "Tomasz Nowak CV.pdf");
  const response = await post(`${origin}/careers-handler.php`, form);
  const { message } = (await response.json()) as { message: string };
  const reference = /APP-[0-9A-Z]{6}/.exec(message)?.[0];
  if (!reference) throw new Error(`The application was not taken: ${message}`);
  return reference;
}

/**
 * Seeds, through the running server, what the signed-link pages show, and resolves to their addresses
 * (path and query): a job alert waiting for its confirmation, one confirmed (its manage page), and an
 * application (its applicant's page).
 */
export async function signedLinkPages(
  origin: string,
  databaseUrl: string,
  secret: string,
): Promise<string[]> {
  const alertKey = alertLinkKey(secret);
  const alertLink = (where: string, token: string) => `${where}?${alertLinkParameter}=${token}`;
  const waiting = await signUp(origin, databaseUrl, secret, "aisha.khan@example.co.uk");
  const confirm = alertLink(
    alertPaths.confirm,
    signAlertLink(alertKey, waiting, "confirm", Date.now() + dayMs),
  );
  const started = await signUp(origin, databaseUrl, secret, "grace.okafor@example.co.uk");
  const startedConfirm = signAlertLink(alertKey, started, "confirm", Date.now() + dayMs);
  await post(
    `${origin}${alertLink(alertPaths.confirm, startedConfirm)}`,
    new URLSearchParams({ intent: "confirm" }),
  );
  const manage = alertLink(alertPaths.manage, signAlertLink(alertKey, started, "manage", null));
  const reference = await apply(origin, secret);
  const linkNonce = await linkNonceOf(databaseUrl, reference);
  const applicant = applicantPageHref(
    signApplicantLink(applicantLinkKey(secret), { reference, linkNonce }, Date.now() + 30 * dayMs),
  );
  return [confirm, manage, applicant];
}
