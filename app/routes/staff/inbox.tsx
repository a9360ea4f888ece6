import { Form, Link } from "react-router";
import { type SpamSignal, spamSignalLabels, spamSignals } from "#core/forms/form-token.ts";
import { type InboxQuery, inboxPageSize, inboxQueryString, searchLimits } from "#core/leads/inbox-query.ts";
import {
  allStatuses,
  applicationStatuses,
  type DeletedLead,
  enquiryStatuses,
  type LeadStatus,
  leadKinds,
  statusLabels,
} from "#core/leads/model.ts";
import { leadPath } from "#core/staff/paths.ts";
import { StatusBadge } from "~/components/staff/status-badge";
import { Button } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/inbox";
import { loadInbox } from "./inbox.server";

export function meta() {
  return staffMeta("Leads");
}

// The search's reading and the rows' words live in inbox.server.ts, which stays out of the browser.
export async function loader(args: Route.LoaderArgs) {
  return loadInbox(args);
}

/** The link to the inbox with some of the search and filters changed (and back on the first page). */
function inboxLink(query: InboxQuery, change: Partial<InboxQuery>): string {
  const search = inboxQueryString({ ...query, page: undefined, ...change });
  return search ? `/staff?${search}` : "/staff";
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { problem, query, inbox, services, vacancies } = loaderData;
  const spamCaught = "spamCaught" in loaderData ? loaderData.spamCaught : null;
  const deleted = "deleted" in loaderData ? loaderData.deleted : null;
  const filtersKey = inboxQueryString({ ...query, page: undefined });
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold">Leads</h1>
        {inbox && (
          <a
            href={`/staff/export.csv${filtersKey ? `?${filtersKey}` : ""}`}
            className="inline-flex min-h-10 items-center rounded-lg px-4 py-2 text-sm font-semibold text-navy-900 ring-1 ring-navy-200 hover:bg-navy-50"
          >
            Export CSV
          </a>
        )}
      </div>

      <QuickFilters query={query} />
      <Filters key={filtersKey} query={query} services={services} vacancies={vacancies} />

      {problem ? (
        <div role="alert" className="space-y-2 rounded-lg bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
          <p className="font-semibold">{problem}</p>
          <p>
            <Link to="/staff" className="font-semibold underline">
              Show all leads
            </Link>
          </p>
        </div>
      ) : (
        inbox && (
          <>
            <StatusCounts query={query} counts={inbox.counts} open={inbox.open} />
            <Results query={query} inbox={inbox} deleted={deleted} />
            {spamCaught && <SpamCaught counts={spamCaught} />}
          </>
        )
      )}
    </div>
  );
}

/** Search and filters: a plain GET form, so they live in the URL and work without JavaScript. */
function Filters({
  query,
  services,
  vacancies,
}: {
  query: InboxQuery;
  services: readonly { value: string; label: string }[];
  /** Every published vacancy, for the applications made for one. */
  vacancies: readonly { reference: string; title: string }[];
}) {
  const filtered = Boolean(
    query.q ||
      query.kind ||
      query.status ||
      query.service ||
      query.vacancy ||
      query.owner ||
      query.overdue ||
      query.sort,
  );
  // On a phone the form is folded behind its summary, so the first screen shows leads; from 1024 px it
  // is always open. Without JavaScript the summary still opens it.
  return (
    <details
      open={filtered}
      className="group rounded-xl bg-white ring-1 ring-navy-100 lg:details-content:[content-visibility:visible]"
    >
      <summary className="flex min-h-11 cursor-pointer items-center px-4 py-2 font-semibold lg:hidden">
        Search and filters
      </summary>
      <Form
        method="get"
        action="/staff"
        role="search"
        aria-label="Find leads"
        className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor="inbox-search" className="text-sm font-semibold">
            Search
          </label>
          <input
            id="inbox-search"
            name="q"
            type="search"
            defaultValue={query.q ?? ""}
            maxLength={searchLimits.length}
            aria-describedby="inbox-search-help"
            className={controlClass}
          />
          <p id="inbox-search-help" className="text-sm text-navy-700">
            Reference, name, e-mail, phone, company or words from the message.
          </p>
        </div>
        <Select id="inbox-kind" name="kind" label="Kind" value={query.kind}>
          <option value="">Any kind</option>
          {leadKinds.map((kind) => (
            <option key={kind.value} value={kind.value}>
              {kind.plural}
            </option>
          ))}
        </Select>
        <Select id="inbox-status" name="status" label="Status" value={query.status}>
          <option value="">Any status but spam</option>
          {allStatuses.map((status) => (
            <option key={status} value={status}>
              {statusLabels[status]}
            </option>
          ))}
        </Select>
        <Select id="inbox-service" name="service" label="Service" value={query.service}>
          <option value="">Any service</option>
          {services.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
        {vacancies.length > 0 && (
          <Select id="inbox-vacancy" name="vacancy" label="Vacancy" value={query.vacancy}>
            <option value="">Any vacancy or none</option>
            {vacancies.map((vacancy) => (
              <option key={vacancy.reference} value={vacancy.reference}>
                {vacancy.title} ({vacancy.reference})
              </option>
            ))}
          </Select>
        )}
        <Select id="inbox-owner" name="owner" label="Owner" value={query.owner}>
          <option value="">Anyone or nobody</option>
          <option value="mine">Mine</option>
          <option value="unassigned">Unassigned</option>
        </Select>
        <Select id="inbox-sort" name="sort" label="Order" value={query.sort}>
          <option value="">Newest first</option>
          <option value="due">Due soonest first</option>
        </Select>
        <div className="flex items-center gap-2 self-end pb-2">
          <input
            id="inbox-overdue"
            name="overdue"
            type="checkbox"
            value="1"
            defaultChecked={query.overdue === true}
            className="size-5"
          />
          <label htmlFor="inbox-overdue" className="text-sm font-semibold">
            Overdue only
          </label>
        </div>
        <div className="flex items-end gap-2 lg:pb-7">
          <Button type="submit" size="sm">
            Show leads
          </Button>
          <Link to="/staff" className="min-h-10 rounded-md px-2 py-2 text-sm font-semibold underline">
            Clear
          </Link>
        </div>
      </Form>
    </details>
  );
}

/** One tap to the leads that matter most now: one's own, nobody's, and those past the reply promise. */
function QuickFilters({ query }: { query: InboxQuery }) {
  const items: { label: string; current: boolean; to: string }[] = [
    {
      label: "Mine",
      current: query.owner === "mine",
      to: inboxLink(query, { owner: query.owner === "mine" ? undefined : "mine" }),
    },
    {
      label: "Unassigned",
      current: query.owner === "unassigned",
      to: inboxLink(query, { owner: query.owner === "unassigned" ? undefined : "unassigned" }),
    },
    {
      label: "Overdue",
      current: query.overdue === true,
      to: inboxLink(query, query.overdue ? { overdue: undefined } : { overdue: true, sort: "due" }),
    },
    {
      label: "Due soonest first",
      current: query.sort === "due",
      to: inboxLink(query, { sort: query.sort === "due" ? undefined : "due" }),
    },
  ];
  return (
    <nav aria-label="Quick filters">
      <ul className="flex gap-2 overflow-x-auto pb-1 text-sm">
        {items.map((item) => (
          <li key={item.label} className="shrink-0">
            <Link
              to={item.to}
              aria-current={item.current ? "true" : undefined}
              className={
                item.current
                  ? "inline-flex min-h-10 items-center rounded-full bg-accent-800 px-3 py-1.5 font-semibold text-white"
                  : "inline-flex min-h-10 items-center rounded-full bg-white px-3 py-1.5 font-semibold text-navy-900 ring-1 ring-navy-200 hover:bg-navy-50"
              }
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Select({
  id,
  name,
  label,
  value,
  children,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={controlClass}>
        {children}
      </select>
    </div>
  );
}

/** How many leads have each status, for the same search; each count filters the list to it. */
function StatusCounts({
  query,
  counts,
  open,
}: {
  query: InboxQuery;
  counts: Record<LeadStatus, number>;
  open: number;
}) {
  const statuses: readonly LeadStatus[] =
    query.kind === "enquiry"
      ? enquiryStatuses
      : query.kind === "application"
        ? applicationStatuses
        : allStatuses;
  const items: { status: LeadStatus | undefined; label: string; count: number }[] = [
    { status: undefined, label: "All but spam", count: open },
    ...statuses.map((status) => ({ status, label: statusLabels[status], count: counts[status] })),
  ];
  return (
    <nav aria-label="Leads by status">
      <ul className="flex gap-2 overflow-x-auto pb-1 text-sm">
        {items.map((item) => {
          const current = query.status === item.status;
          return (
            <li key={item.label} className="shrink-0">
              <Link
                to={inboxLink(query, { status: item.status })}
                aria-current={current ? "true" : undefined}
                className={
                  current
                    ? "inline-flex min-h-10 items-center gap-2 rounded-full bg-navy-900 px-3 py-1.5 font-semibold text-white"
                    : "inline-flex min-h-10 items-center gap-2 rounded-full bg-white px-3 py-1.5 font-semibold text-navy-900 ring-1 ring-navy-200 hover:bg-navy-50"
                }
              >
                {item.label} <span className="tabular-nums">{item.count}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

type Loaded = NonNullable<Route.ComponentProps["loaderData"]["inbox"]>;

/** A cell: a table cell from 1024 px, one part of a list entry below it. */
const cellClass = "px-3 py-2 max-lg:px-1 max-lg:py-0.5";

function Results({
  query,
  inbox,
  deleted,
}: {
  query: InboxQuery;
  inbox: Loaded;
  deleted: DeletedLead | null;
}) {
  const first = (inbox.page - 1) * inboxPageSize + 1;
  const last = first + inbox.rows.length - 1;
  const filtered = Boolean(
    query.q || query.kind || query.status || query.service || query.vacancy || query.owner || query.overdue,
  );
  return (
    <section aria-labelledby="results-heading" className="space-y-3">
      <h2 id="results-heading" className="text-sm font-semibold text-navy-700" aria-live="polite">
        {inbox.total === 0
          ? filtered
            ? "No leads match this search."
            : "No leads yet. Enquiries and applications from the website appear here."
          : inbox.rows.length === 0
            ? `There are ${inbox.total} leads; this page is past the last one.`
            : `Showing ${first} to ${last} of ${inbox.total} ${inbox.total === 1 ? "lead" : "leads"}, ${query.sort === "due" ? "due soonest first" : "newest first"}`}
      </h2>
      {deleted && (
        <p>
          <Link to={leadPath(deleted.reference)} className="font-semibold text-accent-800 underline">
            {deleted.reference}
          </Link>{" "}
          ({deleted.kind.toLowerCase()}, received on {deleted.received}) was deleted on {deleted.deleted},{" "}
          {deleted.why}. Only its reference, kind and dates are kept.
        </p>
      )}
      {inbox.rows.length > 0 && (
        <div className="rounded-xl bg-white ring-1 ring-navy-100 lg:overflow-x-auto">
          {/* Below 1024 px each row reads as one entry of a list, with no sideways scroll; wider, a table. */}
          <table className="w-full text-left text-sm lg:min-w-[60rem]">
            <thead className="bg-navy-50 max-lg:sr-only">
              <tr>
                {[
                  "Reference",
                  "Kind",
                  "Name",
                  "E-mail",
                  "Service",
                  "Received",
                  "Owner",
                  "Reply due",
                  "Status",
                ].map((heading) => (
                  <th key={heading} scope="col" className="px-3 py-2 whitespace-nowrap">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {inbox.rows.map((row) => (
                <tr
                  key={row.reference}
                  className={
                    row.opened
                      ? "border-t border-navy-100 max-lg:flex max-lg:flex-wrap max-lg:gap-x-3 max-lg:px-2 max-lg:py-2"
                      : "border-t border-navy-100 bg-accent-100/40 font-bold shadow-[inset_4px_0_0_var(--color-accent-700)] max-lg:flex max-lg:flex-wrap max-lg:gap-x-3 max-lg:px-2 max-lg:py-2"
                  }
                >
                  <th
                    scope="row"
                    className="px-3 py-2 text-left whitespace-nowrap max-lg:w-full max-lg:px-1 max-lg:py-0.5"
                  >
                    <Link
                      to={leadPath(row.reference)}
                      className="font-mono text-accent-800 underline underline-offset-2"
                    >
                      {row.reference}
                    </Link>
                    {!row.opened && (
                      <span className="ml-2 rounded-full bg-navy-900 px-2 py-0.5 font-sans text-xs font-semibold text-white">
                        Unopened
                      </span>
                    )}
                  </th>
                  <td className={cellClass}>{row.kind === "enquiry" ? "Enquiry" : "Application"}</td>
                  <td className={cellClass}>{row.name}</td>
                  <td className={`${cellClass} max-lg:[overflow-wrap:anywhere]`}>{row.email}</td>
                  <td className={cellClass}>{row.serviceLabel}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    <time dateTime={row.received.iso}>{row.received.text}</time>
                  </td>
                  <td className={cellClass}>
                    <span className="lg:hidden">Owner: </span>
                    {row.ownerName ?? "Unassigned"}
                  </td>
                  <td className={cellClass}>
                    {row.due ? (
                      <span
                        className={
                          row.due.overdue
                            ? "font-bold whitespace-nowrap text-red-800"
                            : "font-semibold whitespace-nowrap text-navy-800"
                        }
                      >
                        {row.due.text}
                      </span>
                    ) : row.answeredAt !== null ? (
                      "Answered"
                    ) : null}
                  </td>
                  <td className={`${cellClass} max-lg:w-full`}>
                    <StatusBadge status={row.status} />
                    {row.spamNote && (
                      <span className="mt-1 block text-xs font-normal text-navy-700">{row.spamNote}</span>
                    )}
                    {row.notDelivered && (
                      <span className="mt-1 block text-xs font-bold text-red-800">
                        Not delivered: an e-mail to them bounced
                      </span>
                    )}
                    {row.interview && (
                      <span
                        className={
                          row.interview.tone === "urgent"
                            ? "mt-1 block text-xs font-bold text-red-800"
                            : row.interview.tone === "waiting"
                              ? "mt-1 block text-xs font-semibold text-navy-900"
                              : "mt-1 block text-xs font-normal text-navy-700"
                        }
                      >
                        {row.interview.text}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {inbox.pages > 1 && <Paging query={query} page={inbox.page} pages={inbox.pages} />}
    </section>
  );
}

/** How many submissions each spam layer caught in the last seven days, so staff can see what each stops. */
function SpamCaught({ counts }: { counts: Record<SpamSignal, number> }) {
  return (
    <section
      aria-labelledby="spam-caught-heading"
      className="rounded-xl bg-white p-4 text-sm ring-1 ring-navy-100"
    >
      <h2 id="spam-caught-heading" className="font-semibold">
        Spam caught in the last 7 days
      </h2>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
        {spamSignals.map((signal) => (
          <div key={signal} className="flex gap-2">
            <dt>{spamSignalLabels[signal]}</dt>
            <dd className="font-semibold tabular-nums">{counts[signal]}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-navy-700">
        Suspected leads stay in the inbox with a note; only the hidden trap field moves a lead to Spam.
      </p>
    </section>
  );
}

function Paging({ query, page, pages }: { query: InboxQuery; page: number; pages: number }) {
  const to = (n: number) => {
    const search = inboxQueryString({ ...query, page: n });
    return search ? `/staff?${search}` : "/staff";
  };
  const linkClass =
    "inline-flex min-h-10 items-center rounded-lg px-4 py-2 font-semibold ring-1 ring-navy-200 hover:bg-navy-50";
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center gap-3 text-sm">
      {page > 1 && (
        <Link to={to(Math.min(page - 1, pages))} rel="prev" className={linkClass}>
          Previous page
        </Link>
      )}
      <p>
        Page {page} of {pages}
      </p>
      {page < pages && (
        <Link to={to(page + 1)} rel="next" className={linkClass}>
          Next page
        </Link>
      )}
    </nav>
  );
}
