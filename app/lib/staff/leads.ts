/**
 * What the staff inbox knows about leads, shared by the server (queries, export) and the workspace's
 * pages (labels, filters). Only the workspace imports it, so none of it reaches the public pages; it
 * holds no zod schema and no form module, so the workspace's pages share no script with the forms.
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

/** Leads shown on one page of the inbox. */
export const inboxPageSize = 50;

/** The longest search the inbox accepts, and how many words of it count. */
export const searchLimits = { length: 200, words: 8 } as const;

export type InboxQuery = {
  q?: string | undefined;
  kind?: LeadKind | undefined;
  status?: LeadStatus | undefined;
  service?: string | undefined;
  page?: number | undefined;
};

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
