/**
 * Site content on a schedule: a version given a moment to be published ("Publish at"), an item a moment
 * to be taken down ("Take down at"), both entered and shown as UK wall time and stored as instants. A job
 * in every process looks for what is due every `pollMs`, under a lease so one process at a time does the
 * work; each change is still carried out at most once by its own conditional UPDATE, in the transaction
 * that makes it, so a lease that runs out mid-run, two processes at once or a restart cannot publish
 * anything twice. A publication raises the content's generation, so every process shows it within the
 * content poll's half second. See docs/decisions/033-site-content-on-a-schedule.md.
 */
import { type ContentKind, needsApproval } from "#core/content/model.ts";
import { needsApprovalOf } from "#core/content/pages.ts";
import { formatDateTime } from "#core/leads/model.ts";
import { ukWallToInstant } from "#core/time/london-time.ts";
import type { Database } from "../db/database.ts";
import { createLeasedJob, type LeasedJob } from "../jobs/leased-job.ts";
import type { Logger } from "../observability/logger.ts";
import { itemVersions, publishApproved, publishVersion, takeDownPublished } from "../tables/content.ts";
import {
  addSchedule,
  type ContentSchedule,
  dueSchedules,
  endSchedule,
  pendingSchedules,
} from "../tables/content-schedules.ts";
import { contentPermissions } from "../tables/staff.ts";
import { recordEvent } from "../tables/timeline.ts";
import { addressProblem, type CaseStudyAddresses, publishFollowingAddress } from "./addresses.ts";

export type { ContentSchedule };

/** What scheduling came to: done, or refused with a message (and each problem by its field). */
export type ScheduleOutcome =
  | { ok: true }
  | { ok: false; status: number; problem: string; problems?: Record<string, string> };

/** The form's fields a schedule's moment is entered in, by action. */
export const scheduleFields = {
  publish: { date: "publishDate", time: "publishTime" },
  "take-down": { date: "takeDownDate", time: "takeDownTime" },
} as const;

/** A moment as the workspace and the audit log say it: "6 Dec 2026, 19:30 (UK time)". */
export const ukMoment = (ms: number) => `${formatDateTime(ms)} (UK time)`;

/**
 * A UK wall date and time read as an instant after `now`: the instant, or the problem by its field.
 * An impossible date, a time that does not exist that day (the clocks go forward over it) and a moment
 * already past are refused in words.
 */
export function readWallMoment(
  action: keyof typeof scheduleFields,
  date: string,
  time: string,
  now: number,
): { ok: true; at: number } | { ok: false; problems: Record<string, string> } {
  const fields = scheduleFields[action];
  const what = action === "publish" ? "publish it" : "take it down";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date.trim())) {
    return { ok: false, problems: { [fields.date]: `Enter the day to ${what}, such as 2027-03-30.` } };
  }
  if (!/^\d{2}:\d{2}$/.test(time.trim())) {
    return { ok: false, problems: { [fields.time]: `Enter the UK time to ${what}, such as 09:00.` } };
  }
  const read = ukWallToInstant(date, time);
  if (!read.ok) {
    const problem =
      read.field === "date"
        ? `There is no such day: enter the day to ${what}, such as 2027-03-30.`
        : read.problem.includes("clocks")
          ? read.problem
          : `Enter the UK time to ${what} as hours and minutes, such as 09:00.`;
    return { ok: false, problems: { [read.field === "date" ? fields.date : fields.time]: problem } };
  }
  if (read.value <= now) {
    return {
      ok: false,
      problems: { [fields.date]: `That moment has passed: choose a time to ${what} after ${ukMoment(now)}.` },
    };
  }
  return { ok: true, at: read.value };
}

const detailOf = (kind: ContentKind, key: string, version: number | null) =>
  version === null ? `${kind} ${key}` : `${kind} ${key} v${version}`;

export function createContentSchedule(options: {
  db: Database;
  logger: Logger;
  /** How often each process looks for what is due, in ms. */
  pollMs: number;
  clock?: () => number;
  /** Called after a run changed what is published, so this process reads it at once. */
  onPublished?: () => Promise<void>;
  /** Told where a case study published at its time answers, inside the publication (./addresses.ts). */
  addresses?: CaseStudyAddresses;
}) {
  const { db, logger, pollMs, onPublished, addresses } = options;
  const clock = options.clock ?? Date.now;

  /** Carries out one due change, once; true when it changed what the site shows. */
  async function carryOut(schedule: ContentSchedule, now: number): Promise<boolean> {
    return db.transaction(async (tx) => {
      const at = { kind: schedule.kind, key: schedule.key, version: schedule.version ?? 0 };
      if (schedule.action === "take-down") {
        // Ended here first: of several processes, only the one that ends it goes on.
        if (!(await endSchedule(tx, schedule.id, "done", null, now))) return false;
        const version = await takeDownPublished(
          tx,
          schedule.kind,
          schedule.key,
          "Taken down at its scheduled time",
        );
        if (version === null) return false;
        await recordEvent(tx, {
          action: "content-taken-down",
          detail: `${detailOf(schedule.kind, schedule.key, version)} at ${ukMoment(schedule.dueAt)}`,
          now,
        });
        return true;
      }
      const versions = await itemVersions(tx, schedule.kind, schedule.key);
      const version = versions.find((entry) => entry.version === schedule.version);
      // A claim waits, still pending, for its approval; it is published as soon as it is approved.
      if (version?.state === "awaiting" && version.approvedBy === null) return false;
      // A page's draft is judged by what it changes: one that changes a claim's words is never published
      // by the clock without a second person.
      const draftNeedsApproval =
        schedule.kind === "page" && version
          ? needsApprovalOf("page", schedule.key, {
              before: versions.find((entry) => entry.state === "published")?.body ?? null,
              after: version.body,
            })
          : needsApproval(schedule.kind);
      const ready =
        (version?.state === "draft" && !draftNeedsApproval) ||
        (version?.state === "awaiting" && version.approvedBy !== null);
      if (!ready) {
        // Replaced by a newer version, or published by hand, before its time: nothing to do.
        await endSchedule(tx, schedule.id, "lapsed", null, now);
        return false;
      }
      const slug = (version?.body as { slug?: unknown } | undefined)?.slug;
      const taken =
        at.kind === "case-study" && typeof slug === "string" ? await addressProblem(tx, at.key, slug) : null;
      if (taken) {
        // Another case study took its address meanwhile: the version stays as it is, for staff to change.
        if (!(await endSchedule(tx, schedule.id, "lapsed", null, now))) return false;
        logger.warn(
          { item: detailOf(at.kind, at.key, at.version), problem: taken },
          "a scheduled version was not published: its address is another case study's",
        );
        return false;
      }
      if (!(await endSchedule(tx, schedule.id, "done", null, now))) return false;
      const published = await publishFollowingAddress(
        tx,
        at,
        () =>
          version?.state === "draft"
            ? publishVersion(tx, at, "draft", null, now)
            : publishApproved(tx, at, now),
        addresses,
      );
      if (!published.ok) throw new Error("a scheduled version changed state while it was being published");
      await recordEvent(tx, {
        action: "content-published",
        detail: `${detailOf(at.kind, at.key, at.version)} at its scheduled time, ${ukMoment(schedule.dueAt)}`,
        now,
      });
      return true;
    });
  }

  /** Carries out every change due at `now`; resolves with how many changed what the site shows. */
  async function runDue(now: number): Promise<number> {
    let changed = 0;
    for (const schedule of await dueSchedules(db, now)) {
      if (await carryOut(schedule, now)) changed++;
    }
    if (changed > 0) await onPublished?.();
    return changed;
  }

  const job: LeasedJob = createLeasedJob({
    db,
    logger,
    name: "content-schedule",
    pollMs,
    clock,
    work: runDue,
    failure: "the site content's schedule run failed",
    logMessage: "scheduled site content published or taken down",
  });

  async function mayEdit(actor: { id: number }): Promise<boolean> {
    return (await contentPermissions(db, actor.id)).edit;
  }

  return {
    /** Looks for due changes every `pollMs` (and once at start, so what fell due while stopped runs now). */
    start: () => job.start(),
    stop: () => job.stop(),
    /** Carries out what is due now; resolves with how many changes it made (0 while another process runs). */
    runOnce: () => job.runOnce(),
    /** Carries out what is due at `now`, without the lease (two processes racing, in the tests). */
    runDue,

    /** An item's pending changes, soonest first. */
    pending: (kind: ContentKind, key: string) => pendingSchedules(db, kind, key),

    /**
     * Schedules version `version` of an item to be published at a UK date and time. The version must be
     * the item's newest and not yet published; one that needs approval is published at its time only
     * once approved. Replaces the item's earlier scheduled publication.
     */
    async schedulePublish(
      actor: { id: number },
      input: { kind: ContentKind; key: string; version: number; date: string; time: string },
    ): Promise<ScheduleOutcome> {
      if (!(await mayEdit(actor)))
        return { ok: false, status: 403, problem: "You may not edit the site's content." };
      const now = clock();
      const moment = readWallMoment("publish", input.date, input.time, now);
      if (!moment.ok)
        return { ok: false, status: 400, problem: "Check the time to publish.", problems: moment.problems };
      return db.transaction(async (tx) => {
        const versions = await itemVersions(tx, input.kind, input.key);
        const version = versions.find((entry) => entry.version === input.version);
        if (
          !version ||
          version !== versions.at(-1) ||
          (version.state !== "draft" && version.state !== "awaiting")
        ) {
          return {
            ok: false,
            status: 409,
            problem:
              "Only the newest version, not yet published, can be scheduled: the page shows where it stands.",
          };
        }
        const takeDown = (await pendingSchedules(tx, input.kind, input.key)).find(
          (entry) => entry.action === "take-down",
        );
        if (takeDown && takeDown.dueAt <= moment.at) {
          return {
            ok: false,
            status: 400,
            problem: "Check the time to publish.",
            problems: {
              [scheduleFields.publish.date]:
                `The item is to be taken down at ${ukMoment(takeDown.dueAt)}: publish it before then, or cancel the take-down first.`,
            },
          };
        }
        await addSchedule(tx, { ...input, action: "publish", dueAt: moment.at, by: actor.id, now });
        await recordEvent(tx, {
          action: "content-publish-scheduled",
          staffId: actor.id,
          detail: `${detailOf(input.kind, input.key, input.version)} at ${ukMoment(moment.at)}`,
          now,
        });
        return { ok: true };
      });
    },

    /**
     * Schedules an item to be taken down at a UK date and time: its published version is withdrawn and
     * the pages stop showing it. Not for a page's words, which a page always needs; after any scheduled
     * publication of the item.
     */
    async scheduleTakeDown(
      actor: { id: number },
      input: { kind: ContentKind; key: string; date: string; time: string },
    ): Promise<ScheduleOutcome> {
      if (!(await mayEdit(actor)))
        return { ok: false, status: 403, problem: "You may not edit the site's content." };
      if (input.kind === "page") {
        return {
          ok: false,
          status: 400,
          problem: "A page always shows words: change them instead of taking them down.",
        };
      }
      const now = clock();
      const moment = readWallMoment("take-down", input.date, input.time, now);
      if (!moment.ok) {
        return {
          ok: false,
          status: 400,
          problem: "Check the time to take it down.",
          problems: moment.problems,
        };
      }
      return db.transaction(async (tx) => {
        const publish = (await pendingSchedules(tx, input.kind, input.key)).find(
          (entry) => entry.action === "publish",
        );
        if (publish && moment.at <= publish.dueAt) {
          return {
            ok: false,
            status: 400,
            problem: "Check the time to take it down.",
            problems: {
              [scheduleFields["take-down"].date]:
                `Version ${publish.version} is to be published at ${ukMoment(publish.dueAt)}: take it down after that.`,
            },
          };
        }
        await addSchedule(tx, {
          ...input,
          action: "take-down",
          version: null,
          dueAt: moment.at,
          by: actor.id,
          now,
        });
        await recordEvent(tx, {
          action: "content-take-down-scheduled",
          staffId: actor.id,
          detail: `${detailOf(input.kind, input.key, null)} at ${ukMoment(moment.at)}`,
          now,
        });
        return { ok: true };
      });
    },

    /** Cancels one of an item's pending changes; refused when it has happened or was cancelled already. */
    async cancel(
      actor: { id: number },
      input: { kind: ContentKind; key: string; id: string },
    ): Promise<ScheduleOutcome> {
      if (!(await mayEdit(actor)))
        return { ok: false, status: 403, problem: "You may not edit the site's content." };
      const now = clock();
      return db.transaction(async (tx) => {
        const schedule = (await pendingSchedules(tx, input.kind, input.key)).find(
          (entry) => entry.id === input.id,
        );
        if (!schedule || !(await endSchedule(tx, schedule.id, "cancelled", actor.id, now))) {
          return {
            ok: false,
            status: 409,
            problem: "That change is no longer scheduled: the page shows where it stands.",
          };
        }
        const what = schedule.action === "publish" ? "publication" : "take-down";
        await recordEvent(tx, {
          action: "content-schedule-cancelled",
          staffId: actor.id,
          detail: `${what} of ${detailOf(schedule.kind, schedule.key, schedule.version)} at ${ukMoment(schedule.dueAt)}`,
          now,
        });
        return { ok: true };
      });
    },
  };
}

export type ContentScheduler = ReturnType<typeof createContentSchedule>;
