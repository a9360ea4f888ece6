/**
 * The company's mail records, checked in the DNS: SPF (which servers may send as the domain), DKIM (the
 * public key our signature is checked with) and DMARC (what receivers do with mail that fails both), read
 * with mailauth as a receiving server reads them, and said in plain words with what to publish or fix.
 * For `npm run mail -- check` and the administrators' page. The resolver is passed in, so the tests
 * answer with records of their own.
 */
import { promises as dns } from "node:dns";
import { type DNSResolver, dkimSign, dkimVerify, dmarc, spf } from "mailauth";

/** One record's verdict. */
export type MailRecordFinding = {
  record: "SPF" | "DKIM" | "DMARC";
  ok: boolean;
  /** What was found, in plain words. */
  says: string;
  /** What to publish or change, when something is to do: the record's name and value. */
  publish?: { name: string; value: string };
};

/** The resolver a receiving server uses: the system's DNS. */
export const systemResolver: DNSResolver = (domain, rrtype) =>
  dns.resolve(domain, rrtype) as Promise<string[][] | string[]>;

/** The TXT records at a name, each joined; none when the name has none. */
async function txt(resolver: DNSResolver, name: string): Promise<string[]> {
  try {
    const records = await resolver(name, "TXT");
    return records.map((record) => (Array.isArray(record) ? record.join("") : String(record)));
  } catch (error) {
    const code = typeof error === "object" && error && "code" in error ? String(error.code) : "";
    if (code === "ENOTFOUND" || code === "ENODATA") return [];
    throw error;
  }
}

/** The SPF record to publish when there is none, for the company's mail host. */
function spfFor(provider: "microsoft" | "google" | "unknown"): string {
  if (provider === "microsoft") return "v=spf1 include:spf.protection.outlook.com -all";
  if (provider === "google") return "v=spf1 include:_spf.google.com ~all";
  return "v=spf1 include:<your mail provider's SPF domain> -all";
}

async function checkSpf(
  domain: string,
  resolver: DNSResolver,
  provider: "microsoft" | "google" | "unknown",
): Promise<MailRecordFinding> {
  const records = (await txt(resolver, domain)).filter((record) => /^v=spf1(\s|$)/i.test(record));
  if (records.length === 0) {
    return {
      record: "SPF",
      ok: false,
      says: `${domain} publishes no SPF record, so receivers cannot tell our mail from a forgery.`,
      publish: { name: domain, value: spfFor(provider) },
    };
  }
  if (records.length > 1) {
    return {
      record: "SPF",
      ok: false,
      says: `${domain} publishes ${records.length} SPF records; receivers treat that as an error. Merge them into one.`,
      publish: { name: domain, value: spfFor(provider) },
    };
  }
  // Evaluated as a receiver would, for an address no one sends from (TEST-NET-1), to find a broken record.
  const result = await spf({
    sender: `postmaster@${domain}`,
    ip: "192.0.2.1",
    helo: domain,
    mta: "mail-check.invalid",
    resolver,
  });
  const record = records[0] ?? "";
  if (result.status.result === "permerror" || result.status.result === "temperror") {
    return {
      record: "SPF",
      ok: false,
      says: `The SPF record of ${domain} cannot be evaluated (${result.status.comment ?? result.status.result}): "${record}".`,
      publish: { name: domain, value: spfFor(provider) },
    };
  }
  const includes =
    provider === "microsoft"
      ? /include:spf\.protection\.outlook\.com/i.test(record)
      : /include:_spf\.google\.com/i.test(record);
  if (provider !== "unknown" && !includes) {
    return {
      record: "SPF",
      ok: false,
      says: `The SPF record of ${domain} does not name ${provider === "microsoft" ? "Microsoft 365" : "Google Workspace"}'s servers: "${record}".`,
      publish: { name: domain, value: spfFor(provider) },
    };
  }
  return { record: "SPF", ok: true, says: `${domain} publishes an SPF record: "${record}".` };
}

async function checkDkim(
  domain: string,
  selector: string,
  resolver: DNSResolver,
  privateKey: string | null,
  publicRecord: string | null,
): Promise<MailRecordFinding> {
  const name = `${selector}._domainkey.${domain}`;
  const records = (await txt(resolver, name)).filter((record) => /(^|;)\s*p=/i.test(record));
  if (records.length === 0) {
    return {
      record: "DKIM",
      ok: false,
      says: `There is no DKIM key at ${name}, so our signature cannot be checked.`,
      publish: {
        name,
        value: publicRecord ?? "the record npm run mail -- dkim-key printed when it made the key",
      },
    };
  }
  if (!privateKey) {
    return {
      record: "DKIM",
      ok: true,
      says: `${name} publishes a DKIM key; this server signs nothing until DKIM_PRIVATE_KEY_FILE is set.`,
    };
  }
  // Signs a message with our key and checks it against the published one, as a receiver does.
  const message = Buffer.from(
    `From: postmaster@${domain}\r\nTo: postmaster@${domain}\r\nSubject: DKIM check\r\nDate: ${new Date().toUTCString()}\r\n\r\nChecking the published key.\r\n`,
  );
  // mailauth signs what `signatureData` lists (its types name only the top-level fields, which it ignores).
  const signing = { signingDomain: domain, selector, privateKey };
  const options = { ...signing, signatureData: [signing] };
  const signed = await dkimSign(message, options);
  const verified = await dkimVerify(Buffer.concat([Buffer.from(signed.signatures), message]), { resolver });
  const result = verified.results[0]?.status.result;
  if (result !== "pass") {
    return {
      record: "DKIM",
      ok: false,
      says: `The key published at ${name} does not match DKIM_PRIVATE_KEY_FILE: receivers would fail our signature (${verified.results[0]?.status.comment ?? result ?? "no result"}).`,
      publish: { name, value: publicRecord ?? "the record printed with this key" },
    };
  }
  return { record: "DKIM", ok: true, says: `${name} publishes the key our mail is signed with.` };
}

async function checkDmarc(domain: string, resolver: DNSResolver): Promise<MailRecordFinding> {
  const suggested = {
    name: `_dmarc.${domain}`,
    value: `v=DMARC1; p=none; rua=mailto:dmarc-reports@${domain}`,
  };
  const result = await dmarc({
    headerFrom: `postmaster@${domain}`,
    spfDomains: [],
    dkimDomains: [],
    resolver,
  });
  if (result === false || !result.rr) {
    return {
      record: "DMARC",
      ok: false,
      says: `${domain} publishes no DMARC record: Gmail and Outlook refuse or bin bulk mail from such domains.`,
      publish: suggested,
    };
  }
  if (result.p === "none") {
    return {
      record: "DMARC",
      ok: true,
      says: `${domain} publishes DMARC in monitoring mode (p=none): "${result.rr}". Once its reports show only your own mail passing, move to p=quarantine.`,
    };
  }
  return { record: "DMARC", ok: true, says: `${domain} publishes DMARC with p=${result.p}: "${result.rr}".` };
}

/** The public half of a DKIM key as its DNS record's value: "v=DKIM1; k=rsa; p=...". */
export function dkimRecordValue(publicKeyDer: Buffer): string {
  return `v=DKIM1; k=rsa; p=${publicKeyDer.toString("base64")}`;
}

/**
 * Checks a domain's SPF, DKIM (at `selector`) and DMARC records. `provider` says whose servers send its
 * mail, so the SPF to publish names them; `privateKey` is ours, to check the published key against it.
 */
export async function checkMailRecords(options: {
  domain: string;
  selector: string;
  provider?: "microsoft" | "google" | "unknown";
  privateKey?: string | null;
  /** The DKIM record's value for our key, to say what to publish. */
  publicRecord?: string | null;
  resolver?: DNSResolver;
}): Promise<MailRecordFinding[]> {
  const resolver = options.resolver ?? systemResolver;
  const domain = options.domain.toLowerCase();
  // A DNS that does not answer (no network, a server down) is said as such, record by record.
  const lookedUp = async (
    record: MailRecordFinding["record"],
    check: () => Promise<MailRecordFinding>,
  ): Promise<MailRecordFinding> => {
    try {
      return await check();
    } catch (error) {
      const words = error instanceof Error ? error.message : String(error);
      return {
        record,
        ok: false,
        says: `The ${record} record could not be looked up (${words}); try again later.`,
      };
    }
  };
  return [
    await lookedUp("SPF", () => checkSpf(domain, resolver, options.provider ?? "unknown")),
    await lookedUp("DKIM", () =>
      checkDkim(domain, options.selector, resolver, options.privateKey ?? null, options.publicRecord ?? null),
    ),
    await lookedUp("DMARC", () => checkDmarc(domain, resolver)),
  ];
}

/** The findings as the command prints them: one paragraph each, what to publish indented under it. */
export function findingsInWords(domain: string, findings: MailRecordFinding[]): string {
  const lines = [`Mail records of ${domain}:`, ""];
  for (const finding of findings) {
    lines.push(`${finding.ok ? "OK     " : "TO DO  "} ${finding.record}: ${finding.says}`);
    if (finding.publish) {
      lines.push(
        `        Publish a TXT record at ${finding.publish.name}:`,
        `        ${finding.publish.value}`,
      );
    }
    lines.push("");
  }
  const todo = findings.filter((finding) => !finding.ok).map((finding) => finding.record);
  lines.push(todo.length === 0 ? "All three are in order." : `To publish or fix: ${todo.join(", ")}.`);
  return lines.join("\n");
}
