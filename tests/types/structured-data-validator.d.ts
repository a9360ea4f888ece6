/** Adobe's structured data validator: Google's rich-result rules for each type, with no dependency. */
declare module "@adobe/structured-data-validator" {
  /** One problem the validator found: its severity, what it says and where. */
  export type Issue = { issueMessage: string; severity: "ERROR" | "WARNING"; path?: unknown[] };
  /** Validates structured data, as Web Auto Extractor gives it, against Google's rich-result rules. */
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(data: { jsonld?: Record<string, unknown[]> }): Promise<Issue[]>;
  }
}
