import { CircleAlert, CircleCheck } from "lucide-react";
import type { HealthCheck } from "#core/staff/health.ts";
import { cn } from "~/lib/cn";
import { staffMeta } from "~/lib/staff/meta";
import type { Route } from "./+types/health";
import { loadHealth } from "./health.server";

export function meta() {
  return staffMeta("Health");
}

// Who may see it, and what the site reads of itself, live in health.server.ts, out of the browser.
export async function loader(args: Route.LoaderArgs) {
  return loadHealth(args);
}

/** The page's first line: all is well, or how many checks need someone. */
function summary(checks: HealthCheck[]): string {
  const attention = checks.filter((check) => check.state === "attention").length;
  if (attention === 0) return "Everything the site can check is fine.";
  return attention === 1 ? "1 thing needs someone today." : `${attention} things need someone today.`;
}

function Check({ check }: { check: HealthCheck }) {
  const fine = check.state === "fine";
  const Icon = fine ? CircleCheck : CircleAlert;
  return (
    <li
      aria-labelledby={`check-${check.key}`}
      data-state={check.state}
      className={cn(
        "rounded-xl bg-white p-4 ring-1",
        fine ? "ring-navy-100" : "border-l-4 border-red-700 ring-red-200",
      )}
    >
      <h2 id={`check-${check.key}`} className="flex items-center gap-2 text-lg font-bold">
        <Icon
          aria-hidden="true"
          className={cn("size-5 shrink-0", fine ? "text-accent-700" : "text-red-700")}
        />
        {check.name}
      </h2>
      <p className={cn("mt-1 font-semibold", fine ? "text-accent-800" : "text-red-800")}>
        {fine ? "Fine" : "Needs someone today"}
      </p>
      <p className="mt-1">{check.says}</p>
      {check.todo ? <p className="mt-1 text-navy-700">{check.todo}</p> : null}
    </li>
  );
}

export default function Health({ loaderData }: Route.ComponentProps) {
  const { checks } = loaderData;
  return (
    <div className="max-w-3xl space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">Health</h1>
        <p className="text-lg font-semibold">{summary(checks)}</p>
        <p className="text-sm text-navy-700">
          What the site can tell of itself now: the backups, the e-mail it sends, the forms, the deletion of
          old personal data and its disk. The forms' errors are those counted by the server process that drew
          this page. The monitoring machine, where there is one, watches the rest (the site as visitors reach
          it, its certificate, the database machines) and e-mails whoever looks after the server.
        </p>
      </div>
      <ul aria-label="Checks" className="space-y-3">
        {checks.map((check) => (
          <Check key={check.key} check={check} />
        ))}
      </ul>
    </div>
  );
}
