import ipaddr from "ipaddr.js";
import { z } from "zod";
import { isPostgres } from "./db/url.ts";
import { webhookKind } from "./delivery/webhooks.ts";
import { bounceLocalPartMax } from "./protection/return-path.ts";

const httpUrl = /^https?:$/;

/** An optional absolute http(s) URL, kept without a trailing slash. */
const publicUrl = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === "") return undefined;
    const url = URL.canParse(value) ? new URL(value) : null;
    if (!url || !httpUrl.test(url.protocol) || url.search || url.hash || url.username || url.password) {
      ctx.addIssue({
        code: "custom",
        message: "must be an absolute http:// or https:// URL such as https://www.example.co.uk",
      });
      return z.NEVER;
    }
    return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  });

/** A comma-separated list of absolute http(s) URLs, duplicates dropped. */
const urlList = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const urls = (value ?? "")
      .split(",")
      .map((url) => url.trim())
      .filter(Boolean);
    for (const [i, url] of urls.entries()) {
      const parsed = URL.canParse(url) ? new URL(url) : null;
      // Named by position, not quoted: a Slack or Teams address is itself a secret.
      if (!parsed || !httpUrl.test(parsed.protocol) || parsed.username || parsed.password) {
        ctx.addIssue({
          code: "custom",
          message: `address ${i + 1} is not an absolute http:// or https:// URL without a user name or password`,
        });
        return z.NEVER;
      }
    }
    return [...new Set(urls)];
  });

/** TRUST_PROXY: the addresses of the proxies to believe, as Express's `trust proxy` takes them. */
const trustedProxies = z
  .string()
  .optional()
  .transform((value, ctx): string[] => {
    const given = (value ?? "0").trim();
    if (given === "0") return [];
    if (given === "1") return ["loopback"];
    const entries = given
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    for (const entry of entries) {
      if (entry === "loopback" || isAddress(entry) || isCidr(entry)) continue;
      ctx.addIssue({
        code: "custom",
        message: `"${entry}" is not "loopback", an IP address or a CIDR range such as 10.0.0.0/8 (or give 0 or 1)`,
      });
      return z.NEVER;
    }
    return [...new Set(entries)];
  });

/** An IPv4 address in four parts (ipaddr.js also takes "2" and "0x7f.1") or an IPv6 address. */
function isAddress(value: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(value) || ipaddr.IPv6.isValid(value);
}

function isCidr(value: string): boolean {
  const [address = "", bits] = value.split("/");
  if (!isAddress(address) || bits === undefined) return false;
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}

/** A loopback host: mail read or sent there never leaves the machine. */
function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, "").toLowerCase();
  return name === "localhost" || name === "::1" || /^127\./.test(name);
}

/**
 * BOUNCE_IMAP_URL: imaps://user:password@host:993/INBOX, or imap:// to a server on loopback only (the
 * password would otherwise cross the network in clear).
 */
const imapUrl = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === "") return undefined;
    const url = URL.canParse(value) ? new URL(value) : null;
    const problem = !url
      ? "must be a URL such as imaps://user:password@imap.example.co.uk:993/INBOX"
      : url.protocol !== "imaps:" && url.protocol !== "imap:"
        ? "must start imaps:// (or imap:// for a server on this machine)"
        : url.protocol === "imap:" && !isLoopbackHost(url.hostname)
          ? "must be imaps:// for a server on another machine: imap:// would send the password in clear"
          : !url.username || !url.password
            ? "must name the mailbox's user and password (imaps://user:password@host/INBOX); a @ in the user is %40"
            : url.search || url.hash
              ? "must not have anything after a ? or # (a ? or # in the password is %3F or %23)"
              : null;
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return value;
  });

/** BOUNCE_ADDRESS: an address whose local part is short enough for each message's id and signature after a +. */
const bounceAddress = z
  .email({ error: "must be an e-mail address such as bounces@example.co.uk" })
  .refine((value) => !value.slice(0, value.lastIndexOf("@")).includes("+"), {
    error: "must not have a + in it: each message's id is added after one",
  })
  .refine((value) => value.lastIndexOf("@") <= bounceLocalPartMax, {
    error: `must have at most ${bounceLocalPartMax} characters before the @, so each message's id and signature fit`,
  })
  .optional();

/** A Standard Webhooks secret: "whsec_" and 24 to 64 random bytes in base64. */
const webhookSecret = z.string().refine(
  (value) => {
    const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value);
    const bytes = match?.[1] ? Buffer.from(match[1], "base64").length : 0;
    return bytes >= 24 && bytes <= 64;
  },
  { error: "must be whsec_ followed by 24 to 64 random bytes in base64" },
);

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("localhost"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** "1" adds routes that exist only for the end-to-end tests (a page that throws). */
  ENABLE_TEST_HOOKS: z.enum(["0", "1"]).default("0"),
  /**
   * The proxies whose X-Forwarded-For (client address) and X-Forwarded-Proto are believed: "loopback"
   * (a proxy on this machine, as Caddy is), addresses or CIDR ranges, comma-separated. "1" means
   * "loopback"; "0" or unset, none. A request from anywhere else is counted by its own address.
   */
  TRUST_PROXY: trustedProxies,

  /** The site's public address, for links to the staff workspace in webhooks. */
  PUBLIC_URL: publicUrl,

  /** postgres://... selects PostgreSQL; a path or file: URL selects SQLite. */
  DATABASE_URL: z.string().min(1).default("data/site.sqlite"),
  /** PostgreSQL: longest wait for a connection, new or from the pool. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** PostgreSQL: longest a statement may run or wait for its answer. SQLite: longest wait for another writer. */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /**
   * How long a form post waits for the database to take it again (a failover) before it is refused with
   * 503: about as long as a failover takes with deploy/patroni/patroni.yml's timings. 0 refuses at once.
   */
  FAILOVER_HOLD_MS: z.coerce.number().int().min(0).max(120_000).default(30_000),
  /** How many posts one process holds at once while it waits; the next is refused with 503 at once. */
  FAILOVER_HOLD_MAX: z.coerce.number().int().min(1).max(10_000).default(64),
  /** Where generated keys are kept when the environment does not give them. */
  DATA_DIR: z.string().min(1).default("data"),
  NI_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, { error: "must be 64 hexadecimal characters (a 256-bit key)" })
    .optional(),
  // Earlier NI keys, still read while `npm run data -- rotate-key` moves the stored numbers to the current one.
  NI_ENCRYPTION_KEY_PREVIOUS: z
    .string()
    .regex(/^\s*[0-9a-fA-F]{64}\s*(,\s*[0-9a-fA-F]{64}\s*)*$/, {
      error: "must be one or more keys of 64 hexadecimal characters, separated by commas",
    })
    .optional(),
  IP_HASH_SALT: z.string().min(16, { error: "must be at least 16 characters" }).optional(),
  FORM_RESULT_SECRET: z.string().min(32, { error: "must be at least 32 characters" }).optional(),

  /**
   * smtp://user:password@host:port or smtps://... and nothing after it: nodemailer reads settings from a
   * query string over the ones the server sets (`?ignoreTLS=true`, `?tls.rejectUnauthorized=false`), so
   * one would quietly undo the TLS policy. TLS comes from the scheme and SMTP_REQUIRE_TLS alone.
   */
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" })
    .refine((value) => !/[?#]/.test(value), {
      error:
        "must not have anything after a ? or # (settings there would override the TLS policy): TLS is chosen by smtp:// or smtps:// and SMTP_REQUIRE_TLS; a ? or # in the password is written %3F or %23",
    })
    .optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_SECURE: z.enum(["0", "1"]).default("0"),
  /**
   * "false" lets mail go unencrypted to a mail server on another machine that offers no STARTTLS (the
   * server warns of it at start). Unset, STARTTLS is required of any server not on a loopback address.
   */
  SMTP_REQUIRE_TLS: z.enum(["true", "false"], { error: 'must be "true" or "false"' }).default("true"),
  MAIL_FROM: z.string().min(3).optional(),
  ENQUIRIES_TO: z.email().optional(),
  APPLICATIONS_TO: z.email().optional(),

  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(5000),
  // How often each process reads the site content's generation, to show a publication made on another.
  CONTENT_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  // How often each process looks for scheduled site content that is due (Publish at, Take down at).
  CONTENT_SCHEDULE_POLL_MS: z.coerce.number().int().min(500).max(600_000).default(5000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(10).default(60_000),
  /** How long a claimed message is reserved for the process sending it; each send is cut off well before. */
  OUTBOX_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),

  /** Comma-separated addresses told of each new lead: Slack, Microsoft Teams, or any signed receiver. */
  WEBHOOK_URLS: urlList,
  /** The Standard Webhooks signing secret, needed for any webhook address that is neither Slack nor Teams. */
  WEBHOOK_SECRET: webhookSecret.optional(),

  /**
   * The address bounces come back to. Each e-mail's envelope sender is this address with the message's
   * id and a signature after a + (bounces+<id>.<signature>@...), so a bounce names its message.
   */
  BOUNCE_ADDRESS: bounceAddress,
  /** The bounce mailbox, read over IMAP every BOUNCE_POLL_MS: imaps://user:password@host:993/INBOX. */
  BOUNCE_IMAP_URL: imapUrl,
  BOUNCE_POLL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  /** DKIM: the domain mail is signed for, the selector its public key is published under, the private key's file. */
  DKIM_DOMAIN: z
    .string()
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, {
      error: "must be a domain name such as example.co.uk",
    })
    .optional(),
  DKIM_SELECTOR: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i, { error: "must be one DNS label such as site2025" })
    .optional(),
  DKIM_PRIVATE_KEY_FILE: z.string().min(1).optional(),

  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  CAREERS_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** Passkey challenges one client address may be given in five minutes (each is stored until used). */
  PASSKEY_CHALLENGE_LIMIT: z.coerce.number().int().min(1).default(30),
  /**
   * New visitors one network may add to the visit counts in a day; past it, its views are not counted.
   * Unset: the analytics module's default (300).
   */
  VISITS_NEW_VISITORS_PER_DAY: z.coerce.number().int().min(1).optional(),
  /**
   * Page views one network may send a minute, across every server process; past it, the beacon answers
   * 429 and the views are not counted. Unset: the analytics module's default (60).
   */
  VISITS_VIEWS_PER_MINUTE: z.coerce.number().int().min(1).optional(),

  /** The ClamAV daemon's local socket, e.g. /run/clamav/clamd.ctl: uploads are then scanned. */
  CLAMD_SOCKET: z.string().min(1).optional(),
  /** Or the daemon's host and port (its TCPSocket), when it runs on another machine. */
  CLAMD_HOST: z.string().min(1).optional(),
  CLAMD_PORT: z.coerce.number().int().min(1).max(65535).optional(),

  /**
   * After SIGTERM, seconds the server goes on answering as usual before it stops listening, so a
   * proxy's health check sees /readyz fail first. Unset: 3 in production, 0 otherwise.
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(4).optional(),
  /** The bearer token /metrics asks of any client that is not on loopback; unset, only loopback is answered. */
  METRICS_TOKEN: z.string().min(16, { error: "must be at least 16 characters" }).optional(),
  /**
   * The erasure ledger: a file outside the database where every erasure and retention deletion is also
   * written (references and keyed hashes only), so a restored backup can delete them again.
   * Unset: erasure-ledger.jsonl in DATA_DIR.
   */
  ERASURE_LEDGER: z.string().min(1).optional(),
  /**
   * The age public key (age1...) backups are encrypted to, made by `npm run data -- backup-key`; the
   * private key that opens them is kept off the server. Unset: backups refused unless --plaintext.
   */
  BACKUP_RECIPIENT: z
    .string()
    .regex(/^age1[02-9ac-hj-np-z]{58}$/, { error: "must be the age1... public key backup-key printed" })
    .optional(),
  /**
   * The key that seals each backup (an HMAC), so a restore knows this installation wrote it: a key of its
   * own, so the backup unit holds no other secret and FORM_RESULT_SECRET can change without touching it.
   * Unset: keys.json's, or the one derived from FORM_RESULT_SECRET that sealed backups before it existed.
   */
  BACKUP_SEAL_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, { error: "must be 64 hexadecimal characters (a 256-bit key)" })
    .optional(),
  // Earlier seal keys, newest first, that still open the backups sealed with them (see docs/keys.md).
  BACKUP_SEAL_KEY_PREVIOUS: z
    .string()
    .regex(/^\s*[0-9a-fA-F]{64}\s*(,\s*[0-9a-fA-F]{64}\s*)*$/, {
      error: "must be one or more keys of 64 hexadecimal characters, separated by commas",
    })
    .optional(),
});

export type Env = z.infer<typeof schema>;

// Rules that join several variables.
const checked = schema.superRefine((env, ctx) => {
  if (env.WEBHOOK_URLS.some((url) => webhookKind(url) === "standard") && !env.WEBHOOK_SECRET) {
    ctx.addIssue({
      code: "custom",
      path: ["WEBHOOK_SECRET"],
      message:
        "must be set (whsec_...) to sign webhooks sent to addresses other than Slack or Microsoft Teams",
    });
  }
  if (env.CLAMD_SOCKET && env.CLAMD_HOST) {
    ctx.addIssue({
      code: "custom",
      path: ["CLAMD_HOST"],
      message: "give either CLAMD_SOCKET or CLAMD_HOST (with CLAMD_PORT), not both",
    });
  }
  if (env.BOUNCE_IMAP_URL && !env.BOUNCE_ADDRESS) {
    ctx.addIssue({
      code: "custom",
      path: ["BOUNCE_ADDRESS"],
      message: "must be set with BOUNCE_IMAP_URL: without it no bounce names its message",
    });
  }
  const dkim = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY_FILE];
  if (dkim.some(Boolean) && !dkim.every(Boolean)) {
    ctx.addIssue({
      code: "custom",
      path: ["DKIM_PRIVATE_KEY_FILE"],
      message: "DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE go together: give all three or none",
    });
  }
  if (env.CLAMD_PORT !== undefined && !env.CLAMD_HOST) {
    ctx.addIssue({ code: "custom", path: ["CLAMD_PORT"], message: "needs CLAMD_HOST beside it" });
  }
  // Every process on one database must use the same keys; a keys.json generated on each machine would differ.
  if (env.NODE_ENV === "production" && isPostgres(env.DATABASE_URL)) {
    for (const name of ["NI_ENCRYPTION_KEY", "IP_HASH_SALT", "FORM_RESULT_SECRET"] as const) {
      if (!env[name]) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message:
            "must be set in production with PostgreSQL, and be the same for every server process sharing the database",
        });
      }
    }
  }
});

/**
 * Reads the environment once at boot. A bad value stops the server with a
 * message naming every offending variable, rather than failing later. An empty
 * or blank value counts as unset.
 */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // systemd's EnvironmentFile turns a line `NAME=` into an empty string, not into an unset variable.
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value?.trim()));
  const result = checked.safeParse(given);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`Invalid environment:\n${problems.join("\n")}`);
}
