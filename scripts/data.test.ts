import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptNiNumber, niKeyId } from "../server/leads/protect.ts";
import { type Harness, startHarness } from "../tests/support/harness.ts";
import {
  count,
  footprint,
  sendApplication,
  sendEnquiry,
  setLead,
  token,
} from "../tests/support/lifecycle.ts";

const run = promisify(execFile);

// Each run starts a Node process, about a second on a busy machine.
describe("npm run data", { timeout: 60_000 }, () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("sqlite");
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Runs the script as `npm run data -- ...` does, against the harness's database (a second process). */
  async function data(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return dataWith({}, ...args);
  }

  async function dataWith(
    env: Record<string, string>,
    ...args: string[]
  ): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await run(process.execPath, ["scripts/data.ts", ...args], {
        env: {
          ...process.env,
          DATABASE_URL: h.store.databaseUrl,
          DATA_DIR: h.store.dataDir,
          LOG_LEVEL: "silent",
          ...env,
        },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it("purge --dry-run --as-of lists what would go and why, and deletes nothing", async () => {
    const reference = await sendApplication(h);
    const told = Date.parse("2026-03-02T10:00:00Z");
    await setLead(h, reference, {
      created_at: told - 86_400_000,
      status: "unsuccessful",
      status_changed_at: told,
    });
    const early = await data("purge", "--dry-run", "--as-of", "2027-03-01");
    expect(early.code).toBe(0);
    expect(early.stdout).not.toContain(reference);

    const dry = await data("purge", "--dry-run", "--as-of", "2027-03-03");
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("Would delete");
    expect(dry.stdout).toMatch(
      new RegExp(
        `${reference}\\tapplication\\tunsuccessful\\tdue 2 Mar 2027\\tUnsuccessful 2 Mar 2026; kept one year after that`,
      ),
    );
    expect((await footprint(h, reference)).lead).toBe(1);

    const real = await data("purge", "--as-of", "2027-03-03T00:00:00Z");
    expect(real.code).toBe(0);
    expect(real.stdout).toContain(`Deleted 1 lead as of 2027-03-03T00:00:00.000Z:\n  ${reference}`);
    expect(real.stdout).toContain("That is 1 record (1 application), 1 file, 0 notes and 2 e-mails.");
    expect((await footprint(h, reference)).lead).toBe(0);
    expect(await count(h, "tombstones", "reference = ? AND reason = 'retention'", [reference])).toBe(1);
  });

  it("purge keeps a counter as long as the server's own purge does: the applicant page's fresh links a day", async () => {
    // The applicant's page sends at most a few fresh links a day; its counter is an hour past the forms'
    // window (RATE_LIMIT_WINDOW_SECONDS, an hour) and still counting. One a day and more old is done with.
    const now = Date.now();
    const counting = `applicant-link:${token(8)}`;
    const done = `applicant-link:${token(8)}`;
    for (const [key, age] of [
      [counting, 2 * 3_600_000],
      [done, 25 * 3_600_000],
    ] as const) {
      await h.services.db.run("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 3)", [
        key,
        now - age,
      ]);
    }
    const purged = await data("purge");
    expect(purged.code).toBe(0);
    expect(await count(h, "rate_limits", "key = ?", [counting])).toBe(1);
    expect(await count(h, "rate_limits", "key = ?", [done])).toBe(0);
  });

  it("erase <email> erases every record for the address and says how many", async () => {
    const email = `${token(10)}@example.org`;
    const enquiry = await sendEnquiry(h, { email });
    const application = await sendApplication(h, { email });
    const result = await data("erase", email.toUpperCase());
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      "Erased 2 records (1 enquiry, 1 application), 1 file, 0 notes and 4 e-mails",
    );
    expect(result.stdout).toContain(enquiry);
    expect(result.stdout).toContain(application);
    expect(
      await count(h, "tombstones", "reason = 'erasure request' AND reference IN (?, ?)", [
        enquiry,
        application,
      ]),
    ).toBe(2);
    const [request] = await h.services.db.all<{ staff_id: number | null; detail: string }>(
      "SELECT staff_id, detail FROM audit_log WHERE action = 'erasure-request' ORDER BY id DESC LIMIT 1",
    );
    expect(request?.staff_id).toBeNull();
    expect(request?.detail).not.toContain(email);

    const again = await data("erase", email);
    expect(again.stdout).toBe("Nothing is held about that address.\n");
  });

  it("--help and -h print the usage to standard output and exit 0", async () => {
    for (const args of [["--help"], ["-h"], ["purge", "--help"]]) {
      const result = await data(...args);
      expect(result.code, args.join(" ")).toBe(0);
      expect(result.stdout, args.join(" ")).toMatch(/^Usage:\n {2}npm run data -- purge/);
      expect(result.stdout, args.join(" ")).toContain("npm run data -- restore <file>");
      expect(result.stderr, args.join(" ")).toBe("");
    }
  });

  it("refuses bad input with a message and exit code 2", async () => {
    for (const [args, message] of [
      [[], "Say what to do."],
      [["shred"], "Unknown command: shred"],
      [["erase"], "Give the e-mail address to erase."],
      [["erase", "not-an-address"], "Give the e-mail address to erase."],
      [["erase", "a@example.org", "--dry-run"], "--dry-run and --as-of go with purge only."],
      [
        ["purge", "--as-of", "2027-02-30"],
        '--as-of needs an ISO date such as 2027-03-01 or 2027-03-01T09:00:00Z, not "2027-02-30".',
      ],
      [["purge", "--as-of", "next week"], "--as-of needs an ISO date"],
      [["purge", "--as-of"], "--as-of"],
      [["purge", "--force"], "Unknown option '--force'"],
    ] as const) {
      const result = await data(...args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr, args.join(" ")).toContain(message);
      expect(result.stderr).toContain("Usage:");
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it("rotate-key re-encrypts every NI number under the new key, reading the old ones with the previous key", async () => {
    const reference = await sendApplication(h);
    const oldKey = h.services.secrets.niKey.toString("hex");
    const newKey = randomBytes(32).toString("hex");
    const rotated = await dataWith(
      { NI_ENCRYPTION_KEY: newKey, NI_ENCRYPTION_KEY_PREVIOUS: oldKey },
      "rotate-key",
    );
    expect(rotated.code).toBe(0);
    const id = niKeyId(Buffer.from(newKey, "hex"));
    expect(rotated.stdout).toMatch(new RegExp(`Re-encrypted [1-9]\\d* NI numbers? under key ${id}`));
    expect(rotated.stdout).toContain("the previous keys may now be removed");
    const [row] = await h.services.db.all<{ ni_number_encrypted: string }>(
      "SELECT ni_number_encrypted FROM applications WHERE reference = ?",
      [reference],
    );
    expect(decryptNiNumber(String(row?.ni_number_encrypted), Buffer.from(newKey, "hex"))).toBe("AB123456C");

    // Without the key the numbers were under, they are named and left alone, and the exit code says so.
    const lost = await dataWith({ NI_ENCRYPTION_KEY: randomBytes(32).toString("hex") }, "rotate-key");
    expect(lost.code).toBe(1);
    expect(lost.stdout).toContain(reference);
    expect((await dataWith({}, "rotate-key", "now")).code).toBe(2);
  });
});
