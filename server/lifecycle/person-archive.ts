/**
 * The ZIP a person receives for an access request, streamed: records.json and README.txt
 * (./person-records.ts), then every file they sent, each read from the database as it is sent.
 */
import { Readable } from "node:stream";
import { ZipFile } from "yazl";
import type { RetentionConfig } from "#core/config/retention.ts";
import { site } from "#core/config/site.ts";
import type { CompanyFacts } from "#core/content/company-facts.ts";
import { spacedNiNumber } from "#core/leads/model.ts";
import type { Database } from "../db/database.ts";
import { decryptNiNumber, type NiKeys } from "../leads/protect.ts";
import { documentContent } from "../tables/documents.ts";
import { recordEvent } from "../tables/timeline.ts";
import { findPerson, type PersonRecords } from "./person.ts";
import { archivePath, exportLead, iso, readme } from "./person-records.ts";

export type PersonArchive = {
  fileName: string;
  counts: PersonRecords["counts"];
  /** The ZIP, streamed: files are read from the database one at a time as it is sent. */
  body: ReadableStream<Uint8Array>;
};

/**
 * The ZIP a person receives for an access request: records.json (every record, NI numbers in full),
 * every file they sent, and a README.txt. Recorded in the audit log with who asked and how many
 * records, never the address. Resolves to null when nothing is held about the address.
 */
export async function personArchive(
  db: Database,
  email: string,
  options: {
    niKey: NiKeys;
    now: number;
    staffId: number | null;
    config?: RetentionConfig;
    /** The company's facts published now (Site content), for how to contact us in the README. */
    company?: CompanyFacts | undefined;
  },
): Promise<PersonArchive | null> {
  const person = await findPerson(
    db,
    email,
    (stored) => spacedNiNumber(decryptNiNumber(stored, options.niKey)),
    options.config,
  );
  if (person.leads.length === 0 && person.alerts.length === 0) return null;
  const records = {
    about: `Everything ${site.legalName} holds about the e-mail address ${person.email}, found by that address.`,
    emailAddress: person.email,
    prepared: iso(options.now),
    enquiries: person.leads.filter((lead) => lead.kind === "enquiry").map(exportLead),
    applications: person.leads.filter((lead) => lead.kind === "application").map(exportLead),
    jobAlerts: person.alerts.map((alert) => ({
      ...alert,
      signedUpAt: iso(alert.signedUpAt),
      confirmedAt: alert.confirmedAt === null ? null : iso(alert.confirmedAt),
      renewedAt: alert.renewedAt === null ? null : iso(alert.renewedAt),
    })),
  };

  const zip = new ZipFile();
  const mtime = new Date(options.now);
  zip.addBuffer(
    Buffer.from(readme(person.email, options.now, person.counts, options.company)),
    "README.txt",
    { mtime },
  );
  zip.addBuffer(Buffer.from(`${JSON.stringify(records, null, 2)}\n`), "records.json", { mtime });
  for (const lead of person.leads) {
    lead.files.forEach((file, index) => {
      // A file the virus scanner removed has no bytes left to give (records.json says why).
      if (file.removedFor !== null) return;
      // Deflated like the rest, though most gain little: stored entries after a stream need a data
      // descriptor that some unzip tools cannot read. `size` is checked against what is written.
      zip.addReadStreamLazy(archivePath(lead, file, index), { mtime, size: file.size }, (callback) => {
        documentContent(db, file.id).then(
          (content) => {
            if (content === null)
              callback(
                new Error(`${lead.reference}: a document was deleted while the archive was made`),
                Readable.from([]),
              );
            else callback(null, Readable.from([Buffer.from(content)]));
          },
          (error: unknown) => callback(error, Readable.from([])),
        );
      });
    });
  }
  zip.end();

  await recordEvent(db, {
    action: "access-request",
    staffId: options.staffId,
    detail: `${person.counts.records} record${person.counts.records === 1 ? "" : "s"} and ${person.counts.files} file${person.counts.files === 1 ? "" : "s"} downloaded: ${person.leads.map((lead) => lead.reference).join(", ")}`,
    now: options.now,
  });
  const day = new Date(options.now).toISOString().slice(0, 10);
  return {
    fileName: `personal-data-${day}.zip`,
    counts: person.counts,
    body: Readable.toWeb(Readable.from(zip.outputStream)) as ReadableStream<Uint8Array>,
  };
}
