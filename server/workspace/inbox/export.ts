/**
 * The inbox's CSV export: every lead a search and filters match, for a spreadsheet. Its column headers
 * are a contract with whoever reads the file; its values read as the lead's fields do everywhere.
 */
import { stringify } from "csv-stringify/sync";
import { describeAnswers, siteDetailsLabel } from "#core/config/quote-questions.ts";
import { fieldCell, type LeadFieldKey } from "#core/leads/fields.ts";
import type { InboxQuery } from "#core/leads/inbox-query.ts";
import { formatDateTime, kindLabel, statusLabels } from "#core/leads/model.ts";
import type { Database } from "../../db/database.ts";
import { leadsToExport } from "../../tables/leads/search-export.ts";
import { recordEvent, recordEvents } from "../../tables/timeline.ts";

/**
 * The export's columns, in order, with headers a spreadsheet or a script may match on, so they stay as
 * they are whatever the page calls a field. Never the National Insurance number, never the documents.
 */
const exportColumns: { key: string; header: string }[] = [
  { key: "reference", header: "Reference" },
  { key: "kind", header: "Kind" },
  { key: "received", header: "Received (UK time)" },
  { key: "status", header: "Status" },
  { key: "firstName", header: "First name" },
  { key: "lastName", header: "Last name" },
  { key: "email", header: "Email" },
  { key: "phone", header: "Phone" },
  { key: "company", header: "Company" },
  { key: "service", header: "Service" },
  { key: "message", header: "Message" },
  { key: "siteDetails", header: siteDetailsLabel },
  { key: "address", header: "Address" },
  { key: "hasCar", header: "Has a car" },
  { key: "hasUkLicence", header: "UK driving licence" },
  { key: "rightToWork", header: "Right to work in the UK" },
  { key: "keptOnFile", header: "Agreed to be kept on file" },
  { key: "lastActivity", header: "Last activity (UK time)" },
];

/**
 * Everything the search and filters match (all pages) as CSV for a spreadsheet: UTF-8 with a byte-order
 * mark, one row per lead, and any cell a spreadsheet could take for a formula (= + - @, tab, carriage
 * return first, or their full-width forms) neutralised with a leading apostrophe. The export is recorded
 * on the timeline of each lead it contains and in the workspace's audit log.
 */
export async function exportLeads(
  db: Database,
  query: InboxQuery,
  input: { staffId: number; now: number },
): Promise<{ csv: string; count: number }> {
  const leads = await leadsToExport(db, query, { me: input.staffId, now: input.now });
  const records = leads.map((lead) => {
    const cell = (key: LeadFieldKey, value: string) => fieldCell(lead.kind, key, value);
    return {
      reference: lead.reference,
      kind: kindLabel(lead.kind),
      received: formatDateTime(lead.receivedAt),
      status: statusLabels[lead.status],
      firstName: cell("firstName", lead.firstName),
      lastName: cell("lastName", lead.lastName),
      email: cell("email", lead.email),
      phone: cell("phone", lead.phone),
      company: cell("company", lead.company),
      service: cell("service", lead.service),
      message: cell("message", lead.message),
      // One cell, "Number of officers: 4 officers; Hours and days: Nights", in the questions' order.
      siteDetails: describeAnswers(lead.service, lead.siteDetails)
        .map(({ question, answer }) => `${question}: ${answer}`)
        .join("; "),
      address: cell("address", lead.address),
      hasCar: cell("hasCar", lead.hasCar),
      hasUkLicence: cell("hasUkLicence", lead.hasUkLicence),
      rightToWork: cell("rightToWork", lead.rightToWork),
      keptOnFile: lead.keepConsentAt === null ? "" : formatDateTime(lead.keepConsentAt),
      lastActivity: formatDateTime(lead.lastActivityAt),
    };
  });
  const csv = stringify(records, {
    bom: true,
    header: true,
    columns: exportColumns,
    record_delimiter: "windows",
    escape_formulas: true,
  });
  // On the timeline of every lead in the file, and once for the workspace, all or none: a CSV is handed
  // over only when the record of who took it is kept.
  const detail = String(records.length);
  const event = { action: "exported", staffId: input.staffId, detail, now: input.now } as const;
  await db.transaction(async (tx) => {
    await recordEvents(
      tx,
      records.map((record) => ({ ...event, reference: record.reference })),
    );
    await recordEvent(tx, { ...event, reference: null });
  });
  return { csv, count: records.length };
}
