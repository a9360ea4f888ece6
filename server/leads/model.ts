/**
 * What the server alone knows about leads: how references are made. The kinds, statuses and words are
 * in `core/leads/model.ts`, shared with the workspace's pages; which table holds each kind is the lead
 * tables' owner's (server/tables/leads/records.ts).
 */
import { randomBytes } from "node:crypto";
import type { ReferencePrefix } from "#core/leads/model.ts";

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
