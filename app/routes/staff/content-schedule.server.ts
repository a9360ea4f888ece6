import { data, redirect } from "react-router";
import { type ContentKind, contentItemPath } from "#core/content/model.ts";
import { needsApprovalOf } from "#core/content/pages.ts";
import { moment } from "#core/leads/model.ts";
import { ukWall } from "#core/time/london-time.ts";
import type { AppServices, ContentVersion } from "~/lib/app-context";

/** What each schedule form says on the item's page once it has come back to it. */
export const scheduleDoneWords = {
  scheduled: "Scheduled. It goes live at the time shown under Schedule; nothing on the site has changed yet.",
  "take-down-scheduled": "Take-down scheduled. The site shows the item until the time shown under Schedule.",
  cancelled: "Cancelled. Nothing will change on the site at that time.",
  "approved-scheduled": "Approved. It goes live at its scheduled time, shown under Schedule.",
} as const;

/** An item's schedule as its page shows it: what is pending, and which schedule forms it offers. */
export type ScheduleView = {
  pending: {
    id: string;
    what: string;
    when: { iso: string; text: string };
    by: string;
    /** A claim still waiting for its approval, which it needs before it can go live at its time. */
    waitsForApproval: boolean;
  }[];
  /** The version a "Publish at" form schedules, or null when there is none to schedule. */
  publishVersion: number | null;
  /** Whether the item can be given a "Take down at" (not a page's words; something published). */
  mayTakeDown: boolean;
  /** Today's UK date, as the date inputs take it (their earliest). */
  today: string;
};

/** The schedule part of an item's page, from its versions. */
export async function scheduleView(
  services: AppServices,
  item: { kind: ContentKind; key: string },
  versions: ContentVersion[],
  now: number,
): Promise<ScheduleView> {
  const pending = await services.contentSchedule.pending(item.kind, item.key);
  const latest = versions.at(-1);
  const live = (version: number | null) => versions.find((entry) => entry.version === version);
  return {
    // A publication whose version was replaced or published by hand meanwhile lapses at its time: not shown.
    pending: pending
      .filter((entry) => entry.action === "take-down" || entry.version === latest?.version)
      .map((entry) => ({
        id: entry.id,
        what:
          entry.action === "publish"
            ? `Version ${entry.version} is to be published`
            : "The item is to be taken down (no longer shown on the site)",
        when: moment(entry.dueAt),
        by: entry.scheduledByName ?? "a former member of staff",
        waitsForApproval:
          entry.action === "publish" &&
          needsApprovalOf(item.kind, item.key) &&
          live(entry.version)?.state === "awaiting" &&
          live(entry.version)?.approvedBy === null,
      })),
    publishVersion:
      latest && (latest.state === "draft" || latest.state === "awaiting") ? latest.version : null,
    mayTakeDown: item.kind !== "page" && versions.some((version) => version.state === "published"),
    today: ukWall(now).date,
  };
}

/** What a schedule form says after it was refused: the problem, each field's, and what was typed. */
export type ScheduleActionResult = {
  schedule: { problem: string; problems: Record<string, string>; values: Record<string, string> };
};

const scheduleIntents = ["schedule-publish", "schedule-take-down", "cancel-schedule"] as const;

/** True when a post is one of the schedule's forms. */
export function isScheduleIntent(intent: FormDataEntryValue | null): boolean {
  return scheduleIntents.some((entry) => entry === intent);
}

/**
 * The schedule's forms: Schedule (publish a version at a UK time), Schedule take-down and Cancel. Done:
 * back to the item's page saying so. Refused: the problem by its field, with what was typed kept.
 */
export async function actOnSchedule(
  services: AppServices,
  me: { id: number },
  item: { kind: ContentKind; key: string },
  form: FormData,
) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = form.get("intent");
  const schedule = services.contentSchedule;
  let outcome: Awaited<ReturnType<typeof schedule.cancel>>;
  let done: keyof typeof scheduleDoneWords;
  if (intent === "cancel-schedule") {
    outcome = await schedule.cancel(me, { ...item, id: text("schedule") });
    done = "cancelled";
  } else if (intent === "schedule-take-down") {
    outcome = await schedule.scheduleTakeDown(me, {
      ...item,
      date: text("takeDownDate"),
      time: text("takeDownTime"),
    });
    done = "take-down-scheduled";
  } else {
    const version = Number(text("version"));
    if (!/^\d{1,9}$/.test(text("version")) || version < 1) {
      throw data("That version was not understood.", 400);
    }
    outcome = await schedule.schedulePublish(me, {
      ...item,
      version,
      date: text("publishDate"),
      time: text("publishTime"),
    });
    done = "scheduled";
  }
  if (outcome.ok) throw redirect(`${contentItemPath(item.kind, item.key)}?done=${done}`, 303);
  if (!outcome.problems) throw data(outcome.problem, outcome.status);
  return data<ScheduleActionResult>(
    {
      schedule: {
        problem: outcome.problem,
        problems: outcome.problems,
        values: {
          publishDate: text("publishDate"),
          publishTime: text("publishTime"),
          takeDownDate: text("takeDownDate"),
          takeDownTime: text("takeDownTime"),
        },
      },
    },
    outcome.status,
  );
}
