import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { careersEndpoint, contactEndpoint } from "#core/forms/endpoints.ts";
import type { LeadKind } from "#core/leads/model.ts";
import { isStaffPath } from "#core/staff/paths.ts";
import type { AlertSignUpLimit } from "./alerts/subscriptions.ts";
import type { Database } from "./db/database.ts";
import { outboxBacklog } from "./delivery/outbox.ts";
import type { PurgeReport } from "./lifecycle/purge.ts";
import { lastJobRuns } from "./tables/job-runs.ts";
import type { BounceKind } from "./tables/outbox.ts";

/** The path Prometheus scrapes. */
export const metricsPath = "/metrics";

/** The groups request durations are counted under: few, so the series stay few whatever is asked for. */
export type RouteGroup = "forms" | "staff" | "assets" | "health" | "api" | "pages";

/** The group of a request's path. */
export function routeGroup(url: string): RouteGroup {
  const path = url.split("?", 1)[0] ?? "/";
  if (path === contactEndpoint || path === careersEndpoint) return "forms";
  // In any case: /STAFF/… is still a request for the workspace (its guard refuses the spelling), and
  // belongs with the workspace's durations rather than the public pages'.
  if (isStaffPath(path.toLowerCase())) return "staff";
  if (
    path.startsWith("/assets/") ||
    /\.(?:js|css|png|svg|ico|webp|avif|woff2|txt|xml|webmanifest)$/.test(path)
  )
    return "assets";
  if (path === "/healthz" || path === "/readyz" || path === metricsPath) return "health";
  if (path.startsWith("/api/")) return "api";
  return "pages";
}

/** The two forms, as /metrics and the Health page name them. */
export type FormName = "contact" | "careers";

/** The form whose endpoint a request's path is, or null for any other path. */
export function formOf(url: string): FormName | null {
  const path = url.split("?", 1)[0] ?? "/";
  if (path === contactEndpoint) return "contact";
  if (path === careersEndpoint) return "careers";
  return null;
}

/** How long this process remembers each form's server errors for the Health page. */
export const serverErrorMemoryMs = 24 * 60 * 60 * 1000;

/** Why a form post was refused, from its status: the forms answer each kind of refusal with its own. */
export function refusalReason(status: number): string {
  const reasons: Record<number, string> = {
    400: "invalid",
    403: "origin",
    405: "method",
    411: "length_required",
    413: "too_large",
    415: "media_type",
    429: "rate_limited",
    503: "unavailable",
  };
  return reasons[status] ?? (status >= 500 ? "error" : "other");
}

/** True when the request came straight from this machine, through no proxy. */
function fromLoopback(req: IncomingMessage): boolean {
  // A proxy on this machine (Caddy) connects from loopback on behalf of anyone: a forwarded request
  // is never taken as local, whatever TRUST_PROXY says.
  if (req.headers["x-forwarded-for"] !== undefined || req.headers.forwarded !== undefined) return false;
  const address = req.socket.remoteAddress ?? "";
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? "")?.[1]?.trim() ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The server's Prometheus metrics (prom-client): what this process counted since it started (leads,
 * refusals, every answer of the two forms, e-mails sent and bounces read back, purges, request
 * durations) and what the database says at
 * the moment of the scrape (the delivery queue, failed deliveries, when the last backup and the last
 * purge finished, the connection pool). Answered at /metrics only with
 * `Authorization: Bearer <METRICS_TOKEN>` or to a client on loopback that came through no proxy. No
 * label carries anything a visitor typed or sent: only fixed names, route groups and status codes.
 * deploy/monitoring/alerts.yml alerts on them.
 */
export function createMetrics(options: { db: Database; token?: string | undefined; now?: () => number }) {
  const { db, token } = options;
  const now = options.now ?? Date.now;
  const registry = new Registry();

  const leadsStored = new Counter({
    name: "site_leads_stored_total",
    help: "Enquiries and applications stored (not spam, not repeats), by kind",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  const refusals = new Counter({
    name: "site_form_refusals_total",
    help: "Form posts refused, by reason",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  const purgeRuns = new Counter({
    name: "site_purge_runs_total",
    help: "Retention purges this process ran (not those another process held the lease for)",
    registers: [registry],
  });
  const purgeDeleted = new Counter({
    name: "site_purge_deleted_total",
    help: "Rows the retention purge deleted, by what they were",
    labelNames: ["what"] as const,
    registers: [registry],
  });
  const alertConfirmations = new Counter({
    name: "site_job_alert_confirmations_total",
    help: "Job alert sign-up e-mails queued: confirmation links, and notes to addresses that already have alerts",
    registers: [registry],
  });
  const alertRefusals = new Counter({
    name: "site_job_alert_signup_refusals_total",
    help: "Job alert sign-ups that sent nothing because of an allowance, by which: network (its hour), site (the hour's total), mailbox (its day)",
    labelNames: ["limit"] as const,
    registers: [registry],
  });
  // Shown at 0 from the start, so a rate over them needs no first refusal to exist.
  for (const limit of ["network", "site", "mailbox"] satisfies AlertSignUpLimit[])
    alertRefusals.inc({ limit }, 0);
  // The e-mails the mail server accepted, and the bounces read back for them: HardBounceRateHigh divides
  // the one by the other, summed over the processes (each counts only what it sent or applied itself).
  const mailSent = new Counter({
    name: "site_mail_sent_total",
    help: "E-mails the mail server accepted (marked sent by this process's delivery queue)",
    registers: [registry],
  });
  const mailBounces = new Counter({
    name: "site_mail_bounces_total",
    help: "Bounces read back from the bounce mailbox and applied to their e-mail, by kind: hard (for good), soft (for now), complaint",
    labelNames: ["kind"] as const,
    registers: [registry],
  });
  // Shown at 0 from the start: a rate over them needs no first bounce to exist.
  for (const kind of ["hard", "soft", "complaint"] satisfies BounceKind[]) mailBounces.inc({ kind }, 0);
  // Every answer of the two form endpoints, by form and status code: the site-wide alert on server
  // errors reads it, where the refusals above count only the refusals, by reason.
  const formResponses = new Counter({
    name: "site_form_responses_total",
    help: "Answers of the two form endpoints (contact, careers), by form and HTTP status code",
    labelNames: ["form", "status"] as const,
    registers: [registry],
  });
  // The statuses a healthy site answers, and those the alert watches, shown at 0 from the start: an
  // increase needs the series to exist before the first error.
  for (const form of ["contact", "careers"] satisfies FormName[])
    for (const status of ["200", "303", "500", "503"]) formResponses.inc({ form, status }, 0);
  // The server errors of the last day, for the Health page: the times alone, a few hundred at most.
  const serverErrors: { form: FormName; at: number }[] = [];
  // When this process started: a process that keeps restarting shows as this changing from scrape to
  // scrape (Prometheus's conventional name, as Node's own client libraries give it).
  new Gauge({
    name: "process_start_time_seconds",
    help: "When this server process started, in seconds since the epoch",
    registers: [registry],
  }).set(Math.round((now() - process.uptime() * 1000) / 1000));
  const durations = new Histogram({
    name: "site_request_duration_seconds",
    help: "Time to answer a request, by route group",
    labelNames: ["group"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  // Read from the database at each scrape; a database that does not answer leaves them unset.
  let backlog: Awaited<ReturnType<typeof outboxBacklog>> | null = null;
  new Gauge({
    name: "site_delivery_queue_depth",
    help: "Messages (e-mail and webhooks) waiting to be delivered",
    registers: [registry],
    collect() {
      if (backlog) this.set(backlog.waiting);
    },
  });
  new Gauge({
    name: "site_delivery_queue_oldest_seconds",
    help: "Age of the oldest message waiting to be delivered (0 when none waits): site_outbox_oldest_age_seconds under its earlier name",
    registers: [registry],
    collect() {
      if (backlog) this.set(backlog.oldestWaitingSeconds ?? 0);
    },
  });
  new Gauge({
    name: "site_outbox_oldest_age_seconds",
    help: "Age in seconds of the oldest e-mail or webhook waiting in the delivery queue (0 when none waits)",
    registers: [registry],
    collect() {
      if (backlog) this.set(backlog.oldestWaitingSeconds ?? 0);
    },
  });
  new Gauge({
    name: "site_deliveries_failed",
    help: "Messages that used all their attempts and were given up (until staff send them again)",
    registers: [registry],
    collect() {
      if (backlog) this.set(backlog.failed);
    },
  });
  // Read from the database at each scrape, like the queue: the backup and the purge each record when
  // they last finished well, whichever process or machine ran them. 0 means never.
  let lastRuns: Awaited<ReturnType<typeof lastJobRuns>> | null = null;
  new Gauge({
    name: "site_backup_last_success_timestamp_seconds",
    help: "When the last backup finished well, in seconds since the epoch (0: never)",
    registers: [registry],
    collect() {
      if (lastRuns) this.set(Math.floor((lastRuns.backup ?? 0) / 1000));
    },
  });
  new Gauge({
    name: "site_purge_last_run_timestamp_seconds",
    help: "When the retention purge last ran to the end, in any process, in seconds since the epoch (0: never)",
    registers: [registry],
    collect() {
      if (lastRuns) this.set(Math.floor((lastRuns.purge ?? 0) / 1000));
    },
  });
  // The form posts this process is holding while the database switches over (server/leads/failover-hold.ts).
  let heldPosts: () => number = () => 0;
  new Gauge({
    name: "site_posts_held",
    help: "Form posts this process is holding while it waits for the database (a failover)",
    registers: [registry],
    collect() {
      this.set(heldPosts());
    },
  });
  const pool = db.poolUse;
  if (pool) {
    new Gauge({
      name: "site_database_pool_connections",
      help: "PostgreSQL connections of this process's pool, by state",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const use = pool();
        this.set({ state: "in_use" }, use.total - use.idle);
        this.set({ state: "idle" }, use.idle);
        this.set({ state: "max" }, use.max);
      },
    });
    new Gauge({
      name: "site_database_pool_waiting",
      help: "Queries waiting for a free connection of this process's pool",
      registers: [registry],
      collect() {
        this.set(pool().waiting);
      },
    });
  }

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader("Cache-Control", "no-store");
    const allowed = token
      ? tokenMatches(req.headers.authorization, token) || fromLoopback(req)
      : fromLoopback(req);
    if (!allowed) {
      res.statusCode = 401;
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end("The metrics need a bearer token (METRICS_TOKEN).\n");
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.statusCode = 405;
      res.setHeader("Allow", "GET, HEAD");
      res.end();
      return;
    }
    try {
      [backlog, lastRuns] = await Promise.all([outboxBacklog(db, now()), lastJobRuns(db)]);
    } catch {
      backlog = null;
      lastRuns = null;
    }
    const body = await registry.metrics();
    res.setHeader("Content-Type", registry.contentType);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  return {
    registry,
    /** Where the form endpoints' held posts are counted (services.ts). */
    countHeldPosts(count: () => number): void {
      heldPosts = count;
    },
    /** A stored lead (services.ts: the form endpoints' onStored). */
    leadStored(kind: LeadKind): void {
      leadsStored.inc({ kind });
    },
    /** A job alert sign-up's e-mail queued (services.ts: the alerts' counts). */
    alertConfirmationSent(): void {
      alertConfirmations.inc();
    },
    /** A job alert sign-up refused by one of its allowances. */
    alertSignUpRefused(limit: AlertSignUpLimit): void {
      alertRefusals.inc({ limit });
    },
    /** An e-mail the mail server accepted (services.ts: the delivery queue's onEmailSent). */
    emailSent(): void {
      mailSent.inc();
    },
    /** A bounce applied to its e-mail, by kind (services.ts: the bounces' onApplied). */
    bounceApplied(kind: BounceKind): void {
      mailBounces.inc({ kind });
    },
    /** A finished purge run. */
    purged(report: PurgeReport | null): void {
      if (!report?.ran || report.dryRun) return;
      purgeRuns.inc();
      const { deleted, housekeeping } = report;
      purgeDeleted.inc({ what: "leads" }, deleted.records);
      purgeDeleted.inc({ what: "files" }, deleted.files);
      purgeDeleted.inc({ what: "notes" }, deleted.notes);
      purgeDeleted.inc({ what: "emails" }, deleted.emails);
      purgeDeleted.inc({ what: "sessions" }, housekeeping.sessions);
      purgeDeleted.inc({ what: "invitations" }, housekeeping.invitations);
      purgeDeleted.inc({ what: "challenges" }, housekeeping.challenges);
      purgeDeleted.inc({ what: "rate_limits" }, housekeeping.rateLimits);
      purgeDeleted.inc({ what: "acknowledged_mailboxes" }, housekeeping.mailboxes);
      purgeDeleted.inc({ what: "staff_mail" }, housekeeping.staffMail);
    },
    /** How many answers of each form were server errors (5xx) since `since` (ms), in this process. */
    formServerErrors(since: number): Record<FormName, number> {
      const counts: Record<FormName, number> = { contact: 0, careers: 0 };
      for (const error of serverErrors) if (error.at >= since) counts[error.form] += 1;
      return counts;
    },
    /**
     * Wraps the app: /metrics is answered here, before any page, and every other request is timed by
     * route group, with every answer of the forms counted by status, and refused posts by reason.
     */
    wrap(app: RequestListener): RequestListener {
      return (req, res) => {
        if ((req.url ?? "/").split("?", 1)[0] === metricsPath) {
          void answer(req, res);
          return;
        }
        const group = routeGroup(req.url ?? "/");
        const form = group === "forms" ? formOf(req.url ?? "/") : null;
        const end = durations.startTimer({ group });
        res.on("finish", () => {
          end();
          if (!form) return;
          formResponses.inc({ form, status: String(res.statusCode) });
          if (res.statusCode >= 500) {
            const at = now();
            serverErrors.push({ form, at });
            while ((serverErrors[0]?.at ?? at) < at - serverErrorMemoryMs || serverErrors.length > 1000)
              serverErrors.shift();
          }
          if (req.method === "POST" && res.statusCode >= 400)
            refusals.inc({ reason: refusalReason(res.statusCode) });
        });
        app(req, res);
      };
    },
  };
}
