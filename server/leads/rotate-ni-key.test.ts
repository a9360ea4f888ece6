import { createCipheriv, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  applicationFields,
  applicationForm,
  type Dialect,
  type Harness,
  postApplication,
  startHarness,
} from "../../tests/support/harness.ts";
import { getLead } from "../workspace/inbox/commands.ts";
import { decryptNiNumber, encryptNiNumber, niKeyId } from "./protect.ts";
import { rotateNiKey } from "./rotate-ni-key.ts";

const dialects: Dialect[] = ["sqlite", "postgres"];

/** The NI number's masked form on the lead page, or what the page shows when no key reads it. */
async function masked(h: Harness, reference: string): Promise<string> {
  const lead = await getLead(h.services.db, h.services.secrets.niKeys, reference);
  return lead?.kind === "application" ? lead.niNumberMasked : "";
}

async function apply(h: Harness, niNumber: string): Promise<string> {
  const response = await postApplication(h.url, applicationForm(applicationFields({ niNumber })));
  expect(response.status).toBe(200);
  const match = /APP-[0-9A-Z]{6}/.exec(((await response.json()) as { message: string }).message);
  if (!match) throw new Error("no reference");
  return match[0];
}

async function stored(h: Harness): Promise<{ reference: string; value: string }[]> {
  const rows = await h.services.db.all<{ reference: string; ni_number_encrypted: string }>(
    "SELECT reference, ni_number_encrypted FROM applications ORDER BY id",
  );
  return rows.map((row) => ({ reference: row.reference, value: row.ni_number_encrypted }));
}

describe.each(dialects)("rotating the NI key on %s", (dialect) => {
  const oldKey = randomBytes(32).toString("hex");
  const newKey = randomBytes(32).toString("hex");
  let before: Harness;
  let during: Harness;
  const references: string[] = [];

  beforeAll(async () => {
    // The server as it was: one key.
    before = await startHarness(dialect, { NI_ENCRYPTION_KEY: oldKey });
    for (const ni of ["ab 12 34 56 c", "ce 98 76 54 a", "jg 10 37 59 a"])
      references.push(await apply(before, ni));
    // A number stored before values named their key: "v1.<iv>.<tag>.<ciphertext>", under the old key.
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", Buffer.from(oldKey, "hex"), iv);
    const body = Buffer.concat([cipher.update("AB123456C", "utf8"), cipher.final()]);
    const legacy = ["v1", iv, cipher.getAuthTag(), body].map((p) =>
      typeof p === "string" ? p : p.toString("base64url"),
    );
    await before.services.db.run("UPDATE applications SET ni_number_encrypted = ? WHERE reference = ?", [
      legacy.join("."),
      references[0] ?? "",
    ]);
    // The same database, restarted with the new key current and the old one kept for reading.
    during = await startHarness(
      dialect,
      { NI_ENCRYPTION_KEY: newKey, NI_ENCRYPTION_KEY_PREVIOUS: oldKey },
      { sharing: before },
    );
  });
  afterAll(async () => {
    await during?.close();
    await before?.close();
  });

  it("names the key in each new value", async () => {
    const values = await stored(before);
    const oldId = niKeyId(Buffer.from(oldKey, "hex"));
    expect(values[1]?.value.startsWith(`v2.${oldId}.`)).toBe(true);
    expect(values[0]?.value.startsWith("v1.")).toBe(true);
  });

  it("re-encrypts every number under the new key in batches, readable by a server with both keys throughout", async () => {
    references.push(await apply(during, "ty 11 22 33 b"));
    const expected = ["AB •• •• •• C", "CE •• •• •• A", "JG •• •• •• A", "TY •• •• •• B"];
    expect(await Promise.all(references.map((reference) => masked(during, reference)))).toEqual(expected);

    // After each batch, old and new values side by side: the server reads them all.
    const seen: string[][] = [];
    const report = await rotateNiKey(during.services.db, during.services.secrets.niKeys, {
      batchSize: 2,
      onBatch: async () => {
        seen.push(await Promise.all(references.map((reference) => masked(during, reference))));
      },
    });
    expect(report).toEqual({ reencrypted: 3, current: 1, unreadable: [] });
    expect(seen).toEqual([expected, expected]);

    const newId = niKeyId(Buffer.from(newKey, "hex"));
    const values = await stored(during);
    expect(values.every((row) => row.value.startsWith(`v2.${newId}.`))).toBe(true);
    expect(values.map((row) => decryptNiNumber(row.value, Buffer.from(newKey, "hex")))).toEqual([
      "AB123456C",
      "CE987654A",
      "JG103759A",
      "TY112233B",
    ]);
    // Nothing left to do the second time.
    expect(await rotateNiKey(during.services.db, during.services.secrets.niKeys)).toEqual({
      reencrypted: 0,
      current: 4,
      unreadable: [],
    });

    // The previous key removed: a server with the new key alone reads every number.
    const after = await startHarness(dialect, { NI_ENCRYPTION_KEY: newKey }, { sharing: before });
    try {
      expect(await Promise.all(references.map((reference) => masked(after, reference)))).toEqual(expected);
    } finally {
      await after.close();
    }
  });

  it("leaves a number no key reads as it is, and names its lead", async () => {
    const stranger = randomBytes(32);
    const reference = references[1] ?? "";
    await during.services.db.run("UPDATE applications SET ni_number_encrypted = ? WHERE reference = ?", [
      encryptNiNumber("CE987654A", stranger),
      reference,
    ]);
    const report = await rotateNiKey(during.services.db, during.services.secrets.niKeys);
    expect(report.unreadable).toEqual([reference]);
    expect(report.reencrypted).toBe(0);
  });
});
