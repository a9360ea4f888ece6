/**
 * The reply clock: when a lead is due for its first answer, and how that reads in the workspace. The
 * promise comes from the site config (`site.replyClock`), the same value the pages' copy quotes.
 * Pure, so the server and the workspace's pages share it.
 */
import { site } from "../config/site.ts";
import type { LeadKind } from "./model.ts";

const hourMs = 60 * 60 * 1000;

/** How long after it arrived a lead of this kind is due, in ms; null when the kind has no clock. */
export function promiseMs(kind: LeadKind): number | null {
  const hours = kind === "enquiry" ? site.replyClock.promiseHours : site.replyClock.applicationHours;
  return hours === null ? null : hours * hourMs;
}

/** How long before it is due the reminder goes, in ms. */
export const reminderBeforeMs = site.replyClock.reminderHours * hourMs;

/** When a lead is due for its first answer; null when its kind has no clock. */
export function dueAt(kind: LeadKind, createdAt: number): number | null {
  const ms = promiseMs(kind);
  return ms === null ? null : createdAt + ms;
}

/**
 * True while a lead still waits for its first answer: it is New and has never been answered (a reply
 * from the workspace, or its status moving on). Spam stops the clock.
 */
export function awaitingAnswer(lead: { status: string; answeredAt: number | null }): boolean {
  return lead.status === "new" && lead.answeredAt === null;
}

function span(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/** A due time against now, as the inbox says it: "due in 3 h", "due in 20 min", "overdue by 2 h". */
export function timeLeftText(due: number, now: number): string {
  return due > now ? `due in ${span(due - now)}` : `overdue by ${span(now - due)}`;
}

/** Where an unanswered lead stands against its promise, for the inbox and the lead's page. */
export type DueState = { dueAt: number; overdue: boolean; text: string };

/** The due state of a lead, or null when no clock runs for it (answered, spam, or a kind without one). */
export function dueState(
  lead: { kind: LeadKind; status: string; createdAt: number; answeredAt: number | null },
  now: number,
): DueState | null {
  const due = dueAt(lead.kind, lead.createdAt);
  if (due === null || !awaitingAnswer(lead)) return null;
  return { dueAt: due, overdue: due <= now, text: timeLeftText(due, now) };
}
