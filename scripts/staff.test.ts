import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);

describe("npm run staff", { timeout: 30_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), "site-staff-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs the script as `npm run staff -- ...` does, on a database of its own. */
  async function staff(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await run(process.execPath, ["scripts/staff.ts", ...args], {
        env: {
          ...process.env,
          DATABASE_URL: path.join(dir, "site.sqlite"),
          DATA_DIR: dir,
          LOG_LEVEL: "silent",
        },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it("--help and -h print the usage to standard output and exit 0", async () => {
    for (const args of [["--help"], ["-h"], ["invite", "--help"]]) {
      const result = await staff(...args);
      expect(result.code, args.join(" ")).toBe(0);
      expect(result.stdout, args.join(" ")).toMatch(/^Usage:\n {2}npm run staff -- invite <email>/);
      expect(result.stdout, args.join(" ")).toContain("npm run staff -- revoke <email>");
      expect(result.stderr, args.join(" ")).toBe("");
    }
  });

  it("without a command, says so with the usage on standard error and exit code 2", async () => {
    const result = await staff();
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^Say what to do\.\n\nUsage:/);
  });
});
