import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import type { FormName } from "#core/forms/form-result.ts";
import { issueFormToken } from "#core/forms/form-token.server.ts";
import { formTokenField, formTokenHeader } from "#core/forms/form-token.ts";
import { e2eDatabase, e2eDataDir } from "../../playwright.config";
import { validEnquiry } from "../support/fixtures.ts";

/** A word no other test uses: searching for it finds only this test's leads. */
export function uniqueTag(): string {
  return `tag${randomBytes(5).toString("hex")}`;
}

function referenceIn(message: string): string {
  const match = /(ENQ|APP)-[0-9A-Z]{6}/.exec(message);
  if (!match) throw new Error(`No reference in: ${message}`);
  return match[0];
}

/**
 * The time token the form's page would have carried, served a minute ago as a person filling it in
 * would have it, signed with the e2e server's own secret (its keys.json): the lead is not suspected.
 */
export function pageToken(form: FormName): string {
  const keys = JSON.parse(readFileSync(path.join(e2eDataDir, "keys.json"), "utf8")) as {
    resultSecret: string;
  };
  return issueFormToken(form, keys.resultSecret, Date.now() - 60_000);
}

/**
 * Gives the page's forms of `form` the time token their page would have carried had it been opened a
 * minute ago, as a person who took that long to fill them in would send them: sent at once, they are
 * not taken as sent too fast.
 */
export async function openedAMinuteAgo(page: Page, form: FormName) {
  await page.locator(`input[name="${formTokenField}"]`).evaluateAll((inputs, token) => {
    for (const input of inputs) (input as HTMLInputElement).value = token;
  }, pageToken(form));
}

/**
 * Sends an enquiry as the contact form's script does, the page's time token in its header; resolves to
 * its reference. Each one differs (the same content from the same address within minutes counts as a
 * repeat of the first).
 */
export async function sendEnquiry(request: APIRequestContext, fields: Record<string, string> = {}) {
  const response = await request.post("/contact-handler.php", {
    data: { ...validEnquiry(), ...fields },
    headers: { [formTokenHeader]: pageToken("contact") },
  });
  expect(response.status()).toBe(200);
  return referenceIn(((await response.json()) as { message: string }).message);
}

/** The smallest PDF and PNG the upload checks accept as the real thing. */
export const sampleFiles = {
  pdf: Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"),
  png: Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
    "hex",
  ),
};

/** Sends an application with a CV (and, when given, another document) as the careers form does; each differs. */
export async function sendApplication(
  request: APIRequestContext,
  fields: Record<string, string> = {},
  files: {
    resume?: { name: string; buffer: Buffer };
    otherDocuments?: { name: string; buffer: Buffer };
  } = {},
) {
  const resume = files.resume ?? { name: "Tomasz Nowak CV.pdf", buffer: sampleFiles.pdf };
  const response = await request.post("/careers-handler.php", {
    multipart: {
      firstName: "Tomasz",
      lastName: "Nowak",
      email: `tomasz.nowak.${uniqueTag()}@example.com`,
      phone: "07700 900123",
      address: "12 Jersey Street, Manchester M4 6JB",
      hasCarQuestion: "yes",
      hasUKLicense: "no",
      rightToWork: "yes",
      niNumber: "AB 12 34 56 C",
      [formTokenField]: pageToken("careers"),
      ...fields,
      resume: { name: resume.name, mimeType: "application/pdf", buffer: resume.buffer },
      ...(files.otherDocuments
        ? {
            otherDocuments: {
              name: files.otherDocuments.name,
              mimeType: "image/png",
              buffer: files.otherDocuments.buffer,
            },
          }
        : {}),
    },
  });
  expect(response.status()).toBe(200);
  return referenceIn(((await response.json()) as { message: string }).message);
}

/**
 * Runs one statement on the e2e server's database, for what a test cannot make happen through the
 * site itself (an e-mail that failed for good, a passkey confirmation from long ago).
 */
export function runOnServerDatabase(sql: string, ...params: SQLInputValue[]): number {
  const db = new DatabaseSync(e2eDatabase);
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    return Number(db.prepare(sql).run(...params).changes);
  } finally {
    db.close();
  }
}
