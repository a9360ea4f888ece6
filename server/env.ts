import { z } from "zod";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("localhost"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** "1" adds routes that exist only for the end-to-end tests (a page that throws). */
  ENABLE_TEST_HOOKS: z.enum(["0", "1"]).default("0"),
  /** "1" behind one reverse proxy: client address from X-Forwarded-For, HTTPS from X-Forwarded-Proto. */
  TRUST_PROXY: z.enum(["0", "1"]).default("0"),

  /** The site's public address, such as https://www.example.co.uk: staff passkeys are bound to it. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .transform((value) => new URL(value).origin)
    .optional(),

  /** postgres://... selects PostgreSQL; a path or file: URL selects SQLite. */
  DATABASE_URL: z.string().min(1).default("data/site.sqlite"),
  /** Where generated keys are kept when the environment does not give them. */
  DATA_DIR: z.string().min(1).default("data"),
  NI_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, { error: "must be 64 hexadecimal characters (a 256-bit key)" })
    .optional(),
  IP_HASH_SALT: z.string().min(16, { error: "must be at least 16 characters" }).optional(),
  FORM_RESULT_SECRET: z.string().min(32, { error: "must be at least 32 characters" }).optional(),

  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_SECURE: z.enum(["0", "1"]).default("0"),
  MAIL_FROM: z.string().min(3).optional(),
  ENQUIRIES_TO: z.email().optional(),
  APPLICATIONS_TO: z.email().optional(),

  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(5000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(10).default(60_000),

  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  CAREERS_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
});

export type Env = z.infer<typeof schema>;

/**
 * Reads the environment once at boot. A bad value stops the server with a
 * message naming every offending variable, rather than failing later.
 */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`Invalid environment:\n${problems.join("\n")}`);
}
