import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLedger } from "./ledger.ts";

describe("the erasure ledger", () => {
  let dir = "";
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("skips a line a crash cut short, says which, and writes the next entry on a line of its own", () => {
    dir = mkdtempSync(path.join(tmpdir(), "site-ledger-"));
    const file = path.join(dir, "erasure-ledger.jsonl");
    const ledger = createLedger(file, "a key of sixteen characters");
    ledger.record([{ at: 1, reason: "erasure request", reference: "ENQ-1" }]);
    writeFileSync(file, '{"at":2,"reason":"erasure req', { flag: "a" });

    const skipped: number[] = [];
    expect(ledger.read((line) => skipped.push(line))).toEqual([
      { at: 1, reason: "erasure request", reference: "ENQ-1" },
    ]);
    expect(skipped).toEqual([2]);

    ledger.record([{ at: 3, reason: "retention", reference: "ENQ-3" }]);
    expect(readFileSync(file, "utf8").split("\n")).toHaveLength(4);
    const after: number[] = [];
    expect(ledger.read((line) => after.push(line)).map((entry) => entry.at)).toEqual([1, 3]);
    expect(after).toEqual([2]);
  });
});
