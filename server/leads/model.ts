/**
 * What the server alone knows about leads: which table holds each kind, and how references are made.
 * The kinds, statuses and words are in `core/leads/model.ts`, shared with the workspace's pages.
 */
import { randomBytes } from "node:crypto";
import { kindOfReference, type LeadKind, type ReferencePrefix } from "#core/leads/model.ts";

export type LeadTable = "enquiries" | "applications";

const tables: Record<LeadKind, LeadTable> = {
  enquiry: "enquiries",
  application: "applications",
};

/** The table that holds leads of this kind. */
export function tableOf(kind: LeadKind): LeadTable {
  return tables[kind];
}

/** The table that holds the lead a reference names; throws for anything that cannot be a reference. */
export function tableOfReference(reference: string): LeadTable {
  const kind = kindOfReference(reference);
  if (!kind) throw new Error(`Not a lead's reference: ${reference}`);
  return tables[kind];
}

// No 0/O, 1/I/L or U: easy to read aloud over the phone.
const referenceAlphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A short reference a person can quote: "ENQ-7K3Q9M" (and a vacancy's: "VAC-7K3Q9M"). */
export function newReference(prefix: ReferencePrefix | "VAC"): string {
  let code = "";
  for (let i = 0; i < 6; i++) code += referenceAlphabet[randomByte() % referenceAlphabet.length];
  return `${prefix}-${code}`;
}

// Random bytes drawn from a pool refilled 4 KB at a time: one system call per ~680 references.
let pool = Buffer.alloc(0);
let poolOffset = 0;
function randomByte(): number {
  if (poolOffset >= pool.length) {
    pool = randomBytes(4096);
    poolOffset = 0;
  }
  return pool[poolOffset++] ?? 0;
}
