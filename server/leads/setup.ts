import type { Router } from "express";
import { site } from "../../app/content/site.ts";
import { type Analytics, createAnalytics } from "../analytics/analytics.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
import type { Env } from "../env.ts";
import type { Logger } from "../logger.ts";
import { createOutboxWorker, type OutboxWorker } from "../mail/outbox.ts";
import { createSendMail, type SmtpConfig } from "../mail/send.ts";
import { leadsRouter } from "./handlers.ts";
import { loadSecrets, type Secrets } from "./secrets.ts";

export type Leads = {
  router: Router;
  db: Database;
  worker: OutboxWorker;
  secrets: Secrets;
  /** Cookieless visit counts: the page-view endpoint, and each stored lead counted for its page. */
  analytics: Analytics;
  /** Migrations applied while opening, for the caller to log once the server is up. */
  migrated: string[];
  /** Stops the outbox worker and closes the database. */
  close(): Promise<void>;
};

type LeadsEnv = Pick<
  Env,
  | "DATABASE_URL"
  | "DATA_DIR"
  | "NI_ENCRYPTION_KEY"
  | "IP_HASH_SALT"
  | "FORM_RESULT_SECRET"
  | "SMTP_URL"
  | "SMTP_HOST"
  | "SMTP_PORT"
  | "SMTP_USER"
  | "SMTP_PASSWORD"
  | "SMTP_SECURE"
  | "MAIL_FROM"
  | "ENQUIRIES_TO"
  | "APPLICATIONS_TO"
  | "OUTBOX_POLL_MS"
  | "OUTBOX_MAX_ATTEMPTS"
  | "OUTBOX_RETRY_BASE_MS"
  | "CONTACT_RATE_LIMIT"
  | "CAREERS_RATE_LIMIT"
  | "RATE_LIMIT_WINDOW_SECONDS"
>;

/** The SMTP settings from the environment, or null when none are given. */
export function smtpConfig(env: LeadsEnv): SmtpConfig | null {
  if (env.SMTP_URL) return { url: env.SMTP_URL };
  if (env.SMTP_HOST) {
    return {
      host: env.SMTP_HOST,
      port: env.SMTP_PORT,
      secure: env.SMTP_SECURE === "1",
      ...(env.SMTP_USER ? { user: env.SMTP_USER } : {}),
      ...(env.SMTP_PASSWORD ? { password: env.SMTP_PASSWORD } : {}),
    };
  }
  return null;
}

/**
 * Opens the database (applying migrations), loads the keys, and builds the two
 * endpoints and the outbox worker. The caller starts the worker with the server.
 */
export async function createLeads(
  env: LeadsEnv,
  logger: Logger,
  options: { schema?: string } = {},
): Promise<Leads> {
  const db = openDatabase(env.DATABASE_URL, options);
  const migrated = await migrate(db);
  const secrets = loadSecrets(env.DATA_DIR, env);
  const smtp = smtpConfig(env);
  const from = env.MAIL_FROM ?? `${site.brand} <${site.email}>`;
  const worker = createOutboxWorker({
    db,
    send: smtp ? createSendMail(smtp) : null,
    from,
    logger,
    pollMs: env.OUTBOX_POLL_MS,
    maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
    retryBaseMs: env.OUTBOX_RETRY_BASE_MS,
  });
  const analytics = createAnalytics({ db, logger });
  const router = leadsRouter({
    db,
    secrets,
    logger,
    routing: {
      from,
      enquiriesTo: env.ENQUIRIES_TO ?? site.email,
      applicationsTo: env.APPLICATIONS_TO ?? site.email,
    },
    rateLimits: {
      contact: env.CONTACT_RATE_LIMIT,
      careers: env.CAREERS_RATE_LIMIT,
      windowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    mailConfigured: smtp !== null,
    onQueued: () => worker.wake(),
    onStored: analytics.onLeadStored,
  });
  return {
    router,
    db,
    worker,
    secrets,
    analytics,
    migrated,
    async close() {
      await worker.stop();
      await analytics.stop();
      await db.close();
    },
  };
}
