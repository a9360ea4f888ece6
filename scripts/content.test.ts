import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);

describe("npm run content", { timeout: 60_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), "site-content-"));
  const database = path.join(dir, "site.sqlite");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs the script as `npm run content -- ...` does, on a database of its own. */
  async function content(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await run(process.execPath, ["scripts/content.ts", ...args], {
        env: { ...process.env, DATABASE_URL: database, DATA_DIR: dir, LOG_LEVEL: "silent" },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  function publishedNumber(key: string): string {
    const db = new DatabaseSync(database, { readOnly: true });
    try {
      const row = db
        .prepare("SELECT body FROM content_versions WHERE key = ? AND state = 'published'")
        .get(key) as { body: string };
      return (JSON.parse(row.body) as { number: string }).number;
    } finally {
      db.close();
    }
  }

  it("exports the published content, and imports a changed copy, publishing only what differs", async () => {
    const file = path.join(dir, "content.json");
    const exported = await content("export", file);
    // Five accreditations, six case studies, the Careers, About, home, five service, Contact and privacy
    // pages' words, the header and footer's, and the company's details.
    expect(exported.stdout).toBe(`Wrote 23 item(s) of site content to ${file}.\n`);
    const copy = JSON.parse(readFileSync(file, "utf8")) as {
      items: { key: string; body: { number: string } }[];
    };
    const sia = copy.items.find((item) => item.key === "sia-approved-contractor-scheme");
    if (!sia) throw new Error("The export has no SIA accreditation");
    sia.body.number = "ACS-IMPORTED-1";
    writeFileSync(file, JSON.stringify(copy));
    expect((await content("import", file)).stdout).toBe(
      `Published 1 item(s) from ${file}; the others were already the same.\n`,
    );
    expect(publishedNumber("sia-approved-contractor-scheme")).toBe("ACS-IMPORTED-1");
    expect((await content("import", file)).stdout).toContain("Published 0 item(s)");
  });

  it("imports nothing when any item fails the site's rules, and says which and why", async () => {
    const file = path.join(dir, "bad.json");
    const exported = JSON.parse(readFileSync(path.join(dir, "content.json"), "utf8")) as {
      items: { key: string; body: { number: string; checkUrl: string } }[];
    };
    for (const item of exported.items) item.body.number = "ACS-NOT-KEPT";
    const sia = exported.items.find((item) => item.key === "sia-approved-contractor-scheme");
    if (sia) sia.body.checkUrl = "https://register.example.com/";
    writeFileSync(file, JSON.stringify(exported));
    const refused = await content("import", file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Nothing was imported:");
    expect(refused.stderr).toContain(
      "accreditation sia-approved-contractor-scheme: checkUrl: The register link must go to",
    );
    expect(publishedNumber("sia-approved-contractor-scheme")).toBe("ACS-IMPORTED-1");
    writeFileSync(file, "not json");
    expect((await content("import", file)).code).toBe(2);
  });
});
