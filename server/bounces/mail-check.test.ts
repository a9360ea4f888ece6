// The mail records' check against DNS answers of our own (DNS is the one outside thing that cannot run
// here), the DKIM key the command makes, and mail signed with it as it reaches a real SMTP server.
import { execFileSync } from "node:child_process";
import { createPrivateKey, createPublicKey, generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type DNSResolver, dkimVerify } from "mailauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  deliverAll,
  postEnquiry,
  startHarness,
  TestSmtp,
  validEnquiry,
} from "../../tests/support/harness.ts";
import { checkMailRecords, dkimRecordValue, findingsInWords } from "./mail-check.ts";

const domain = "cottonopolis.example";
const dir = mkdtempSync(path.join(tmpdir(), "mail-check-"));
const keyFile = path.join(dir, "dkim.pem");

/** A DNS that answers from a table, as a zone would; a name it does not hold does not exist. */
function fakeDns(zone: Record<string, string[]>): DNSResolver {
  return async (name, rrtype) => {
    const records = rrtype === "TXT" ? zone[name.toLowerCase()] : undefined;
    if (!records) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: "ENOTFOUND" });
    return records.map((record) => [record]);
  };
}

/** Runs `npm run mail -- ...` as an operator would; resolves with what it printed. */
function mailCommand(...args: string[]): string {
  return execFileSync(process.execPath, ["scripts/mail.ts", ...args], {
    env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: "silent" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

let record = "";

beforeAll(() => {
  const printed = mailCommand("dkim-key", keyFile, "--domain", domain, "--selector", "site2025");
  record = /Value: (v=DKIM1; k=rsa; p=\S+)/.exec(printed)?.[1] ?? "";
  expect(printed).toContain(`Name:  site2025._domainkey.${domain}`);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run mail -- dkim-key", () => {
  it("writes a private key only its owner can read, prints its record, and never overwrites one", () => {
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = readFileSync(keyFile, "utf8");
    expect(key).toContain("-----BEGIN PRIVATE KEY-----");
    const der = createPublicKey(createPrivateKey(key)).export({ type: "spki", format: "der" });
    expect(record).toBe(dkimRecordValue(der));
    expect(() => mailCommand("dkim-key", keyFile)).toThrow(/exists already/);
  });
});

describe("checkMailRecords", () => {
  it("says which records are missing and what to publish, for a company on Microsoft 365", async () => {
    const findings = await checkMailRecords({
      domain,
      selector: "site2025",
      provider: "microsoft",
      privateKey: readFileSync(keyFile, "utf8"),
      publicRecord: record,
      resolver: fakeDns({}),
    });
    expect(findings.map((finding) => [finding.record, finding.ok])).toEqual([
      ["SPF", false],
      ["DKIM", false],
      ["DMARC", false],
    ]);
    expect(findings[0]?.publish).toEqual({
      name: domain,
      value: "v=spf1 include:spf.protection.outlook.com -all",
    });
    expect(findings[1]?.publish).toEqual({ name: `site2025._domainkey.${domain}`, value: record });
    expect(findings[2]?.publish?.name).toBe(`_dmarc.${domain}`);
    const words = findingsInWords(domain, findings);
    expect(words).toContain("TO DO   SPF:");
    expect(words).toContain("To publish or fix: SPF, DKIM, DMARC.");
  });

  it("finds all three in order when they are published, and a key that is not ours", async () => {
    const zone = {
      [domain]: ["v=spf1 include:_spf.google.com ~all", "google-site-verification=abc"],
      "_spf.google.com": ["v=spf1 ip4:198.51.100.0/24 ~all"],
      [`site2025._domainkey.${domain}`]: [record],
      [`_dmarc.${domain}`]: [`v=DMARC1; p=quarantine; rua=mailto:dmarc@${domain}`],
    };
    const good = await checkMailRecords({
      domain,
      selector: "site2025",
      provider: "google",
      privateKey: readFileSync(keyFile, "utf8"),
      resolver: fakeDns(zone),
    });
    expect(good.filter((finding) => !finding.ok)).toEqual([]);
    expect(findingsInWords(domain, good)).toContain("All three are in order.");

    // A key made elsewhere (an older one, another server's) published at our selector.
    const otherKey = dkimRecordValue(
      generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ type: "spki", format: "der" }),
    );
    const stale = await checkMailRecords({
      domain,
      selector: "site2025",
      provider: "microsoft",
      privateKey: readFileSync(keyFile, "utf8"),
      resolver: fakeDns({ ...zone, [`site2025._domainkey.${domain}`]: [otherKey] }),
    });
    expect(stale[0]).toMatchObject({ record: "SPF", ok: false });
    expect(stale[0]?.says).toContain("does not name Microsoft 365's servers");
    expect(stale[1]).toMatchObject({ record: "DKIM", ok: false });
    expect(stale[1]?.says).toContain("does not match DKIM_PRIVATE_KEY_FILE");
  });
});

describe("a DNS that does not answer", () => {
  it("says so record by record, and never throws", async () => {
    const down: DNSResolver = async () => {
      throw Object.assign(new Error("queryTxt ECONNREFUSED"), { code: "ECONNREFUSED" });
    };
    const findings = await checkMailRecords({ domain, selector: "site2025", resolver: down });
    expect(findings.map((finding) => finding.ok)).toEqual([false, false, false]);
    expect(findings[0]?.says).toContain("could not be looked up (queryTxt ECONNREFUSED)");
  });
});

describe("DKIM signing", () => {
  const smtp = new TestSmtp();
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());

  it("signs every message for the company's domain with nodemailer's dkim option, as receivers check it", async () => {
    const h = await startHarness("sqlite", {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: `Cottonopolis Facilities <enquiries@${domain}>`,
      DKIM_DOMAIN: domain,
      DKIM_SELECTOR: "site2025",
      DKIM_PRIVATE_KEY_FILE: keyFile,
    });
    try {
      await postEnquiry(h.url, validEnquiry());
      await deliverAll(h);
      // The team's copy (plain text) and the acknowledgement (HTML and plain text): both verify.
      const mails = await smtp.waitFor(2);
      expect(mails.some((mail) => typeof mail.parsed.html === "string")).toBe(true);
      for (const mail of mails) {
        expect(mail.raw).toMatch(/^DKIM-Signature: /);
        const verified = await dkimVerify(Buffer.from(mail.raw), {
          resolver: fakeDns({ [`site2025._domainkey.${domain}`]: [record] }),
        });
        expect(verified.results[0]?.status.result).toBe("pass");
        expect(verified.results[0]?.signingDomain).toBe(domain);
      }
    } finally {
      await h.close();
    }
  });
});
