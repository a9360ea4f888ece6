import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { hashToken } from "../server/workspace/tokens.ts";

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

  it("prints a link for someone new; for someone with an account, e-mails it to them and prints none", async () => {
    const first = await staff("invite", "jo.bloggs@cottonopolis.example", "--name", "Jo Bloggs");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^http:\/\/localhost:\d+\/staff\/invitation\/[\w-]{43}\n$/);

    const again = await staff("invite", "Jo.Bloggs@cottonopolis.example");
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(
      /^jo\.bloggs@cottonopolis\.example already has an account: we have e-mailed them a link to add a passkey\. It works once, until .+ \(UK time\)\.\n$/,
    );
    expect(`${again.stdout}${again.stderr}`).not.toContain("/staff/invitation/");
    const db = new DatabaseSync(path.join(dir, "site.sqlite"), { readOnly: true });
    try {
      const mails = db
        .prepare("SELECT to_address, body FROM outbox WHERE purpose = 'staff-security'")
        .all() as { to_address: string; body: string }[];
      expect(mails.map((mail) => mail.to_address)).toEqual(["jo.bloggs@cottonopolis.example"]);
      // The link goes only to them, and opens their invitation (not the first one, shown before).
      const token = /\/staff\/invitation\/([\w-]{43})/.exec(mails[0]?.body ?? "")?.[1] ?? "";
      expect(first.stdout).not.toContain(token);
      const opened = db
        .prepare("SELECT s.email FROM invitations i JOIN staff s ON s.id = i.staff_id WHERE i.token_hash = ?")
        .all(hashToken(token)) as { email: string }[];
      expect(opened).toEqual([{ email: "jo.bloggs@cottonopolis.example" }]);
    } finally {
      db.close();
    }
  });

  it("refuses a name with hidden characters, saying why", async () => {
    const result = await staff("invite", "sam.s@cottonopolis.example", "--name", "Sam \u202Enimda");
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^Their name contains hidden characters that can change how it reads/);
  });

  it("without a command, says so with the usage on standard error and exit code 2", async () => {
    const result = await staff();
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^Say what to do\.\n\nUsage:/);
  });
});
