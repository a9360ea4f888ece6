import type { RequestHandler, Router } from "express";
import { site } from "../../app/content/site.ts";
import { type Analytics, createAnalytics } from "../analytics/analytics.ts";
import { type Database, type DatabaseOptions, openDatabase } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
import { createOutboxWorker, type OutboxWorker } from "../delivery/outbox.ts";
import { createSendMail, type SmtpConfig, smtpTimeouts } from "../delivery/smtp.ts";
import { createSendWebhook, webhookTarget } from "../delivery/webhooks.ts";
import type { Env } from "../env.ts";
import type { Logger } from "../logger.ts";
import { readiness } from "../readiness.ts";
import { loadSecrets, type Secrets } from "../secrets.ts";
import { leadsRouter } from "./handlers.ts";

export type Leads = {
  router: Router;
  /** GET /readyz: 503 while the database cannot be reached or the server is shutting down. */
  readiness: RequestHandler;
  db: Database;
  worker: OutboxWorker;
  secrets: Secrets;
  /** Cookieless visit counts: the page-view endpoint, and each stored lead counted for its page. */
  analytics: Analytics;
  /** Migrations applied while opening, for the caller to log once the server is up. */
  migrated: string[];
  /**
   * The start of a shutdown: /readyz turns 503 and the delivery queue claims nothing more. Sends in
   * hand may run until `deadline` (ms); close() waits for them.
   */
  drain(deadline: number): void;
  /** Stops the delivery queue (waiting for its sends) and closes the database. */
  close(): Promise<void>;
};

type LeadsEnv = Pick<
  Env,
  | "PORT"
  | "PUBLIC_URL"
  | "DATABASE_URL"
  | "DATABASE_CONNECT_TIMEOUT_MS"
  | "DATABASE_QUERY_TIMEOUT_MS"
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
  | "OUTBOX_LEASE_MS"
  | "WEBHOOK_URLS"
  | "WEBHOOK_SECRET"
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
 * endpoints, /readyz and the delivery queue. The caller starts the queue with the server.
 */
export async function createLeads(
  env: LeadsEnv,
  logger: Logger,
  options: Pick<DatabaseOptions, "schema" | "synchronous"> = {},
): Promise<Leads> {
  const db = openDatabase(env.DATABASE_URL, {
    ...options,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
  });
  const migrated = await migrate(db);
  const secrets = loadSecrets(env.DATA_DIR, env);
  const smtp = smtpConfig(env);
  const from = env.MAIL_FROM ?? `${site.brand} <${site.email}>`;
  const webhooks = env.WEBHOOK_URLS.map((url) => ({ url, ...webhookTarget(url) }));
  const worker = createOutboxWorker({
    db,
    send: smtp ? createSendMail(smtp, smtpTimeouts(env.OUTBOX_LEASE_MS)) : null,
    sendWebhook: webhooks.length > 0 ? createSendWebhook({ secret: env.WEBHOOK_SECRET }) : null,
    webhookUrls: new Map(webhooks.map((webhook) => [webhook.key, webhook.url])),
    from,
    logger,
    pollMs: env.OUTBOX_POLL_MS,
    maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
    retryBaseMs: env.OUTBOX_RETRY_BASE_MS,
    leaseMs: env.OUTBOX_LEASE_MS,
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
      webhooks: webhooks.map(({ key, display }) => ({ key, display })),
      publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
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
  let draining = false;
  let stopping: Promise<void> | null = null;
  return {
    router,
    readiness: readiness({ db, draining: () => draining, timeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS }),
    db,
    worker,
    secrets,
    analytics,
    migrated,
    drain(deadline) {
      draining = true;
      stopping ??= worker.stop({ deadline });
    },
    async close() {
      draining = true;
      await (stopping ?? worker.stop());
      await analytics.stop();
      await db.close();
    },
  };
}
