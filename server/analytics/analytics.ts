import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from "express";
import { z } from "zod";
import { pageViewEndpoint } from "#core/analytics/page-view.ts";
import type { LeadKind } from "#core/leads/model.ts";
import { vacanciesPath } from "#core/vacancies/model.ts";
import { type Database, isUnavailable } from "../db/database.ts";
import type { Logger } from "../observability/logger.ts";
import { isSameOrigin } from "../protection/origin.ts";
import { takeRateLimit } from "../protection/rate-limit.ts";
import {
  defaultNewVisitorsPerNetworkPerDay,
  maintain,
  recordConversion,
  recordView,
  saltFor,
} from "./store.ts";
import {
  dayOf,
  deviceOf,
  isRobot,
  networkHash,
  noSource,
  objectsToCounting,
  pageOf,
  referrerHostOf,
  senderPageOf,
  sourceOf,
  visitorHash,
} from "./visitor.ts";

/** A lead the lead handlers have just stored (not spam, not a repeat), with the request that sent it. */
export type StoredLead = { kind: LeadKind; reference?: string; request: Request };

export type AnalyticsOptions = {
  db: Database;
  logger: Logger;
  /** The clock; tests move it across midnight. */
  clock?: () => number;
  /** The site's own addresses: a beacon whose Origin is another site's is refused. */
  ownOrigins?: readonly string[];
  /** Page views one address may send a minute, across every server process. */
  viewsPerMinute?: number;
  /** New visitors one address (by network) may add in a day; past it, its views are not counted. */
  newVisitorsPerNetworkPerDay?: number;
  /** True when a vacancy's address (its slug) names a published vacancy: only those are counted. */
  isKnownVacancy?: (slug: string) => Promise<boolean>;
};

/** The beacon is a few hundred bytes; anything much larger is not one. */
const bodyLimitBytes = 2048;

const pageViewSchema = z.strictObject({
  page: z
    .string({ error: "page must be the path of the page shown" })
    .min(1)
    .max(1000, { error: "page is too long" })
    .startsWith("/", { error: "page must be a path starting with /" }),
  referrer: z
    .string({ error: "referrer must be text" })
    .max(2000, { error: "referrer is too long" })
    .default(""),
});

/** How often each process checks whether the day has turned and old salts must go. */
const maintenanceIntervalMs = 60_000;

/**
 * Cookieless visit counting: the page-view endpoint, the hook the lead handlers call for each stored
 * lead, and the upkeep that destroys each day's salt once the day is over.
 */
export function createAnalytics(options: AnalyticsOptions) {
  const { db, logger } = options;
  const now = options.clock ?? Date.now;
  const viewsPerMinute = options.viewsPerMinute ?? 60;
  const ownOrigins = options.ownOrigins ?? [];
  const newVisitorsPerNetwork = options.newVisitorsPerNetworkPerDay ?? defaultNewVisitorsPerNetworkPerDay;

  /** The page as counted: a vacancy's address only when it names a published vacancy, else null. */
  async function countedPage(page: string | null): Promise<string | null> {
    if (!page?.startsWith(`${vacanciesPath}/`)) return page;
    if (!options.isKnownVacancy) return null;
    return (await options.isKnownVacancy(page.slice(vacanciesPath.length + 1))) ? page : null;
  }

  // Only today's salt is ever held in memory; a new day replaces it.
  let cached: { day: string; salt: string } | null = null;
  async function todaysSalt(day: string): Promise<string> {
    if (cached?.day === day) return cached.salt;
    const salt = await saltFor(db, day, now());
    cached = { day, salt };
    return salt;
  }

  // The day the upkeep last ran in this process: it runs again as soon as a request sees a new day.
  let maintainedDay = "";
  let maintaining: Promise<void> | null = null;
  // Set while the database is unavailable (a failover, an outage): said once, not at every request that
  // tries again; /readyz is what alerts the operator.
  let waiting = false;
  function upkeep(): Promise<void> {
    maintaining ??= (async () => {
      const at = now();
      // Yesterday's salt leaves this process's memory as it leaves the database.
      if (cached && cached.day !== dayOf(at)) cached = null;
      const result = await maintain(db, at);
      maintainedDay = dayOf(at);
      waiting = false;
      if (result.saltsDestroyed > 0 || result.expiredRows > 0) logger.info(result, "analytics upkeep");
    })()
      .catch((error: unknown) => {
        if (!isUnavailable(error)) logger.error({ err: error }, "analytics upkeep failed");
        else if (!waiting) {
          waiting = true;
          logger.warn(
            { error: error instanceof Error ? error.message : String(error) },
            "analytics upkeep waits for the database",
          );
        }
      })
      .finally(() => {
        maintaining = null;
      });
    return maintaining;
  }

  function clientAddress(req: Request): string {
    return req.ip ?? req.socket.remoteAddress ?? "";
  }

  function answer(res: Response, status: number, message?: string) {
    res.setHeader("Cache-Control", "no-store");
    if (message === undefined) {
      res.status(status).end();
      return;
    }
    res.status(status).json({ message });
  }

  // Checked before the body is read: where the beacon comes from and what it says it is.
  const checkRequest: RequestHandler = (req, res, next) => {
    if (!isSameOrigin(req.headers, ownOrigins)) {
      return answer(res, 403, "Page views are counted only from this website's own pages.");
    }
    const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
    if (type !== "text/plain" && type !== "application/json") {
      return answer(res, 415, "Send the page view as JSON text (text/plain or application/json).");
    }
    next();
  };

  // Counted before the body is read, in the database, so every process shares one allowance per
  // network (IPv6 by /64) in one-minute windows. The network is kept only as a hash under today's
  // salt, which is destroyed when the day ends.
  const limitViews: RequestHandler = async (req, res, next) => {
    try {
      const at = now();
      const network = networkHash(await todaysSalt(dayOf(at)), clientAddress(req));
      const verdict = await takeRateLimit(
        db,
        { key: `page-view:${network}`, limit: viewsPerMinute, windowMs: 60_000 },
        at,
      );
      if (verdict.allowed) return next();
      res.setHeader("Retry-After", String(verdict.retryAfterSeconds));
      answer(res, 429, "Too many page views from your connection; they are not being counted.");
    } catch (error) {
      logger.error({ err: error }, "page view not counted");
      answer(res, 503, "The page view could not be counted just now.");
    }
  };

  const collect: RequestHandler = async (req, res) => {
    let data: unknown;
    try {
      data = JSON.parse(typeof req.body === "string" ? req.body : "");
    } catch {
      return answer(res, 400, "The page view could not be read: it was not valid JSON.");
    }
    const parsed = pageViewSchema.safeParse(data);
    if (!parsed.success) {
      return answer(res, 400, `The page view could not be read: ${parsed.error.issues[0]?.message}.`);
    }
    const userAgent = String(req.headers["user-agent"] ?? "").slice(0, 500);
    // Not counted, and not told apart from counted: a visitor who objects, a robot, a page we do not count.
    if (objectsToCounting(req.headers) || isRobot(userAgent)) return answer(res, 204);
    const { page: path, params } = pageOf(parsed.data.page);
    let page: string | null;
    try {
      page = await countedPage(path);
    } catch (error) {
      logger.error({ err: error }, "page view not counted");
      return answer(res, 503, "The page view could not be counted just now.");
    }
    if (!page) return answer(res, 204);
    const address = clientAddress(req);
    const at = now();
    const day = dayOf(at);
    if (day !== maintainedDay) await upkeep();
    try {
      const salt = await todaysSalt(day);
      await recordView(
        db,
        {
          day,
          visitor: visitorHash(salt, address, userAgent),
          network: networkHash(salt, address),
          page,
          source: sourceOf(params, referrerHostOf(parsed.data.referrer, req.headers.host)),
          device: deviceOf(userAgent),
        },
        newVisitorsPerNetwork,
      );
    } catch (error) {
      logger.error({ err: error }, "page view not counted");
      return answer(res, 503, "The page view could not be counted just now.");
    }
    answer(res, 204);
  };

  // Body problems (too large, unreadable) are the client's: a 4xx with a message, never the 500 page.
  const bodyProblem: ErrorRequestHandler = (error, _req, res, next) => {
    const status = typeof error?.status === "number" ? error.status : 0;
    if (status < 400 || status >= 500) return next(error);
    answer(
      res,
      status,
      status === 413 ? "The page view is too large to be one." : "The page view could not be read.",
    );
  };

  const router: Router = express.Router();
  router.post(
    pageViewEndpoint,
    checkRequest,
    limitViews,
    express.text({ type: () => true, limit: bodyLimitBytes }),
    collect,
    bodyProblem,
  );
  router.all(pageViewEndpoint, (_req, res) => {
    res.setHeader("Allow", "POST");
    answer(res, 405, "Page views are sent with POST.");
  });

  /**
   * Counts a stored lead for the page it was sent from (the post's Referer) and the source of the visit
   * it was sent in, or, for a visitor not counted today (no JavaScript), the sending page's own tags;
   * the lead keeps that source. A sender who asks not to be tracked, or a robot, is neither counted nor
   * given a source.
   */
  async function countLead({ kind, reference, request }: StoredLead): Promise<void> {
    const userAgent = String(request.headers["user-agent"] ?? "").slice(0, 500);
    if (objectsToCounting(request.headers) || isRobot(userAgent)) return;
    const at = now();
    const day = dayOf(at);
    const found = senderPageOf(request.headers.referer, request.headers.host);
    const sender = found && (await countedPage(found.page)) ? found : null;
    const salt = await todaysSalt(day);
    await recordConversion(db, {
      kind,
      ...(reference ? { reference } : {}),
      day,
      page: sender?.page ?? "",
      visitor: visitorHash(salt, clientAddress(request), userAgent),
      source: sender ? sourceOf(sender.params, "") : noSource,
      device: deviceOf(userAgent),
    });
  }

  let timer: NodeJS.Timeout | null = null;

  return {
    /** The page-view endpoint, mounted before the pages. */
    router,
    /** For the lead handlers: counts a stored lead without holding up the visitor's reply. */
    onLeadStored(lead: StoredLead): void {
      countLead(lead).catch((error: unknown) => logger.error({ err: error }, "lead not counted"));
    },
    /** Counts a stored lead and resolves when it is written (tests). */
    countLead,
    /** Runs the upkeep now: destroys finished days' salts and visitors, deletes expired figures. */
    upkeep,
    /** Runs the upkeep now and then whenever the day has turned. */
    start(): void {
      if (timer) return;
      void upkeep();
      timer = setInterval(() => {
        if (dayOf(now()) !== maintainedDay) void upkeep();
      }, maintenanceIntervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await maintaining;
    },
  };
}

export type Analytics = ReturnType<typeof createAnalytics>;
