import { z } from "zod";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("localhost"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** "1" adds routes that exist only for the end-to-end tests (a page that throws). */
  ENABLE_TEST_HOOKS: z.enum(["0", "1"]).default("0"),
  /** "1" when a proxy in front of the server terminates TLS and sets X-Forwarded-Proto. */
  TRUST_PROXY: z.enum(["0", "1"]).default("0"),
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
