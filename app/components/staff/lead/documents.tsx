import type { CareersFileField } from "#core/forms/careers-fields.ts";
import { documentName } from "#core/leads/fields.ts";
import { fileSize, type ScanStatus, scanStatusLabels } from "#core/leads/model.ts";
import { leadPath } from "#core/staff/paths.ts";
import { Card } from "./card";

/** A file sent with an application, and where it stands with the virus scanner. */
export type SentDocument = {
  id: number;
  field: CareersFileField;
  fileName: string;
  size: number;
  scan: ScanStatus;
  scanResult: string | null;
};

/** The files an application came with, each a download once it is safe to open. */
export function Documents({
  lead,
}: {
  lead: { kind: "application"; reference: string; documents: SentDocument[] };
}) {
  return (
    <Card title="Documents" id="documents">
      {lead.documents.length === 0 ? (
        <p>No documents were sent.</p>
      ) : (
        <ul className="space-y-2">
          {lead.documents.map((doc) => {
            const name = documentName(doc);
            // Only a file the scanner found clean, or one that arrived with no scanner configured, is offered.
            const offered = doc.scan === "clean" || doc.scan === "not-scanned";
            return (
              <li key={doc.id}>
                {offered ? (
                  <a
                    href={`${leadPath(lead.reference)}/documents/${doc.id}`}
                    className="font-semibold text-accent-800 underline"
                  >
                    {name}
                  </a>
                ) : (
                  <span className="font-semibold">{name}</span>
                )}{" "}
                <span className="text-sm text-navy-700">
                  ({fileSize(doc.size)}
                  {offered ? ", downloads as a file" : ""})
                </span>{" "}
                <span className="text-sm font-semibold text-navy-900" data-scan={doc.scan}>
                  {scanStatusLabels[doc.scan]}
                  {doc.scan === "infected" && doc.scanResult ? ` (found: ${doc.scanResult})` : ""}
                  {doc.scan === "pending" ? ": it can be downloaded once the scan has found it clean" : ""}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <p className="text-sm text-navy-700">Each download is recorded on the timeline.</p>
    </Card>
  );
}
