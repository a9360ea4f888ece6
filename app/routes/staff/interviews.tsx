import { Link } from "react-router";
import { leadPath } from "#core/staff/paths.ts";
import { cn } from "~/lib/cn";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/interviews";
import { loadInterviews, type Whose } from "./interviews.server";

export function meta() {
  return staffMeta("Interviews");
}

// The rules live in interviews.server.ts, which React Router keeps out of the browser's bundle.
export async function loader(args: Route.LoaderArgs) {
  return loadInterviews(args);
}

type Listed = Route.ComponentProps["loaderData"]["today"][number];

export default function InterviewsPage({ loaderData }: Route.ComponentProps) {
  const { whose, today, thisWeek, nextWeek } = loaderData;
  const yours = whose === "mine";
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Interviews</h1>
      <WhoseChoice whose={whose} />
      <p className="max-w-3xl text-navy-800">
        {yours
          ? "The interviews you booked, and those for applications you own, in UK time."
          : "Every interview the team has booked, in UK time."}{" "}
        Invite, move or cancel one from the application's page.
      </p>
      <Day
        id="today"
        title={`Today, ${loaderData.todayName}`}
        rows={today}
        empty={yours ? "You have no interviews today." : "No interviews today."}
      />
      <Day
        id="this-week"
        title="Later this week"
        rows={thisWeek}
        empty={yours ? "You have none later this week." : "None later this week."}
      />
      <Day
        id="next-week"
        title="Next week"
        rows={nextWeek}
        empty={yours ? "You have none next week." : "None booked for next week yet."}
      />
    </div>
  );
}

/** Everyone's interviews or one's own: two links, so the choice lives in the address and needs no script. */
function WhoseChoice({ whose }: { whose: Whose }) {
  const choices: { value: Whose; label: string; to: string }[] = [
    { value: "everyone", label: "Everyone", to: "/staff/interviews" },
    { value: "mine", label: "Mine", to: "/staff/interviews?who=mine" },
  ];
  return (
    <nav aria-label="Whose interviews">
      <ul className="flex gap-2 text-sm">
        {choices.map((choice) => (
          <li key={choice.value}>
            <Link
              to={choice.to}
              aria-current={whose === choice.value ? "true" : undefined}
              className={cn(
                "inline-flex min-h-10 items-center rounded-full px-4 py-1.5 font-semibold",
                whose === choice.value
                  ? "bg-navy-900 text-white"
                  : "bg-white text-navy-900 ring-1 ring-navy-200 hover:bg-navy-50",
              )}
            >
              {choice.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Day({ id, title, rows, empty }: { id: string; title: string; rows: Listed[]; empty: string }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-2">
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-navy-700">{empty}</p>
      ) : (
        <ol className="divide-y divide-navy-100 rounded-xl bg-white ring-1 ring-navy-100">
          {rows.map((row) => (
            <Row key={row.uid} row={row} />
          ))}
        </ol>
      )}
    </section>
  );
}

function Row({ row }: { row: Listed }) {
  return (
    <li className="grid gap-x-4 gap-y-1 p-3 sm:grid-cols-[9rem_1fr]">
      <p className="font-semibold tabular-nums">
        <time dateTime={row.iso}>
          {row.day}, {row.time}
        </time>
      </p>
      <div className="min-w-0 space-y-0.5">
        <p>
          <Link to={leadPath(row.reference)} className="font-semibold text-accent-800 underline">
            {row.applicant}
          </Link>{" "}
          <span className="font-mono text-sm text-navy-700">{row.reference}</span>
          {row.vacancy && <span className="text-navy-800">, for {row.vacancy}</span>}
        </p>
        <p className="text-sm text-navy-800">
          {capitalised(row.where)}, with {row.meetWith}
          {row.bookedBy && <span className="text-navy-700"> · booked by {row.bookedBy}</span>}
        </p>
        <p
          className={cn(
            "text-sm [overflow-wrap:anywhere]",
            row.answer === "another-time"
              ? "font-bold text-red-800"
              : row.answer === "attending"
                ? "font-semibold text-green-900"
                : "text-navy-700",
          )}
        >
          Answer: {row.answerText}
        </p>
        {row.notDelivered && (
          <p className="text-sm font-bold text-red-800 [overflow-wrap:anywhere]">
            Invitation not delivered: {row.notDelivered}
          </p>
        )}
      </div>
    </li>
  );
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
