/**
 * The owner of the `documents` table: the files an applicant sends with an application (a CV, other
 * documents), one row each, with its bytes, the application it belongs to and how its virus scan stands
 * ('pending' while it waits, under a scanning process's lease; then 'clean', 'infected' with its bytes
 * deleted, or 'not-scanned' when no scanner is configured).
 */
import type { CareersFileField } from "#core/forms/careers-fields.ts";
import type { ScanStatus } from "#core/leads/model.ts";
import type { Queryable } from "../db/database.ts";
import type { SqlDialect } from "../db/dialect.ts";

/** A document's row. */
type DocumentRow = {
  id: number;
  application_id: number;
  field: CareersFileField;
  file_name: string;
  content_type: string;
  size: number;
  content: Uint8Array;
  scan_status: ScanStatus;
  scanned_at: number | null;
  scan_result: string | null;
  scan_lease_until: number | null;
};

/** A document sent with an application, without its bytes, and where it stands with the virus scanner. */
export type StoredDocument = {
  id: number;
  field: CareersFileField;
  fileName: string;
  contentType: string;
  size: number;
  scan: ScanStatus;
  /** What the scanner found, for a removed document. */
  scanResult: string | null;
};

/** A file to store with an application. */
export type NewDocument = {
  field: CareersFileField;
  fileName: string;
  contentType: string;
  content: Uint8Array;
};

/** A document taken for its virus scan, with its bytes. */
export type DocumentToScan = Pick<StoredDocument, "id" | "field" | "fileName"> & {
  applicationId: number;
  content: Uint8Array;
};

function storedDocumentOf(
  row: Pick<
    DocumentRow,
    "id" | "field" | "file_name" | "content_type" | "size" | "scan_status" | "scan_result"
  >,
): StoredDocument {
  return {
    id: Number(row.id),
    field: row.field,
    fileName: row.file_name,
    contentType: row.content_type,
    size: Number(row.size),
    scan: row.scan_status,
    scanResult: row.scan_status === "infected" ? row.scan_result : null,
  };
}

/** An application's documents, in the order they were sent, without their bytes. */
export async function documentsOf(db: Queryable, applicationId: number): Promise<StoredDocument[]> {
  const rows = await db.all<DocumentRow>(
    "SELECT id, field, file_name, content_type, size, scan_status, scan_result FROM documents WHERE application_id = ? ORDER BY id",
    [applicationId],
  );
  return rows.map(storedDocumentOf);
}

/** An application's documents as its applicant's page lists them: what each is, its name, size and scan. */
export async function documentsForApplicant(
  db: Queryable,
  applicationId: number,
): Promise<Pick<StoredDocument, "field" | "fileName" | "size" | "scan">[]> {
  const rows = await db.all<Pick<DocumentRow, "field" | "file_name" | "size" | "scan_status">>(
    "SELECT field, file_name, size, scan_status FROM documents WHERE application_id = ? ORDER BY id",
    [applicationId],
  );
  return rows.map((row) => ({
    field: row.field,
    fileName: row.file_name,
    size: Number(row.size),
    scan: row.scan_status,
  }));
}

/** One document of the application with this reference, with its bytes; null when it has no such document. */
export async function documentOfApplication(
  db: Queryable,
  reference: string,
  id: number,
): Promise<(Omit<StoredDocument, "id" | "size"> & { content: Uint8Array }) | null> {
  const [row] = await db.all<
    Pick<DocumentRow, "field" | "file_name" | "content_type" | "content" | "scan_status" | "scan_result">
  >(
    `SELECT d.field, d.file_name, d.content_type, d.content, d.scan_status, d.scan_result FROM documents d
     JOIN applications a ON a.id = d.application_id WHERE a.reference = ? AND d.id = ?`,
    [reference, id],
  );
  if (!row) return null;
  return {
    field: row.field,
    fileName: row.file_name,
    contentType: row.content_type,
    content: row.content,
    scan: row.scan_status,
    scanResult: row.scan_status === "infected" ? row.scan_result : null,
  };
}

/** A document's bytes, or null when it is gone. */
export async function documentContent(db: Queryable, id: number): Promise<Uint8Array | null> {
  const [row] = await db.all<Pick<DocumentRow, "content">>("SELECT content FROM documents WHERE id = ?", [
    id,
  ]);
  return row ? row.content : null;
}

/**
 * The SQL condition that holds while any document of the application whose reference is in
 * `referenceColumn` is still waiting for its virus scan.
 */
export function pendingScanOf(referenceColumn: string): string {
  return `EXISTS (SELECT 1 FROM documents d JOIN applications a ON a.id = d.application_id
        WHERE a.reference = ${referenceColumn} AND d.scan_status = 'pending')`;
}

/** A document to attach to an e-mail, or null when it is gone or its scan has not cleared it. */
export async function attachmentOf(
  db: Queryable,
  id: number,
): Promise<{ fileName: string; contentType: string; content: Uint8Array } | null> {
  const [row] = await db.all<Pick<DocumentRow, "file_name" | "content_type" | "content">>(
    "SELECT file_name, content_type, content FROM documents WHERE id = ? AND scan_status IN ('clean', 'not-scanned')",
    [id],
  );
  return row ? { fileName: row.file_name, contentType: row.content_type, content: row.content } : null;
}

/** Stores a document sent with a new application; resolves to its id. */
export async function addDocument(
  db: Queryable,
  applicationId: number,
  document: NewDocument,
  scanStatus: "pending" | "not-scanned",
): Promise<number | null> {
  const [row] = await db.all<Pick<DocumentRow, "id">>(
    `INSERT INTO documents (application_id, field, file_name, content_type, size, content, scan_status)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      applicationId,
      document.field,
      document.fileName,
      document.contentType,
      document.content.length,
      document.content,
      scanStatus,
    ],
  );
  return row ? Number(row.id) : null;
}

/** Replaces an application's CV: the one it had is deleted, the new one stored. */
export async function replaceResume(
  db: Queryable,
  applicationId: number,
  document: NewDocument,
  scanStatus: "pending" | "not-scanned",
): Promise<void> {
  await db.run("DELETE FROM documents WHERE application_id = ? AND field = 'resume'", [applicationId]);
  await db.run(
    `INSERT INTO documents (application_id, field, file_name, content_type, size, content, scan_status)
             VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [
      applicationId,
      document.field,
      document.fileName,
      document.contentType,
      document.content.length,
      document.content,
      scanStatus,
    ],
  );
}

/** Deletes every document of the application with this reference; resolves to how many there were. */
export async function deleteDocumentsOf(db: Queryable, reference: string): Promise<number> {
  return db.run(
    "DELETE FROM documents WHERE application_id IN (SELECT id FROM applications WHERE reference = ?)",
    [reference],
  );
}

/**
 * Takes the next document waiting for its scan (or one whose lease ran out) for this process until
 * `leaseUntil`, with its bytes; null when none waits.
 */
export async function takeForScan(
  db: Queryable,
  dialect: SqlDialect,
  now: number,
  leaseUntil: number,
): Promise<DocumentToScan | null> {
  const waiting = "scan_status = 'pending' AND (scan_lease_until IS NULL OR scan_lease_until < ?)";
  const [row] = await db.all<Pick<DocumentRow, "id" | "application_id" | "field" | "file_name" | "content">>(
    `UPDATE documents SET scan_lease_until = ?
       WHERE id = (SELECT id FROM documents WHERE ${waiting} ORDER BY id LIMIT 1 ${dialect.lockRowsSkippingLocked})
       AND ${waiting}
       RETURNING id, application_id, field, file_name, content`,
    [leaseUntil, now, now],
  );
  return row
    ? {
        id: Number(row.id),
        applicationId: Number(row.application_id),
        field: row.field,
        fileName: row.file_name,
        content: row.content,
      }
    : null;
}

/** Marks a waiting document clean at `now`; false when it was no longer waiting. */
export async function markClean(db: Queryable, id: number, now: number): Promise<boolean> {
  const changed = await db.run(
    `UPDATE documents SET scan_status = 'clean', scanned_at = ?, scan_result = 'OK', scan_lease_until = NULL
       WHERE id = ? AND scan_status = 'pending'`,
    [now, id],
  );
  return changed === 1;
}

/**
 * Marks a waiting document infected at `now` with what was found, and deletes its bytes; false when it
 * was no longer waiting.
 */
export async function markInfected(db: Queryable, id: number, found: string, now: number): Promise<boolean> {
  const changed = await db.run(
    `UPDATE documents SET scan_status = 'infected', scanned_at = ?, scan_result = ?, content = ?, scan_lease_until = NULL
         WHERE id = ? AND scan_status = 'pending'`,
    [now, found.slice(0, 200), Buffer.alloc(0), id],
  );
  return changed === 1;
}

/** Marks every waiting document not scanned (no scanner is configured); resolves to how many. */
export async function markWaitingNotScanned(db: Queryable): Promise<number> {
  return db.run(
    "UPDATE documents SET scan_status = 'not-scanned', scan_lease_until = NULL WHERE scan_status = 'pending'",
  );
}

/** Frees a waiting document for the next try at once. */
export async function releaseForScan(db: Queryable, id: number): Promise<void> {
  await db.run("UPDATE documents SET scan_lease_until = NULL WHERE id = ? AND scan_status = 'pending'", [id]);
}

/** Keeps a waiting document from the scanner until `until`, with the error its last try ended in. */
export async function retryScanAt(db: Queryable, id: number, until: number, error: string): Promise<void> {
  await db.run(
    "UPDATE documents SET scan_lease_until = ?, scan_result = ? WHERE id = ? AND scan_status = 'pending'",
    [until, error.slice(0, 200), id],
  );
}
