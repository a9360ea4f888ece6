import { useId } from "react";
import { Link } from "react-router";
import { reportPeriods } from "#core/analytics/periods.ts";
import { formatLongDay, VisitsChart } from "~/components/staff/visits-chart";
import { cn } from "~/lib/cn";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/analytics";
import { loadAnalytics } from "./analytics.server";

export function meta() {
  return staffMeta("Analytics");
}

export async function loader(args: Route.LoaderArgs) {
  return loadAnalytics(args);
}

const deviceNames = { phone: "Phone", tablet: "Tablet", desktop: "Desktop" } as const;

/** A share in per cent, or "n/a" when there was nothing to take a share of. */
function rate(part: number, whole: number): string {
  if (whole === 0) return "n/a";
  return `${((part / whole) * 100).toFixed(1)}%`;
}

/** A time as staff say it: "45 min", "3.5 h", "2.1 days". */
function duration(ms: number | null): string {
  if (ms === null) return "n/a";
  const minutes = ms / 60_000;
  if (minutes < 60) return `${Math.max(1, Math.round(minutes))} min`;
  const hours = minutes / 60;
  if (hours < 48) return `${hours.toFixed(1)} h`;
  return `${(hours / 24).toFixed(1)} days`;
}

const cell = "px-3 py-2";
const number = "px-3 py-2 text-right tabular-nums";

/** One line of a table: its name, then a figure (or text) for each further column; or a note alone. */
type Row = { key: string; name: string; cells: (string | number)[]; note?: string };

/**
 * Figures as a table from a tablet's width up, and as a list of small cards on a phone, so nothing
 * ever scrolls sideways. Both carry the same words; only one is shown (and read) at a time.
 */
function Figures({
  caption,
  columns,
  textColumns = 1,
  rows,
  empty,
}: {
  caption: string;
  /** Column headings: the first names each row; the next `textColumns - 1` are text, the rest figures. */
  columns: string[];
  textColumns?: number;
  rows: Row[];
  empty: string;
}) {
  const captionId = useId();
  if (rows.length === 0) {
    return <p className="rounded-xl bg-white p-4 text-sm text-navy-700 ring-1 ring-navy-100">{empty}</p>;
  }
  return (
    <>
      <ul aria-label={caption} className="space-y-2 md:hidden">
        {rows.map((row) => (
          <li key={row.key} className="rounded-xl bg-white p-3 ring-1 ring-navy-100">
            <p className="font-semibold break-words">{row.name}</p>
            {row.note ? (
              <p className="text-sm text-navy-700">{row.note}</p>
            ) : (
              <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                {row.cells.map((value, index) => (
                  <div key={columns[index + 1]} className="flex min-w-0 flex-col">
                    <dt className="text-navy-700">{columns[index + 1]}</dt>
                    <dd className="font-semibold break-words tabular-nums">{value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        ))}
      </ul>
      {/* A wide table scrolls sideways in its own box, which takes focus so a keyboard can scroll it. */}
      <section
        aria-labelledby={captionId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
        tabIndex={0}
        className="hidden overflow-x-auto rounded-xl bg-white ring-1 ring-navy-100 md:block"
      >
        <table className="w-full text-left text-sm">
          <caption id={captionId} className="sr-only">
            {caption}
          </caption>
          <thead className="bg-navy-50">
            <tr>
              {columns.map((column, index) => (
                <th key={column} scope="col" className={index < textColumns ? cell : number}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.key}
                data-key={row.key}
                data-folded={row.note ? "" : undefined}
                className="border-t border-navy-100"
              >
                <th scope="row" className={cn(cell, "font-medium")}>
                  {row.name}
                </th>
                {row.note ? (
                  <td colSpan={columns.length - 1} className={cn(cell, "text-navy-700")}>
                    {row.note}
                  </td>
                ) : (
                  row.cells.map((value, index) => (
                    <td key={columns[index + 1]} className={index + 1 < textColumns ? cell : number}>
                      {value}
                    </td>
                  ))
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-3">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {intro ? <p className="max-w-3xl text-sm text-navy-700">{intro}</p> : null}
      {children}
    </section>
  );
}

type DayFigures = Route.ComponentProps["loaderData"]["report"]["days"][number];

/** The days to list: each day with something counted, and each run of empty days folded into one line. */
function dayRows(days: DayFigures[]): Row[] {
  const rows: Row[] = [];
  let run: DayFigures[] = [];
  const fold = () => {
    const first = run[0];
    const last = run[run.length - 1];
    if (first && last) {
      rows.push({
        key: `${first.day}..${last.day}`,
        name:
          run.length === 1
            ? formatLongDay(first.day)
            : `${formatLongDay(first.day)} to ${formatLongDay(last.day)}`,
        cells: [],
        note: run.length === 1 ? "Nothing counted" : `Nothing counted on these ${run.length} days`,
      });
    }
    run = [];
  };
  for (const day of days) {
    if (day.views + day.visitors + day.enquiries + day.applications === 0) {
      run.push(day);
      continue;
    }
    fold();
    rows.push({
      key: day.day,
      name: formatLongDay(day.day),
      cells: [day.visitors, day.views, day.enquiries, day.applications],
    });
  }
  fold();
  return rows;
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  const { totals, outcomes } = report;
  const noData = "Nothing counted in this period yet.";
  const noLeads = "No leads were received in this period.";
  const promise = `${report.promiseHours} hours`;
  const outcomeColumns = ["Enquiries", "Won", "Applications", "Hired"];
  const outcomeCells = (line: { enquiries: number; won: number; applications: number; hired: number }) => [
    line.enquiries,
    line.won,
    line.applications,
    line.hired,
  ];
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">Analytics</h1>
        <p className="max-w-3xl text-sm text-navy-700">
          Counted on our own server without cookies: each visitor once a day, by a daily code that cannot be
          traced back to them. Robots, the staff pages and visitors whose browser asks not to be tracked are
          not counted. Enquiries and applications are credited to the page they were sent from and the source
          of the visit: the site or campaign link it began from.
        </p>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Period">
          <ul className="flex flex-wrap gap-1">
            {reportPeriods.map((period) => (
              <li key={period}>
                <Link
                  to={`?days=${period}`}
                  aria-current={period === report.period ? "page" : undefined}
                  className={cn(
                    "block min-h-10 rounded-md px-3 py-2 text-sm font-semibold ring-1 ring-navy-200 hover:bg-navy-50",
                    period === report.period && "bg-navy-900 text-white ring-navy-900 hover:bg-navy-800",
                  )}
                >
                  Last {period} days
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <a
          href={`/staff/analytics.csv?days=${report.period}`}
          download
          className="inline-flex min-h-10 items-center rounded-md bg-accent-700 px-4 py-2 text-sm font-semibold text-white hover:bg-accent-800"
        >
          Export as CSV
        </a>
      </div>

      <p className="text-sm text-navy-700">
        {formatLongDay(report.from)} to {formatLongDay(report.to)}
      </p>

      <Section id="totals" title="Totals">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {[
            ["Visitors", totals.visitors],
            ["Visits", totals.visits],
            ["Page views", totals.views],
            ["Enquiries", totals.enquiries],
            ["Applications", totals.applications],
            ["Conversion rate", rate(totals.converted, totals.visits)],
          ].map(([label, value]) => (
            <div key={label} className="rounded-xl bg-white p-4 ring-1 ring-navy-100">
              <dt className="text-sm text-navy-700">{label}</dt>
              <dd className="text-2xl font-bold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="max-w-3xl text-sm text-navy-700">
          Conversion rate: the share of visits in which someone sent an enquiry or application. It counts each
          visit once, however many forms it sent, so it never passes 100%. Forms sent with JavaScript switched
          off are in the enquiry and application figures but not in the rate, as those visits cannot be
          counted.
        </p>
      </Section>

      <Section id="top-pages" title="Top pages">
        <Figures
          caption="Top pages by views: visitors, enquiries and applications sent from each, and the share of its visitors who sent one"
          columns={["Page", "Views", "Visitors", "Enquiries", "Applications", "Conversion rate"]}
          rows={report.pages.map((page) => ({
            key: page.page,
            name: page.name || "Not known",
            cells: [
              page.views,
              page.visitors,
              page.enquiries,
              page.applications,
              rate(page.converted, page.visitors),
            ],
          }))}
          empty={noData}
        />
      </Section>

      <Section id="top-sources" title="Top sources">
        <Figures
          caption="Top sources by views: the campaign source or referring website each visit began from"
          columns={["Source", "Views", "Visits", "Enquiries", "Applications", "Conversion rate"]}
          rows={report.sources.map((source) => ({
            key: source.source,
            name: source.source || "Direct or not known",
            cells: [
              source.views,
              source.visits,
              source.enquiries,
              source.applications,
              rate(source.converted, source.visits),
            ],
          }))}
          empty={noData}
        />
      </Section>

      <Section
        id="replies"
        title={`Answered within ${promise}`}
        intro={`Enquiries received in this period, by service. An enquiry is answered when a reply is sent from the workspace or its status moves on from New; spam is left out. The share counts only enquiries whose ${promise} are up or that were answered; the median is the time to the first answer.`}
      >
        <Figures
          caption={`Enquiries answered within ${promise}, by service`}
          columns={[
            "Service",
            "Received",
            `Within ${promise}`,
            "Late",
            "Overdue, not answered",
            "Waiting, not yet due",
            "Share within promise",
            "Median time to first answer",
          ]}
          rows={report.replies.map((line) => ({
            key: line.service ?? "\u0000all",
            name: line.label,
            cells: [
              line.received,
              line.answeredInTime,
              line.answeredLate,
              line.overdue,
              line.waiting,
              line.share === null ? "n/a" : `${(line.share * 100).toFixed(1)}%`,
              duration(line.medianMs),
            ],
          }))}
          empty={noLeads}
        />
      </Section>

      <Section
        id="outcomes"
        title="Clients and hires by source"
        intro="The leads received in this period (spam left out) and how many are now Won (enquiries) or Hired (applications), by the source, campaign and landing page of the visit each was sent in. A lead whose sender asked not to be tracked keeps no source."
      >
        <Figures
          caption="Leads won and hired by source"
          columns={["Source", ...outcomeColumns]}
          rows={outcomes.bySource.map((line) => ({
            key: line.key ?? "\u0000none",
            name: line.label,
            cells: outcomeCells(line),
          }))}
          empty={noLeads}
        />
        <h3 className="pt-2 font-bold">By campaign</h3>
        <Figures
          caption="Leads won and hired by campaign (source / medium / campaign)"
          columns={["Campaign", ...outcomeColumns]}
          rows={outcomes.byCampaign.map((line) => ({
            key: line.key ?? "",
            name: line.label,
            cells: outcomeCells(line),
          }))}
          empty="No leads came from tagged links in this period."
        />
        <h3 className="pt-2 font-bold">By landing page</h3>
        <Figures
          caption="Leads won and hired by the page their visit landed on"
          columns={["Landing page", ...outcomeColumns]}
          rows={outcomes.byPage.map((line) => ({
            key: line.key ?? "\u0000none",
            name: line.label,
            cells: outcomeCells(line),
          }))}
          empty={noLeads}
        />
      </Section>

      <Section id="per-day" title="Per day">
        <figure className="space-y-2 rounded-xl bg-white p-4 ring-1 ring-navy-100">
          <figcaption className="text-sm text-navy-700">
            Visitors, enquiries and applications each day, oldest on the left.
          </figcaption>
          <VisitsChart days={report.days} />
        </figure>
        <Figures
          caption="Visitors, page views, enquiries and applications per day"
          columns={["Day", "Visitors", "Page views", "Enquiries", "Applications"]}
          rows={dayRows(report.days)}
          empty={noData}
        />
      </Section>

      <div className="grid gap-8">
        <Section id="devices" title="Devices">
          <Figures
            caption="Visitors by device"
            columns={["Device", "Visitors", "Share"]}
            rows={report.devices.map((device) => ({
              key: device.device,
              name: deviceNames[device.device],
              cells: [device.visitors, rate(device.visitors, totals.visitors)],
            }))}
            empty={noData}
          />
        </Section>

        <Section id="campaigns" title="Campaigns">
          <Figures
            caption="Campaigns by views: the UTM tags of the links visits began from"
            columns={[
              "Source (utm_source)",
              "Medium",
              "Campaign",
              "Visits",
              "Conversions",
              "Conversion rate",
            ]}
            textColumns={3}
            rows={report.campaigns.map((campaign) => ({
              key: `${campaign.utmSource}\u0000${campaign.utmMedium}\u0000${campaign.utmCampaign}`,
              name: campaign.utmSource || "None",
              cells: [
                campaign.utmMedium || "None",
                campaign.utmCampaign || "None",
                campaign.visits,
                campaign.conversions,
                rate(campaign.converted, campaign.visits),
              ],
            }))}
            empty="No tagged links were followed in this period."
          />
        </Section>
      </div>
    </div>
  );
}
