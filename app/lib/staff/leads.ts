import { z } from "zod";
import { serviceOptions } from "../forms/contact-schema.ts";

/**
 * What the staff inbox knows about leads, shared by the server (queries, export) and the workspace's
 * pages (labels, filters). Only the workspace imports it, so none of it reaches the public pages.
 */

export type LeadKind = "enquiry" | "application";

export const leadKinds = [
  { value: "enquiry", label: "Enquiry", plural: "Enquiries" },
  { value: "application", label: "Application", plural: "Applications" },
] as const satisfies readonly { value: LeadKind; label: string; plural: string }[];

/** The statuses an enquiry is worked through, in order. */
export const enquiryStatuses = ["new", "contacted", "quoted", "won", "lost", "spam"] as const;
/** The statuses an application is worked through, in order. */
export const applicationStatuses = [
  "new",
  "contacted",
  "interview",
  "hired",
  "unsuccessful",
  "spam",
] as const;

export type EnquiryStatus = (typeof enquiryStatuses)[number];
export type ApplicationStatus = (typeof applicationStatuses)[number];
export type LeadStatus = EnquiryStatus | ApplicationStatus;

/** Every status, in the order the inbox lists their counts. */
export const allStatuses = [
  "new",
  "contacted",
  "quoted",
  "interview",
  "won",
  "hired",
  "lost",
  "unsuccessful",
  "spam",
] as const satisfies readonly LeadStatus[];

export const statusLabels: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  quoted: "Quoted",
  interview: "Interview",
  won: "Won",
  hired: "Hired",
  lost: "Lost",
  unsuccessful: "Unsuccessful",
  spam: "Spam",
};

/** The statuses a lead of this kind can have. */
export function statusesFor(kind: LeadKind): readonly LeadStatus[] {
  return kind === "enquiry" ? enquiryStatuses : applicationStatuses;
}

/** True when `status` is one a lead of this kind can have. */
export function isStatusOf(kind: LeadKind, status: string): status is LeadStatus {
  return (statusesFor(kind) as readonly string[]).includes(status);
}

/** The name of a service as the contact form offers it; "Not specified" for none. */
export function serviceLabel(value: string): string {
  return serviceOptions.find((option) => option.value === value)?.label ?? "Not specified";
}

/** Leads shown on one page of the inbox. */
export const inboxPageSize = 50;

/** The longest search the inbox accepts, and how many words of it count. */
export const searchLimits = { length: 200, words: 8 } as const;

/**
 * The inbox's search and filters, as they stand in its URL (`?q=&kind=&status=&service=&page=`).
 * Empty values are left out before this (they mean "any"); anything unexpected is refused with words
 * for the person.
 */
export const inboxQuerySchema = z.object({
  q: z
    .string()
    .transform((value) => value.normalize("NFC").trim())
    .pipe(
      z.string().max(searchLimits.length, {
        error: `Searches can be up to ${searchLimits.length} characters long.`,
      }),
    )
    .transform((value) => value || undefined)
    .optional(),
  kind: z.enum(["enquiry", "application"], { error: "Choose enquiries, applications or both." }).optional(),
  status: z.enum(allStatuses, { error: "Choose a status from the list." }).optional(),
  service: z
    .enum(serviceOptions.map((option) => option.value) as [string, ...string[]], {
      error: "Choose a service from the list.",
    })
    .optional(),
  page: z
    .string()
    .regex(/^\d{1,6}$/, { error: "The page number must be a whole number." })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: "Pages are numbered from 1." }))
    .optional(),
});

export type InboxQuery = {
  q?: string | undefined;
  kind?: LeadKind | undefined;
  status?: LeadStatus | undefined;
  service?: string | undefined;
  page?: number | undefined;
};

/** Reads the inbox's search and filters from a URL's query; a problem comes back as a sentence. */
export function parseInboxQuery(
  params: URLSearchParams,
): { ok: true; query: InboxQuery } | { ok: false; problem: string } {
  const raw: Record<string, string> = {};
  for (const key of ["q", "kind", "status", "service", "page"]) {
    const values = params.getAll(key);
    if (values.length > 1) return { ok: false, problem: `The link gives “${key}” more than once.` };
    if (values[0]) raw[key] = values[0];
  }
  const parsed = inboxQuerySchema.safeParse(raw);
  if (!parsed.success) return { ok: false, problem: parsed.error.issues[0]?.message ?? "Check the search." };
  return { ok: true, query: parsed.data as InboxQuery };
}

/** The query string for a search and filters (without `?`), leaving out what is empty. */
export function inboxQueryString(query: InboxQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.kind) params.set("kind", query.kind);
  if (query.status) params.set("status", query.status);
  if (query.service) params.set("service", query.service);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params.toString();
}

/** A National Insurance number as staff see it before a reveal: "AB •• •• •• C". */
export function maskedNiNumber(normalised: string): string {
  return `${normalised.slice(0, 2)} •• •• •• ${normalised.slice(-1)}`;
}

/** A National Insurance number in the spaced form people read: "AB 12 34 56 C". */
export function spacedNiNumber(normalised: string): string {
  const n = normalised.replace(/\s+/g, "");
  return `${n.slice(0, 2)} ${n.slice(2, 4)} ${n.slice(4, 6)} ${n.slice(6, 8)} ${n.slice(8)}`;
}

const dateTime = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/London",
});

const dateOnly = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/London",
});

/** A moment as staff read it, in UK time: "3 Mar 2025, 14:05". */
export function formatDateTime(ms: number): string {
  return dateTime.format(ms);
}

/** A day as staff read it, in UK time: "3 March 2025". */
export function formatDate(ms: number): string {
  return dateOnly.format(ms);
}

/** A moment ready to show: machine-readable for `<time>`, and as staff read it. Made on the server, so the
 * page the browser hydrates says exactly what the server sent. */
export type Moment = { iso: string; text: string };

/** A time in ms since the epoch, as a Moment. */
export function moment(ms: number): Moment {
  return { iso: new Date(ms).toISOString(), text: formatDateTime(ms) };
}
