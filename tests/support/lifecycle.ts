// Helpers for the lifecycle tests: leads made by posting the real forms to the real handlers, then
// moved through their statuses and dates as the inbox would (its columns, written directly here).
import { randomBytes } from "node:crypto";
import { tableOfReference } from "../../server/tables/leads/records.ts";
import {
  applicationFields,
  applicationForm,
  type Harness,
  postApplication,
  postEnquiry,
  samples,
  validEnquiry,
} from "./harness.ts";

export const day = 24 * 60 * 60 * 1000;

function referenceIn(message: string): string {
  const match = /(ENQ|APP)-[0-9A-Z]{6}/.exec(message);
  if (!match) throw new Error(`No reference in: ${message}`);
  return match[0];
}

/** A PDF the upload checks accept, carrying a marker no other file has. */
export function markedPdf(marker: string): Buffer {
  const text = samples.pdf.toString("latin1").replace("%PDF-1.4\n", `%PDF-1.4\n% ${marker}\n`);
  return Buffer.from(text, "latin1");
}

/** A random token to make a test's values unique (letters only, as names need). */
export function token(length = 10): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  return Array.from(randomBytes(length), (byte) => letters[byte % letters.length]).join("");
}

/** Posts an enquiry through the contact form's endpoint; resolves to its reference. */
export async function sendEnquiry(h: Harness, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await postEnquiry(h.url, validEnquiry(overrides));
  const reply = (await response.json()) as { success: boolean; message: string };
  if (response.status !== 200 || !reply.success) throw new Error(`Enquiry refused: ${reply.message}`);
  return referenceIn(reply.message);
}

/** Posts an application (with a CV) through the careers form's endpoint; resolves to its reference. */
export async function sendApplication(
  h: Harness,
  overrides: Record<string, string> = {},
  files?: { field: string; name: string; content: Buffer; type?: string }[],
): Promise<string> {
  const response = await postApplication(h.url, applicationForm(applicationFields(overrides), files));
  const reply = (await response.json()) as { success: boolean; message: string };
  if (response.status !== 200 || !reply.success) throw new Error(`Application refused: ${reply.message}`);
  return referenceIn(reply.message);
}

/** Sets a lead's status and dates as the inbox and lead page would. */
export async function setLead(
  h: Harness,
  reference: string,
  values: Partial<
    Record<
      "status" | "created_at" | "status_changed_at" | "last_activity_at" | "keep_consent_at",
      string | number | null
    >
  >,
): Promise<void> {
  const table = tableOfReference(reference);
  const columns = Object.keys(values);
  const changed = await h.services.db.run(
    `UPDATE ${table} SET ${columns.map((column) => `${column} = ?`).join(", ")} WHERE reference = ?`,
    [...(Object.values(values) as (string | number | null)[]), reference],
  );
  if (changed !== 1) throw new Error(`No lead ${reference}`);
}

/** Adds a member of staff, allowed to manage vacancies unless told otherwise; resolves to their id. */
export async function addStaff(h: Harness, name = "Priya Shah", vacancies = true): Promise<number> {
  const [row] = await h.services.db.all<{ id: number }>(
    "INSERT INTO staff (email, name, user_handle, created_at, can_manage_vacancies) VALUES (?, ?, ?, ?, ?) RETURNING id",
    [`${token(6)}@cottonopolis.example`, name, token(16), Date.now(), vacancies ? 1 : 0],
  );
  return Number(row?.id);
}

/** Adds a note to a lead, and its entry on the timeline, as the lead page would. */
export async function addNote(h: Harness, reference: string, staffId: number, body: string, at: number) {
  await h.services.db.run("INSERT INTO notes (reference, staff_id, body, created_at) VALUES (?, ?, ?, ?)", [
    reference,
    staffId,
    body,
    at,
  ]);
  await h.services.db.run(
    "INSERT INTO audit_log (reference, action, staff_id, detail, created_at) VALUES (?, 'note-added', ?, ?, ?)",
    [reference, staffId, `note: ${body.slice(0, 40)}`, at],
  );
}

/** How many rows of a table match. */
export async function count(h: Harness, table: string, where = "1 = 1", params: (string | number)[] = []) {
  const [row] = await h.services.db.all<{ n: number }>(
    `SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`,
    params,
  );
  return Number(row?.n ?? 0);
}

/** An application's row id (its documents point at it). */
export async function applicationId(h: Harness, reference: string): Promise<number> {
  const [row] = await h.services.db.all<{ id: number }>("SELECT id FROM applications WHERE reference = ?", [
    reference,
  ]);
  if (!row) throw new Error(`No application ${reference}`);
  return Number(row.id);
}

/** Everything a lead has in the database, counted table by table (documents by the application's id). */
export async function footprint(h: Harness, reference: string, documentsOf = -1) {
  const table = tableOfReference(reference);
  return {
    lead: await count(h, table, "reference = ?", [reference]),
    documents: await count(h, "documents", "application_id = ?", [documentsOf]),
    outbox: await count(h, "outbox", "reference = ?", [reference]),
    notes: await count(h, "notes", "reference = ?", [reference]),
    timelineDetail: await count(h, "audit_log", "reference = ? AND detail <> '' AND action <> 'deleted'", [
      reference,
    ]),
  };
}
