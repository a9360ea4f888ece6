import { cn } from "~/lib/cn";

/** One day of the chart: what the per-day table shows too. */
export type ChartDay = { day: string; visitors: number; enquiries: number; applications: number };

type Series = "visitors" | "enquiries" | "applications";

const series: { key: Series; label: string; one: string; bar: string }[] = [
  { key: "visitors", label: "Visitors", one: "visitor", bar: "fill-navy-700" },
  { key: "enquiries", label: "Enquiries", one: "enquiry", bar: "fill-accent-700" },
  { key: "applications", label: "Applications", one: "application", bar: "fill-amber-700" },
];

const shortDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const longDate = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** A YYYY-MM-DD day (already a Europe/London date) as a Date at its UTC midnight, for formatting. */
function dateOf(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** "12 Nov" */
export function formatShortDay(day: string): string {
  return shortDate.format(dateOf(day));
}

/** "Wed 12 Nov 2026" */
export function formatLongDay(day: string): string {
  return longDate.format(dateOf(day));
}

function plural(count: number, one: string): string {
  if (count === 1) return `1 ${one}`;
  return `${count} ${one === "enquiry" ? "enquiries" : `${one}s`}`;
}

// Each bar sits in a slot 10 units wide; the strip is 60 units tall and stretched to the figure's width.
const slot = 10;
const height = 60;

/**
 * Visitors, enquiries and applications per day, drawn on the server as three bar strips sharing one
 * time axis (each with its own scale, so a handful of enquiries is not flattened by hundreds of
 * visitors). Plain SVG: no script, nothing to load. Each strip is an image with a name and a
 * description; the table after the chart carries the same figures.
 */
export function VisitsChart({ days, className }: { days: ChartDay[]; className?: string }) {
  const first = days[0]?.day ?? "";
  const last = days[days.length - 1]?.day ?? "";
  const width = Math.max(days.length, 1) * slot;
  return (
    <div className={cn("space-y-4", className)}>
      {series.map(({ key, label, one, bar }) => {
        const values = days.map((day) => day[key]);
        const total = values.reduce((sum, value) => sum + value, 0);
        const most = Math.max(0, ...values);
        const scale = most > 0 ? (height - 2) / most : 0;
        const titleId = `chart-${key}-title`;
        const descId = `chart-${key}-desc`;
        return (
          <div key={key}>
            <p className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-semibold">{label}</span>
              <span className="text-navy-700">
                {plural(total, one)} in all · most in a day: {most}
              </span>
            </p>
            <svg
              role="img"
              aria-labelledby={titleId}
              aria-describedby={descId}
              data-series={key}
              viewBox={`0 0 ${width} ${height}`}
              preserveAspectRatio="none"
              className="mt-1 block h-16 w-full rounded-sm bg-navy-50"
            >
              <title id={titleId}>{`${label} per day`}</title>
              <desc id={descId}>
                {`${plural(total, one)} from ${formatLongDay(first)} to ${formatLongDay(last)}; most in a day: ${most}. The table below gives each day's figure.`}
              </desc>
              {days.map((day, index) => {
                const value = day[key];
                const barHeight = value * scale;
                return (
                  <rect
                    key={day.day}
                    data-day={day.day}
                    data-value={value}
                    x={index * slot + 1.5}
                    y={height - barHeight}
                    width={slot - 3}
                    height={barHeight}
                    className={bar}
                  >
                    <title>{`${formatShortDay(day.day)}: ${plural(value, one)}`}</title>
                  </rect>
                );
              })}
            </svg>
          </div>
        );
      })}
      <p className="flex justify-between text-xs text-navy-700" aria-hidden="true">
        <span>{first && formatShortDay(first)}</span>
        <span>{last && formatShortDay(last)}</span>
      </p>
    </div>
  );
}
