import { createPrivateKey, createPublicKey } from "node:crypto";
import { readFileSync } from "node:fs";
import type { RequestHandler, Router } from "express";
import { applicants } from "#core/config/applicants.ts";
import { site } from "#core/config/site.ts";
import { createAlertLinks } from "./alerts/links.ts";
import { createAlertRenewal } from "./alerts/renewal.ts";
import { type AlertSending, createAlertSending } from "./alerts/sending.ts";
import { createSubscriptions } from "./alerts/subscriptions.ts";
import { type Analytics, createAnalytics } from "./analytics/analytics.ts";
import { analyticsReport } from "./analytics/report.ts";
import { createInterviewReminders, type InterviewReminders } from "./applicants/interview-reminders.ts";
import { createInterviews, resendInvitations } from "./applicants/interviews.ts";
import { createPoolRenewal, type PoolRenewal } from "./applicants/pool-renewal.ts";
import { createRecruitment } from "./applicants/recruitment.ts";
import { createSelfService } from "./applicants/self-service.ts";
import { type Bounces, createBounces } from "./bounces/bounces.ts";
import { dkimRecordValue } from "./bounces/mail-check.ts";
import { defaultMailboxTimeouts, mailboxAddress } from "./bounces/mailbox.ts";
import type { CaseStudyAddresses } from "./content/addresses.ts";
import { createContent } from "./content/content.ts";
import { createContentSchedule } from "./content/schedule.ts";
import type { AppServices } from "./contract.ts";
import { type Database, type DatabaseOptions, openDatabase } from "./db/database.ts";
import { migrate } from "./db/migrate.ts";
import type { ApplicantLinks } from "./delivery/emails.ts";
import { createOutboxWorker, type OutboxWorker } from "./delivery/outbox.ts";
import { createSendMail, type DkimKey, type SmtpConfig, smtpTimeouts } from "./delivery/smtp.ts";
import { createSendWebhook, webhookTarget } from "./delivery/webhooks.ts";
import type { Env } from "./env.ts";
import { createFollowUp, type FollowUp } from "./follow-up/follow-up.ts";
import { createHealth } from "./health.ts";
import { housekeepingWindows } from "./housekeeping.ts";
import type { LeasedJob } from "./jobs/leased-job.ts";
import { createLaunch } from "./launch/launch.ts";
import { createFailoverHold } from "./leads/failover-hold.ts";
import { leadsRouter } from "./leads/handlers.ts";
import { recordEmailOutcome } from "./leads/store.ts";
import { createDataRequests } from "./lifecycle/data-requests.ts";
import { type ErasureLedger, ledgerFor } from "./lifecycle/ledger.ts";
import { replayLedger } from "./lifecycle/replay.ts";
import { type Purging, startPurging } from "./lifecycle/schedule.ts";
import { createMetrics, type Metrics } from "./metrics.ts";
import type { Logger } from "./observability/logger.ts";
import { createPictures, type Pictures } from "./pictures/pictures.ts";
import { alertLinkKey } from "./protection/alert-link.ts";
import { applicantLinkKey, applicantLinkUrl } from "./protection/applicant-link.ts";
import { returnPathKey, returnPaths } from "./protection/return-path.ts";
import { readiness } from "./readiness.ts";
import { createRedirects, type Redirects } from "./redirects/redirects.ts";
import { clamdAddress, createClamdScan } from "./scanning/clamd.ts";
import { createScanning, type Scanning } from "./scanning/scanner.ts";
import { loadSecrets, type Secrets } from "./secrets.ts";
import { attachmentOf, pendingScanOf } from "./tables/documents.ts";
import { tombstoneOf } from "./tables/tombstones.ts";
import { createVacancies } from "./vacancies/vacancies.ts";
import { confirmationWindowMs } from "./workspace/sessions.ts";
import { answeringWhileSwitchingOver } from "./workspace/switching-over.ts";
import { createWorkspace } from "./workspace/workspace.ts";

/**
 * The composition root: the one place that opens the database, loads the keys and builds every
 * service from them, handing each only what it needs. Features never build one another; what one
 * must tell another (a lead stored, a message queued, an e-mail's outcome) is wired here. See
 * docs/decisions/013-composition-root.md.
 *
 *   db, secrets ─┬─ delivery (the outbox worker: e-mail and webhooks)
 *                ├─ analytics (page-view endpoint; each stored lead counted)
 *                ├─ scanning (the virus scan of uploads) ── wakes delivery once documents are scanned
 *                ├─ leads (the two form endpoints) ── queues into delivery, tells analytics, wakes scanning
 *                ├─ workspace (staff: passkeys, sessions, team, inbox) ── wakes delivery, reads the lifecycle's tombstones
 *                ├─ vacancies (jobs staff publish) ── read by leads (the vacancy an application names); a
 *                │    published one retitled keeps its old address as a redirect

 *                ├─ people (access and erasure requests)
 *                ├─ applicant page (the applicant's own link) ── erases through people, wakes scanning and delivery
 *                ├─ interviews (invitations, updates, cancellations; the reminder before each, every minute) ── wakes delivery
 *                ├─ follow-up (the reply clock's reminders and escalations, the morning summaries) ── wakes delivery
 *                ├─ recruitment (stage e-mails, a vacancy's "not this time", the talent pool and its question) ── wakes delivery
 *                ├─ job alerts (sign-up, confirm, change, leave; the renewal question and their purge, hourly) ── wakes delivery
 *                ├─ job alerts' sending (new vacancies to those who asked, every minute) ── wakes delivery
 *                ├─ redirects (old addresses answered 301 before any page; the missing addresses counted)
 *                ├─ launch (Ready to launch: the absolute claims confirmed with evidence)
 *                ├─ pictures (the picture library; each upload read by the virus scanner's clamd before it is kept)
 *                ├─ health (the Health page: the queue, the last backup and purge, the forms' errors from the metrics)
 *                └─ purging (the erasure ledger replayed at start; the retention purge, hourly)
 */

export type Services = {
  db: Database;
  secrets: Secrets;
  /** Migrations applied while opening, for the caller to log once the server is up. */
  migrated: string[];
  /** The delivery queue's worker (e-mail and webhooks). */
  delivery: OutboxWorker;
  /** The virus scan of uploaded documents (ClamAV), or the marking of them as not scanned. */
  scanning: Scanning;
  /** The two form endpoints, mounted before any page. */
  leads: Router;
  /** Cookieless visit counts: the page-view endpoint and its daily upkeep. */
  analytics: Analytics;
  /** The reply clock's reminders and escalations, and the morning summaries, every minute. */
  followUp: FollowUp;
  /** The talent pool's question to each member before their agreement to be kept on file runs out, hourly. */
  poolRenewal: PoolRenewal;
  /** The applicant's reminder before each interview, every minute. */
  interviewReminders: InterviewReminders;
  /** The job alerts' e-mails: the new vacancies that match, every minute (daily and weekly at their hour). */
  alertSending: AlertSending;
  /** The job alerts' renewal question a month before each lapses, and the deletion of lapsed and unconfirmed ones, hourly. */
  alertRenewal: LeasedJob;
  /** Bounces read back from the bounce mailbox (every 30 s when BOUNCE_IMAP_URL is set), and blocked addresses. */
  bounces: Bounces;
  /** Old addresses answered with 301 before any page, and the addresses that answered 404, counted. */
  redirects: Redirects;
  /** The picture library: its variants served at /pictures/, before any page. */
  pictures: Pictures;
  /** GET /readyz: 503 while the database cannot be reached or the server is shutting down. */
  readiness: RequestHandler;
  /** /metrics (Prometheus) and what it counts. */
  metrics: Metrics;
  /** What the workspace's routes receive. */
  app: AppServices;
  /** Purges once now, before any request (a restored backup is purged before use), then every hour. */
  startPurging(): Promise<Purging>;
  /** Once the server listens: the delivery queue and the visit counts' upkeep start. */
  start(): void;
  /**
   * The start of a shutdown: /readyz turns 503 and the delivery queue claims nothing more. Sends in
   * hand may run until `deadline` (ms); close() waits for them.
   */
  drain(deadline: number): void;
  /** Stops the purge, the delivery queue (waiting for its sends) and the upkeep; closes the database. */
  close(): Promise<void>;
};

type ServicesEnv = Pick<
  Env,
  | "PORT"
  | "PUBLIC_URL"
  | "DATABASE_URL"
  | "DATABASE_CONNECT_TIMEOUT_MS"
  | "DATABASE_QUERY_TIMEOUT_MS"
  | "FAILOVER_HOLD_MS"
  | "FAILOVER_HOLD_MAX"
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
  | "SMTP_REQUIRE_TLS"
  | "MAIL_FROM"
  | "ENQUIRIES_TO"
  | "APPLICATIONS_TO"
  | "OUTBOX_POLL_MS"
  | "CONTENT_POLL_MS"
  | "CONTENT_SCHEDULE_POLL_MS"
  | "OUTBOX_MAX_ATTEMPTS"
  | "OUTBOX_RETRY_BASE_MS"
  | "OUTBOX_LEASE_MS"
  | "WEBHOOK_URLS"
  | "WEBHOOK_SECRET"
  | "CONTACT_RATE_LIMIT"
  | "CAREERS_RATE_LIMIT"
  | "RATE_LIMIT_WINDOW_SECONDS"
  | "PASSKEY_CHALLENGE_LIMIT"
  | "VISITS_NEW_VISITORS_PER_DAY"
  | "VISITS_VIEWS_PER_MINUTE"
  | "CLAMD_SOCKET"
  | "CLAMD_HOST"
  | "CLAMD_PORT"
  | "METRICS_TOKEN"
  | "ERASURE_LEDGER"
  | "BOUNCE_ADDRESS"
  | "BOUNCE_IMAP_URL"
  | "BOUNCE_POLL_MS"
  | "DKIM_DOMAIN"
  | "DKIM_SELECTOR"
  | "DKIM_PRIVATE_KEY_FILE"
>;

/**
 * Repeats the erasure ledger's deletions before the first request (nothing to do unless a backup was
 * restored since they were made). A failure is logged, not fatal: the hourly purge and the next start
 * still run.
 */
async function replayAtStart(db: Database, ledger: ErasureLedger, logger: Logger): Promise<void> {
  try {
    const replayed = await replayLedger(db, ledger, Date.now(), (line) =>
      logger.warn(
        { file: ledger.file, line },
        "erasure ledger line is incomplete (a write cut short); skipped",
      ),
    );
    if (replayed.records > 0 || replayed.emails > 0)
      logger.info(
        { ...replayed },
        "erasure ledger replayed: deleted again what a restored backup brought back",
      );
  } catch (error) {
    logger.error({ err: error }, "erasure ledger could not be replayed");
  }
}

/** How often waiting documents are looked for: how soon a virus scanner that was down is tried again. */
const scanPollMs = 30_000;

/** The SMTP settings from the environment, or null when none are given. */
export function smtpConfig(env: ServicesEnv): SmtpConfig | null {
  const requireTls = env.SMTP_REQUIRE_TLS !== "false";
  if (env.SMTP_URL) return { url: env.SMTP_URL, requireTls };
  if (env.SMTP_HOST) {
    return {
      host: env.SMTP_HOST,
      port: env.SMTP_PORT,
      secure: env.SMTP_SECURE === "1",
      ...(env.SMTP_USER ? { user: env.SMTP_USER } : {}),
      ...(env.SMTP_PASSWORD ? { password: env.SMTP_PASSWORD } : {}),
      requireTls,
    };
  }
  return null;
}

/** The largest message read from the bounce mailbox: a bounce quoting a notification with its CVs is smaller. */
const bounceMaxBytes = 8 * 1024 * 1024;

/** The DKIM key from the environment, read from its file, or null when none is set; a file that cannot be read stops the start. */
export function dkimKey(
  env: Pick<Env, "DKIM_DOMAIN" | "DKIM_SELECTOR" | "DKIM_PRIVATE_KEY_FILE">,
): DkimKey | null {
  if (!env.DKIM_DOMAIN || !env.DKIM_SELECTOR || !env.DKIM_PRIVATE_KEY_FILE) return null;
  let privateKey: string;
  try {
    privateKey = readFileSync(env.DKIM_PRIVATE_KEY_FILE, "utf8");
  } catch (error) {
    throw new Error(
      `DKIM_PRIVATE_KEY_FILE cannot be read (${error instanceof Error ? error.message : String(error)}): make it with npm run mail -- dkim-key <file>`,
    );
  }
  if (!privateKey.includes("PRIVATE KEY-----")) {
    throw new Error(
      "DKIM_PRIVATE_KEY_FILE is not a PEM private key: make one with npm run mail -- dkim-key <file>",
    );
  }
  return { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey };
}

/** Whose servers send the company's mail, from the SMTP server's name: the SPF record to suggest names them. */
function mailProvider(smtp: SmtpConfig | null): "microsoft" | "google" | "unknown" {
  const host = smtp ? ("url" in smtp ? new URL(smtp.url).hostname : smtp.host).toLowerCase() : "";
  if (/(^|\.)(office365|outlook)\.com$/.test(host)) return "microsoft";
  if (/(^|\.)(gmail|google)\.com$/.test(host)) return "google";
  return "unknown";
}

/** The site's own addresses: the configured site address, and PUBLIC_URL when it is another. */
export function ownOrigins(publicUrl: string | undefined): string[] {
  const origins = [new URL(site.siteUrl).origin];
  if (publicUrl) origins.push(new URL(publicUrl).origin);
  return [...new Set(origins)];
}

/** Opens the database (applying migrations), loads the keys and builds every service. */
export async function createServices(
  env: ServicesEnv,
  logger: Logger,
  options: Pick<DatabaseOptions, "schema" | "synchronous"> = {},
): Promise<Services> {
  const db = openDatabase(env.DATABASE_URL, {
    ...options,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
  });
  const migrated = await migrate(db);
  const secrets = loadSecrets(env.DATA_DIR, env);
  const origins = ownOrigins(env.PUBLIC_URL);
  const now = Date.now;

  // The link every e-mail to an applicant carries to their own page (docs/decisions/022).
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const linkKey = applicantLinkKey(secrets.resultSecret);
  const applicantLinks: ApplicantLinks = (application, at) => {
    const url = applicantLinkUrl(linkKey, publicUrl, application, at, applicants.linkValidDays);
    return { url, expiresAt: at + applicants.linkValidDays * 24 * 60 * 60 * 1000 };
  };

  // Site content staff keep: the shipped files are the first published versions on a fresh
  // installation; every process reads the published content into memory, and again when it changes.
  // Made first, so every e-mail's signature can read the company's facts published now. A case study
  // published at a new address leaves its old one as a permanent redirect, in the same transaction.
  const redirects = createRedirects({ db, logger, origins, now });
  const caseStudyAddresses: CaseStudyAddresses = {
    moved: (tx, change) => redirects.addressMoved(tx, change),
    pageAt: (tx, path) => redirects.pageAt(tx, path),
    settled: () => redirects.refresh(),
  };
  const content = createContent({
    db,
    logger,
    now,
    pollMs: env.CONTENT_POLL_MS,
    addresses: caseStudyAddresses,
  });
  // A publication that moved a case study changed the redirects in the same transaction: read them as
  // soon as the content, so no process draws the new page while its old address still answers 404.
  content.onChange(() => {
    redirects
      .refresh()
      .catch((error: unknown) =>
        logger.warn({ err: error }, "could not read the redirects after a publication"),
      );
  });
  await content.seed();
  const company = () => content.published().company;

  const smtp = smtpConfig(env);
  const from = env.MAIL_FROM ?? `${site.brand} <${site.email}>`;
  const webhooks = env.WEBHOOK_URLS.map((url) => ({ url, ...webhookTarget(url) }));
  const enquiriesTo = env.ENQUIRIES_TO ?? site.email;
  const applicationsTo = env.APPLICATIONS_TO ?? site.email;
  // Each e-mail's own signed return address, so a bounce names its message (BOUNCE_ADDRESS).
  const paths = env.BOUNCE_ADDRESS
    ? returnPaths(env.BOUNCE_ADDRESS, returnPathKey(secrets.resultSecret))
    : null;
  const dkim = dkimKey(env);
  const metrics = createMetrics({ db, token: env.METRICS_TOKEN });
  const bounces = createBounces({
    db,
    logger,
    returnPaths: paths,
    mailbox: env.BOUNCE_IMAP_URL ? mailboxAddress(env.BOUNCE_IMAP_URL) : null,
    timeouts: defaultMailboxTimeouts,
    pollMs: env.BOUNCE_POLL_MS,
    maxBytes: bounceMaxBytes,
    teamTo: { enquiry: enquiriesTo, application: applicationsTo },
    publicUrl,
    clock: now,
    onQueued: () => delivery.wake(),
    // /metrics counts the bounces applied, by kind, against the e-mails sent (HardBounceRateHigh).
    onApplied: metrics.bounceApplied,
    // A corrected address gets the interview invitations still to come again.
    resend: (tx, change) =>
      resendInvitations(tx, { ...change, links: applicantLinks, replyTo: applicationsTo }),
    // The administrators' check of the domain's records: the DKIM domain, or the From address's.
    mailRecords: {
      domain: dkim?.domainName ?? /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? site.email.split("@")[1] ?? "",
      selector: dkim?.keySelector ?? "default",
      provider: mailProvider(smtp),
      privateKey: dkim?.privateKey ?? null,
      publicRecord: dkim
        ? dkimRecordValue(
            createPublicKey(createPrivateKey(dkim.privateKey)).export({ type: "spki", format: "der" }),
          )
        : null,
    },
  });
  const delivery = createOutboxWorker({
    db,
    send: smtp ? createSendMail(smtp, smtpTimeouts(env.OUTBOX_LEASE_MS), dkim) : null,
    sendWebhook: webhooks.length > 0 ? createSendWebhook({ secret: env.WEBHOOK_SECRET }) : null,
    webhookUrls: new Map(webhooks.map((webhook) => [webhook.key, webhook.url])),
    from,
    company,
    logger,
    pollMs: env.OUTBOX_POLL_MS,
    maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
    retryBaseMs: env.OUTBOX_RETRY_BASE_MS,
    leaseMs: env.OUTBOX_LEASE_MS,
    onEmailOutcome: recordEmailOutcome,
    onEmailSent: metrics.emailSent,
    // An e-mail with attachments waits while any of its lead's documents is still to be virus-scanned.
    holdWhile: pendingScanOf,
    attachment: (id) => attachmentOf(db, id),
    ...(paths ? { returnPath: (messageId: string) => paths.addressFor(messageId) } : {}),
    // Nothing reaches an address that bounced for good or complained, whatever queued it.
    blocked: (mail) => bounces.blocked(mail.to),
    onBlocked: (mail) => bounces.alertBlocked(mail),
  });

  // A vacancy published (or a published one edited) wakes the job alerts, so "as soon as a job is
  // published" means seconds, not the next minute's run.
  const vacancies = createVacancies({
    db,
    now,
    onOpenSaved: () => alertSending.wake(),
    // A published vacancy retitled moves to a new address: the old one is kept as a redirect to it.
    addresses: {
      moved: (tx, change) => redirects.addressMoved(tx, change),
      settled: () => redirects.refresh(),
    },
  });
  const analytics = createAnalytics({
    db,
    logger,
    ownOrigins: origins,
    isKnownVacancy: (slug) => vacancies.isKnownSlug(slug),
    ...(env.VISITS_NEW_VISITORS_PER_DAY
      ? { newVisitorsPerNetworkPerDay: env.VISITS_NEW_VISITORS_PER_DAY }
      : {}),
    ...(env.VISITS_VIEWS_PER_MINUTE ? { viewsPerMinute: env.VISITS_VIEWS_PER_MINUTE } : {}),
  });
  const ledger = ledgerFor(env, secrets.ipSalt);

  const scanner = clamdAddress(env);
  const scan = scanner ? createClamdScan(scanner) : null;
  const scanning = createScanning({
    db,
    scan,
    logger,
    pollMs: scanPollMs,
    onScanned: () => delivery.wake(),
  });

  const heldPosts = createFailoverHold({ holdMs: env.FAILOVER_HOLD_MS, maxHeld: env.FAILOVER_HOLD_MAX });
  metrics.countHeldPosts(() => heldPosts.held());
  const leads = leadsRouter({
    db,
    secrets,
    logger,
    routing: {
      from,
      enquiriesTo: env.ENQUIRIES_TO ?? site.email,
      applicationsTo: env.APPLICATIONS_TO ?? site.email,
      webhooks: webhooks.map(({ key, display }) => ({ key, display })),
      publicUrl,
      applicantLinks,
      company,
      scanUploads: scanning.enabled,
    },
    rateLimits: {
      contact: env.CONTACT_RATE_LIMIT,
      careers: env.CAREERS_RATE_LIMIT,
      windowMs: env.RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    ownOrigins: origins,
    failoverHold: heldPosts,
    vacancyFor: (reference, at) => vacancies.forApplication(reference, at),
    mailConfigured: smtp !== null,
    onQueued: () => delivery.wake(),
    onStored: (lead) => {
      analytics.onLeadStored(lead);
      metrics.leadStored(lead.kind);
      if (lead.kind === "application") scanning.wake();
    },
  });

  // Scheduled publications and take-downs: looked for in every process, carried out once.
  const contentSchedule = createContentSchedule({
    db,
    logger,
    pollMs: env.CONTENT_SCHEDULE_POLL_MS,
    clock: now,
    onPublished: async () => {
      await content.refresh();
      await redirects.refresh();
    },
    addresses: caseStudyAddresses,
  });

  const followUp = createFollowUp({
    db,
    logger,
    routing: {
      enquiriesTo,
      applicationsTo,
      publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
      // The morning summary warns of what the site shows now.
      accreditations: () => content.published().accreditations,
    },
    onQueued: () => delivery.wake(),
  });

  // Where an administrator revokes someone's access: named in their e-mail when someone reaches a cap
  // on the e-mails staff write (the workspace builds the same address for its replies).
  const teamUrl = env.PUBLIC_URL && `${env.PUBLIC_URL}/staff/team`;

  // Recruitment: the stage e-mails, a vacancy's "not this time" and the talent pool (and its question).
  const recruitment = createRecruitment({
    db,
    applicantLinks,
    replyTo: applicationsTo,
    company,
    clock: now,
    onQueued: () => delivery.wake(),
    confirmationWindowMs,
    teamUrl,
  });
  const poolRenewal = createPoolRenewal({
    db,
    logger,
    applicantLinks,
    replyTo: applicationsTo,
    company,
    onQueued: () => delivery.wake(),
  });

  // Interviews: staff invite, move and cancel from the application's page; the applicant is reminded.
  const interviews = createInterviews({
    db,
    applicantLinks,
    replyTo: applicationsTo,
    company,
    clock: now,
    onQueued: () => delivery.wake(),
    teamUrl,
  });
  const interviewReminders = createInterviewReminders({
    db,
    logger,
    applicantLinks,
    replyTo: applicationsTo,
    company,
    onQueued: () => delivery.wake(),
  });

  // Job alerts: the new open vacancies that match each confirmed alert, as its frequency says.
  const alertSending = createAlertSending({
    db,
    logger,
    publicUrl,
    links: createAlertLinks(alertLinkKey(secrets.resultSecret), publicUrl),
    replyTo: applicationsTo,
    company,
    clock: now,
    onQueued: () => delivery.wake(),
  });

  // Job alerts: the sign-up form and the pages behind the links in their e-mails; their upkeep.
  const alerts = createSubscriptions({
    db,
    linkKey: alertLinkKey(secrets.resultSecret),
    publicUrl,
    formSecret: secrets.resultSecret,
    ipSalt: secrets.ipSalt,
    replyTo: applicationsTo,
    company,
    clock: now,
    onQueued: () => delivery.wake(),
    // /metrics counts the sign-ups' e-mails, and the sign-ups each allowance refused.
    counts: { sent: metrics.alertConfirmationSent, refused: metrics.alertSignUpRefused },
    // The ledger keeps the id of an alert its person left, so a restored backup does not bring it back.
    onLeft: (alert, at) => ledger.record([{ at, reason: "erasure request", alert }]),
  });
  const alertRenewal = createAlertRenewal({
    db,
    logger,
    links: createAlertLinks(alertLinkKey(secrets.resultSecret), publicUrl),
    replyTo: applicationsTo,
    company,
    clock: now,
    onQueued: () => delivery.wake(),
    onDeleting: (alert, at) => ledger.record([{ at, reason: "retention", alert }]),
  });

  const people = createDataRequests({
    db,
    niKey: secrets.niKeys,
    now,
    ledger,
    confirmationWindowMs,
    company,
  });
  // The applicant's own page: what it shows and does through their signed link; an erasure from it is
  // the people service's, recorded in the ledger like any other.
  const applicantPage = createSelfService({
    company,
    db,
    linkKey,
    applicantLinks,
    applicationsTo,
    publicUrl,
    ipSalt: secrets.ipSalt,
    scanUploads: scanning.enabled,
    onUploaded: () => scanning.wake(),
    onQueued: () => delivery.wake(),
    erase: (email) => people.erase(email, null),
    clock: now,
  });

  const workspace = createWorkspace({
    db,
    replyTo: { enquiry: enquiriesTo, application: applicationsTo },
    company,
    niKey: secrets.niKeys,
    ipSalt: secrets.ipSalt,
    publicUrl: env.PUBLIC_URL,
    challengesPerAddress: env.PASSKEY_CHALLENGE_LIMIT,
    onMailQueued: () => delivery.wake(),
    mailConfigured: smtp !== null,
    tombstoneOf: (reference) => tombstoneOf(db, reference),
  });

  // Before the first request: an old address answers from the start.
  await redirects.refresh();

  // The picture library: an upload is scanned by the same clamd as the CVs, before it is kept.
  const pictures = createPictures({ db, scan, logger, now });

  // The Health page: what the site can tell of itself, in the same limits as the monitoring's alerts.
  const health = createHealth({
    db,
    mailConfigured: smtp !== null,
    dataDir: env.DATA_DIR,
    formServerErrors: (since) => metrics.formServerErrors(since),
  });

  let draining = false;
  let stopping: Promise<void> | null = null;
  let purging: Purging | null = null;
  return {
    db,
    secrets,
    migrated,
    delivery,
    scanning,
    leads,
    analytics,
    followUp,
    poolRenewal,
    interviewReminders,
    alertSending,
    alertRenewal,
    bounces,
    redirects,
    pictures,
    readiness: readiness({ db, draining: () => draining, timeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS }),
    metrics,
    // A page whose database call fails in a failover answers 503 "switching over", not 500.
    app: answeringWhileSwitchingOver({
      workspace,
      people,
      applicantPage,
      analytics: analyticsReport(db, now),
      vacancies,
      recruitment,
      interviews,
      alerts,
      health,
      bounces,
      redirects,
      content,
      launch: createLaunch({ db, now }),
      pictures,
      contentSchedule,
    }),
    async startPurging() {
      // First the erasure ledger, again: after a restore, nobody erased since the backup is served.
      if (!purging) await replayAtStart(db, ledger, logger);
      purging ??= await startPurging({
        db,
        logger,
        ...housekeepingWindows(env),
        onReport: metrics.purged,
        ledger,
      });
      return purging;
    },
    start() {
      delivery.start();
      scanning.start();
      analytics.start();
      followUp.start();
      poolRenewal.start();
      interviewReminders.start();
      alertSending.start();
      alertRenewal.start();
      content.start();
      contentSchedule.start();
      // Without a bounce mailbox there is nothing to read: the job does not run at all.
      if (env.BOUNCE_IMAP_URL) bounces.job.start();
      redirects.start();
    },
    drain(deadline) {
      draining = true;
      stopping ??= delivery.stop({ deadline });
    },
    async close() {
      draining = true;
      purging?.stop();
      content.stop();
      await contentSchedule.stop();
      await followUp.stop();
      await poolRenewal.stop();
      await interviewReminders.stop();
      await alertSending.stop();
      await alertRenewal.stop();
      await bounces.job.stop();
      await (stopping ?? delivery.stop());
      await scanning.stop();
      await analytics.stop();
      await redirects.stop();
      await db.close();
    },
  };
}
