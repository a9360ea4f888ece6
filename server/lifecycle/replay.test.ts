// The server repeats the erasure ledger's deletions when it starts, before its first request, so a
// database restored by hand (not through `npm run data -- restore`) does not bring anyone back.
import { writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import {
  type Dialect,
  type Harness,
  postEnquiry,
  startHarness,
  validEnquiry,
} from "../../tests/support/harness.ts";
import { ledgerFor } from "./ledger.ts";

describe.each<Dialect>(["sqlite", "postgres"])("the erasure ledger at start on %s", (dialect) => {
  const harnesses: Harness[] = [];
  afterEach(async () => {
    for (const h of harnesses.splice(0).reverse()) await h.close();
  });

  it("deletes again what the ledger names, skipping a torn last line with a warning", async () => {
    const first = await startHarness(dialect);
    harnesses.push(first);
    expect((await postEnquiry(first.url, validEnquiry({ email: "erased@example.co.uk" }))).status).toBe(200);
    expect((await postEnquiry(first.url, validEnquiry({ email: "kept@example.co.uk" }))).status).toBe(200);
    const [erased] = await first.services.db.all<{ reference: string }>(
      "SELECT reference FROM enquiries WHERE email = ?",
      ["erased@example.co.uk"],
    );
    // As after a restore: the ledger names a lead the database holds again, and its last write was cut short.
    const { file } = ledgerFor({ DATA_DIR: first.store.dataDir, ERASURE_LEDGER: undefined }, "");
    writeFileSync(
      file,
      `${JSON.stringify({ at: Date.now(), reason: "erasure request", reference: erased?.reference })}\n{"at":`,
    );

    const restarted = await startHarness(dialect, {}, { sharing: first });
    harnesses.push(restarted);
    await restarted.services.startPurging();
    const left = await restarted.services.db.all<{ email: string }>("SELECT email FROM enquiries");
    expect(left.map((row) => row.email)).toEqual(["kept@example.co.uk"]);
    expect(restarted.logs).toContainEqual(
      expect.objectContaining({
        level: "warn",
        line: 2,
        msg: expect.stringContaining("erasure ledger line is incomplete"),
      }),
    );
    expect(restarted.logs).toContainEqual(
      expect.objectContaining({ records: 1, msg: expect.stringContaining("erasure ledger replayed") }),
    );
  }, 60_000);
});
