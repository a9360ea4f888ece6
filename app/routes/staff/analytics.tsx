import { useId } from "react";
import { Link } from "react-router";
import { formatLongDay, VisitsChart } from "~/components/staff/visits-chart";
import { defaultPeriod, periodFrom, reportPeriods } from "~/lib/analytics-periods";
import { cn } from "~/lib/cn";
import { requireStaff } from "~/lib/staff/session.server";
import type { Route } from "./+types/analytics";

export function meta() {
  return [{ title: "Analytics · Staff workspace" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { analytics } = await requireStaff(request, context);
  const period = periodFrom(new URL(request.url).searchParams.get("days")) ?? defaultPeriod;
  return { report: await analytics.report(period) };
}

const deviceNames = { phone: "Phone", tablet: "Tablet", desktop: "Desktop" } as const;

/** Conversions as a share of visitors, or "n/a" when there were no visitors to convert. */
function rate(conversions: number, visitors: number): string {
  if (visitors === 0) return "n/a";
  return `${((conversions / visitors) * 100).toFixed(1)}%`;
}

const cell = "px-3 py-2";
const number = "px-3 py-2 text-right tabular-nums";

function Table({
  caption,
  columns,
  textColumns = 1,
  rows,
  empty,
}: {
  caption: string;
  /** Column headings: the first `textColumns` are text, the rest are figures. */
  columns: string[];
  textColumns?: number;
  rows: { key: string; cells: (string | number)[] }[];
  empty: string;
}) {
  const captionId = useId();
  return (
    // On a narrow screen the table scrolls sideways: the box is a named region that takes focus, so a
    // keyboard can scroll it (the inclusive pattern for wide tables).
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
      tabIndex={0}
      className="overflow-x-auto rounded-xl bg-white ring-1 ring-navy-100"
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
          {rows.length === 0 ? (
            <tr className="border-t border-navy-100">
              <td colSpan={columns.length} className={cn(cell, "text-navy-700")}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key} className="border-t border-navy-100">
                {row.cells.map((value, index) =>
                  index === 0 ? (
                    <th
                      key={columns[index]}
                      scope="row"
                      className={cn(cell, "font-medium whitespace-nowrap")}
                    >
                      {value}
                    </th>
                  ) : (
                    <td key={columns[index]} className={index < textColumns ? cell : number}>
                      {value}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  const { totals } = report;
  const conversions = totals.enquiries + totals.applications;
  const noData = "Nothing counted in this period yet.";
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">Analytics</h1>
        <p className="max-w-3xl text-sm text-navy-700">
          Counted on our own server without cookies: each visitor once a day, by a daily code that cannot be
          traced back to them. Robots, the staff pages and visitors whose browser asks not to be tracked are
          not counted. Enquiries and applications are credited to the page they were sent from and the source
          the visitor arrived from that day. Visitors with JavaScript switched off are not counted, though
          their enquiries are, so a conversion rate can pass 100%.
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

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {[
          ["Visitors", totals.visitors],
          ["Page views", totals.views],
          ["Enquiries", totals.enquiries],
          ["Applications", totals.applications],
          ["Conversion rate", rate(conversions, totals.visitors)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl bg-white p-4 ring-1 ring-navy-100">
            <dt className="text-sm text-navy-700">{label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>

      <Section id="per-day" title="Per day">
        <figure className="space-y-2 rounded-xl bg-white p-4 ring-1 ring-navy-100">
          <figcaption className="text-sm text-navy-700">
            Visitors, enquiries and applications each day, oldest on the left.
          </figcaption>
          <VisitsChart days={report.days} />
        </figure>
        <Table
          caption="Visitors, page views, enquiries and applications per day"
          columns={["Day", "Visitors", "Page views", "Enquiries", "Applications"]}
          rows={report.days.map((day) => ({
            key: day.day,
            cells: [formatLongDay(day.day), day.visitors, day.views, day.enquiries, day.applications],
          }))}
          empty={noData}
        />
      </Section>

      <Section id="top-pages" title="Top pages">
        <Table
          caption="Top pages: views, visitors, enquiries and applications sent from each, and conversion rate"
          columns={["Page", "Views", "Visitors", "Enquiries", "Applications", "Conversion rate"]}
          rows={report.pages.map((page) => ({
            key: page.page,
            cells: [
              page.page || "Not known",
              page.views,
              page.visitors,
              page.enquiries,
              page.applications,
              rate(page.conversions, page.visitors),
            ],
          }))}
          empty={noData}
        />
      </Section>

      <div className="grid gap-8 lg:grid-cols-2">
        <Section id="top-sources" title="Top sources">
          <Table
            caption="Top sources: the campaign source or referring website visitors arrived from"
            columns={["Source", "Visitors", "Enquiries", "Applications", "Conversion rate"]}
            rows={report.sources.map((source) => ({
              key: source.source,
              cells: [
                source.source || "Direct or not known",
                source.visitors,
                source.enquiries,
                source.applications,
                rate(source.conversions, source.visitors),
              ],
            }))}
            empty={noData}
          />
        </Section>

        <Section id="devices" title="Devices">
          <Table
            caption="Visitors by device"
            columns={["Device", "Visitors", "Share"]}
            rows={report.devices.map((device) => ({
              key: device.device,
              cells: [deviceNames[device.device], device.visitors, rate(device.visitors, totals.visitors)],
            }))}
            empty={noData}
          />
        </Section>
      </div>

      <Section id="campaigns" title="Campaigns">
        <Table
          caption="Campaigns: the UTM tags of the links visitors arrived by"
          columns={[
            "Source (utm_source)",
            "Medium",
            "Campaign",
            "Visitors",
            "Conversions",
            "Conversion rate",
          ]}
          textColumns={3}
          rows={report.campaigns.map((campaign) => ({
            key: `${campaign.utmSource}\u0000${campaign.utmMedium}\u0000${campaign.utmCampaign}`,
            cells: [
              campaign.utmSource || "None",
              campaign.utmMedium || "None",
              campaign.utmCampaign || "None",
              campaign.visitors,
              campaign.conversions,
              rate(campaign.conversions, campaign.visitors),
            ],
          }))}
          empty="No tagged links were followed in this period."
        />
      </Section>
    </div>
  );
}
