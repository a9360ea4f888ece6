import type { StatItem } from "~/content/types";
import { cn } from "~/lib/cn";

/** Figures with their labels, on a navy band. The space between them keeps "100% Client Satisfaction" readable as one phrase. */
export function Stats({ items, className }: { items: StatItem[]; className?: string }) {
  return (
    <ul className={cn("grid gap-6", items.length === 2 ? "sm:grid-cols-2" : "sm:grid-cols-3", className)}>
      {items.map((stat) => (
        <li key={stat.label} className="rounded-2xl bg-navy-900 px-6 py-8 text-center text-white">
          <p>
            <span className="block text-4xl font-extrabold tracking-tight sm:text-5xl">{stat.number}</span>{" "}
            <span className="mt-2 block text-navy-100">{stat.label}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
