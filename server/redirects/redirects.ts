/**
 * Addresses that never break. Each process keeps the redirects in memory, reads them at start and again
 * whenever their generation in the database has risen (a cheap read every `pollMs`), and answers an old
 * address with 301 before any page is looked for: no visitor's request waits for the database.
 *
 * Every GET that answers 404 is counted by its path (no query, no address, nothing about who asked), in
 * memory first and written every `flushMs`, so a crawler hammering missing pages costs one write per
 * path per flush; the most-requested of the last 30 days are listed for staff to redirect.
 */
import type { RequestHandler } from "express";
import { loggablePath } from "#core/loggable-path.ts";
import { checkRedirect, oldAddress, type Redirect, redirectLimits, withRedirects } from "#core/redirects.ts";
import { readRedirectsCsv } from "#core/redirects-csv.ts";
import { londonDate } from "#core/vacancies/model.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { Logger } from "../observability/logger.ts";
import {
  allRedirects,
  countMissing,
  forgetMissingBefore,
  type KeptRedirect,
  keepRedirects,
  missingPathsOn,
  mostMissing,
  redirectGeneration,
  removeRedirect,
  retargetRedirects,
} from "../tables/redirects.ts";

export type { KeptRedirect };

/** How long the counts of missing addresses are kept, in days. */
export const missingPathsKeptDays = 30;

/** The most different missing paths counted in a day, and held in memory between writes. */
const missingPathsPerDay = 2_000;

export type RedirectsOptions = {
  db: Database;
  logger?: Logger;
  /** This site's own origins: a full address on one of them is taken as its path. */
  origins: readonly string[];
  now?: () => number;
  /** How often each process reads the redirects' generation, in ms. */
  pollMs?: number;
  /** How often the counts of missing addresses are written, in ms. */
  flushMs?: number;
};

/** What a change to the redirects came to: done, or refused with the problems to show. */
export type RedirectsOutcome =
  | { ok: true; kept: number }
  | { ok: false; problems: string[]; fields?: { from?: string; to?: string } };

/** The path and query of a request as kept for matching: normalised as a stored old address is. */
function requestAddress(url: string): { path: string; withQuery: string } {
  const parsed = new URL(url, "http://x");
  const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, "") || "/" : parsed.pathname;
  return { path, withQuery: path + parsed.search };
}

export function createRedirects({
  db,
  logger,
  origins,
  now = Date.now,
  pollMs = 1_000,
  flushMs = 10_000,
}: RedirectsOptions) {
  /** Old address (lower case) → new address. */
  let table = new Map<string, string>();
  let generation = -1;
  let missing = new Map<string, number>();
  let timers: NodeJS.Timeout[] = [];
  let forgottenBefore = "";

  async function refresh(): Promise<void> {
    const current = await redirectGeneration(db);
    if (current === generation) return;
    const kept = await allRedirects(db);
    table = new Map(kept.map(({ from, to }) => [from.toLowerCase(), to]));
    generation = current;
  }

  function noteMissing(path: string) {
    if (path.length > redirectLimits.pathLength || !oldAddress(path).ok) return;
    const kept = loggablePath(path);
    if (!missing.has(kept) && missing.size >= missingPathsPerDay) return;
    missing.set(kept, (missing.get(kept) ?? 0) + 1);
  }

  async function flush(): Promise<void> {
    const day = londonDate(now());
    if (forgottenBefore !== day) {
      const cutoff = londonDate(now() - missingPathsKeptDays * 86_400_000);
      await forgetMissingBefore(db, cutoff);
      forgottenBefore = day;
    }
    if (missing.size === 0) return;
    const batch = missing;
    missing = new Map();
    // A day's list stops growing at its limit; the paths already on it go on counting.
    const room = missingPathsPerDay - (await missingPathsOn(db, day));
    const counted = room >= batch.size ? batch : new Map([...batch].slice(0, Math.max(room, 0)));
    await countMissing(db, day, counted);
  }

  /** Answers an old address with 301 to its page here, before any page work; counts a GET that ends 404. */
  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const { path, withQuery } = requestAddress(req.originalUrl);
    const exact = table.get(withQuery.toLowerCase());
    const byPath = exact === undefined ? table.get(path.toLowerCase()) : undefined;
    const to = exact ?? byPath;
    if (to !== undefined) {
      // An old address matched without its query passes the query on, unless the new one has its own.
      const query = byPath !== undefined && !to.includes("?") ? withQuery.slice(path.length) : "";
      res.setHeader("Cache-Control", "public, max-age=3600");
      res.redirect(301, `${to}${query}`);
      return;
    }
    if (req.method === "GET") {
      res.on("finish", () => {
        if (res.statusCode === 404) noteMissing(path);
      });
    }
    next();
  };

  /**
   * Keeps `added` beside the redirects there are, chains collapsed, inside the caller's transaction.
   * `by`: the member of staff (null: the site itself, which is held to no limit on how many).
   */
  async function keepIn(
    tx: Queryable,
    added: readonly Redirect[],
    by: number | null,
  ): Promise<RedirectsOutcome> {
    const kept = await allRedirects(tx);
    const together = withRedirects(kept, added);
    if (!together.ok)
      return {
        ok: false,
        problems: [`That would make a loop, ${together.loop.join(" → ")}: nothing was changed.`],
      } satisfies RedirectsOutcome;
    if (by !== null && together.redirects.length > redirectLimits.total)
      return {
        ok: false,
        problems: [`The site keeps at most ${redirectLimits.total.toLocaleString("en-GB")} redirects.`],
      } satisfies RedirectsOutcome;
    const addedFrom = new Set(added.map(({ from }) => from));
    const was = new Map(kept.map(({ from, to }) => [from, to]));
    const moved = together.redirects.filter(({ from, to }) => !addedFrom.has(from) && was.get(from) !== to);
    const fresh = together.redirects.filter(({ from }) => addedFrom.has(from));
    await retargetRedirects(tx, moved);
    await keepRedirects(tx, fresh, by, now());
    return { ok: true, kept: fresh.length } satisfies RedirectsOutcome;
  }

  /** Keeps `added` beside the redirects there are, chains collapsed, in one transaction. */
  function keep(added: readonly Redirect[], by: number): Promise<RedirectsOutcome> {
    return db.transaction((tx) => keepIn(tx, added, by));
  }

  return {
    handler,
    /** Reads the redirects every `pollMs`, and writes the counts every `flushMs` (read them first with `refresh`). */
    start(): void {
      const every = (ms: number, task: () => Promise<void>, what: string) => {
        const timer = setInterval(() => {
          task().catch((error: unknown) => logger?.warn({ err: error }, what));
        }, ms);
        timer.unref();
        timers.push(timer);
      };
      every(pollMs, refresh, "could not read the redirects; the ones in memory still answer");
      every(flushMs, flush, "could not count the missing addresses; they are counted again next time");
    },
    /** Stops reading and writes what is counted. */
    async stop(): Promise<void> {
      for (const timer of timers) clearInterval(timer);
      timers = [];
      await flush().catch((error: unknown) =>
        logger?.warn({ err: error }, "could not count the missing addresses"),
      );
    },
    refresh,
    flush,
    /** Every redirect, the latest first. */
    list: () => allRedirects(db),
    /** The most requested addresses that answered 404 in the last 30 days (this process's count written first). */
    async missing(limit = 50): Promise<{ path: string; hits: number }[]> {
      await flush();
      return mostMissing(db, londonDate(now() - (missingPathsKeptDays - 1) * 86_400_000), limit);
    },
    /** Adds one redirect, as a member of staff typed it. */
    async add(input: { from: string; to: string }, by: number): Promise<RedirectsOutcome> {
      const checked = checkRedirect(input, origins);
      if (!checked.ok)
        return {
          ok: false,
          problems: [checked.problems.from, checked.problems.to].filter((p): p is string => !!p),
          fields: checked.problems,
        };
      const outcome = await keep([checked.redirect], by);
      if (outcome.ok) await refresh();
      return outcome;
    },
    /** Imports a CSV (`from,to`): every line, or none of them. */
    async importCsv(text: string, by: number): Promise<RedirectsOutcome> {
      const read = readRedirectsCsv(text, origins);
      if (!read.ok) return { ok: false, problems: read.problems };
      const outcome = await keep(read.redirects, by);
      if (outcome.ok) await refresh();
      return outcome;
    },
    /**
     * A page of the site moved from one address to another (a vacancy retitled, a case study given a new
     * address): inside the caller's transaction, the old address is kept as a permanent redirect to the
     * new one (earlier addresses of the page collapsed onto it), and a redirect kept from the new address,
     * which is a page again, goes.
     * Throws if that cannot be kept, so the move is undone with it.
     */
    async addressMoved(tx: Queryable, moved: Redirect): Promise<void> {
      await removeRedirect(tx, moved.to);
      const outcome = await keepIn(tx, [moved], null);
      if (!outcome.ok)
        throw new Error(`The moved address could not be redirected: ${outcome.problems.join(" ")}`);
    },
    /**
     * A page of the site answers at `path` now (a case study published there, or back there): inside the
     * caller's transaction, a redirect kept from that address goes, so it no longer hides the page.
     */
    async pageAt(tx: Queryable, path: string): Promise<void> {
      await removeRedirect(tx, path);
    },
    /** Removes the redirect from an old address. */
    async remove(from: string): Promise<boolean> {
      const removed = (await removeRedirect(db, from)) > 0;
      if (removed) await refresh();
      return removed;
    },
  };
}

export type Redirects = ReturnType<typeof createRedirects>;
