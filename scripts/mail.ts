// The company's mail records from the command line, with the same environment as the server:
//   npm run mail -- check [domain] [--provider microsoft|google] [--selector <selector>]
//   npm run mail -- dkim-key <file> [--domain <domain>] [--selector <selector>]
import { createPrivateKey, createPublicKey, generateKeyPairSync } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { site } from "#core/config/site.ts";
import { checkMailRecords, dkimRecordValue, findingsInWords } from "../server/bounces/mail-check.ts";
import { parseEnv } from "../server/env.ts";

const usage = `Usage:
  npm run mail -- check [domain]                       Look up the domain's SPF, DKIM and DMARC records
                    [--provider microsoft|google]      and say what to publish or fix (the domain:
                    [--selector <selector>]            DKIM_DOMAIN, else MAIL_FROM's; the provider: whose
                                                       servers send the company's mail, for SPF)
  npm run mail -- dkim-key <file>                      Make a DKIM key: writes the private key to the
                    [--domain <domain>]                file (for DKIM_PRIVATE_KEY_FILE) and prints the
                    [--selector <selector>]            DNS record to publish`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${usage}\n`);
  process.exit(2);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        provider: { type: "string" },
        selector: { type: "string" },
        domain: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const [command, argument, ...extra] = positionals;
if (!command) fail("Say what to do.");
if (extra.length > 0) fail(`Unexpected: ${extra.join(" ")}`);

const env = (() => {
  try {
    return parseEnv();
  } catch (error) {
    return fail((error as Error).message);
  }
})();

/** The domain mail is sent from: DKIM_DOMAIN, else the domain of MAIL_FROM (or the site's address). */
function ownDomain(): string {
  if (env.DKIM_DOMAIN) return env.DKIM_DOMAIN;
  const from = env.MAIL_FROM ?? site.email;
  return (
    /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? fail("Name the domain: npm run mail -- check example.co.uk")
  );
}

/** A selector for a new key: the year and month, so the next key gets another and both can be published. */
function newSelector(): string {
  const now = new Date();
  return `site${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
}

if (command === "check") {
  const domain = (argument ?? ownDomain()).toLowerCase();
  const provider = values.provider ?? "unknown";
  if (provider !== "microsoft" && provider !== "google" && provider !== "unknown") {
    fail(`--provider is microsoft or google, not "${provider}".`);
  }
  const privateKey = env.DKIM_PRIVATE_KEY_FILE ? readFileSync(env.DKIM_PRIVATE_KEY_FILE, "utf8") : null;
  const publicRecord = privateKey
    ? dkimRecordValue(
        createPublicKey(createPrivateKey(privateKey)).export({ type: "spki", format: "der" }) as Buffer,
      )
    : null;
  const findings = await checkMailRecords({
    domain,
    selector: values.selector ?? env.DKIM_SELECTOR ?? "default",
    provider,
    privateKey,
    publicRecord,
  });
  process.stdout.write(`${findingsInWords(domain, findings)}\n`);
  process.exitCode = findings.every((finding) => finding.ok) ? 0 : 1;
} else if (command === "dkim-key") {
  if (!argument) fail("Say which file to write the private key to.");
  if (existsSync(argument)) fail(`${argument} exists already: a key is never overwritten.`);
  const domain = values.domain ?? env.DKIM_DOMAIN ?? ownDomain();
  const selector = values.selector ?? env.DKIM_SELECTOR ?? newSelector();
  // RSA 2048: what Microsoft 365 and Google Workspace use and every receiver checks.
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  writeFileSync(argument, privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600, flag: "wx" });
  const record = dkimRecordValue(publicKey.export({ type: "spki", format: "der" }));
  process.stdout.write(
    [
      `Wrote the private key to ${argument} (readable by its owner only). Keep a copy off the server.`,
      "",
      "Publish this TXT record in the domain's DNS:",
      `  Name:  ${selector}._domainkey.${domain}`,
      `  Value: ${record}`,
      "",
      "Then set, in the site's environment:",
      `  DKIM_DOMAIN=${domain}`,
      `  DKIM_SELECTOR=${selector}`,
      `  DKIM_PRIVATE_KEY_FILE=${argument}`,
      "",
      `and check it with: npm run mail -- check ${domain}`,
      "",
    ].join("\n"),
  );
} else {
  fail(`Unknown command: ${command}`);
}
