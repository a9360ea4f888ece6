import type { ValueItem } from "~/content/types";
import { cn } from "~/lib/cn";
import { FeatureList } from "./feature-list";

const columnClasses = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
} as const;

/**
 * Cards with an icon, a title, a description and optional bullet points. Each card is a subgrid of the
 * list's rows, so in a row of cards a title on two lines moves every description down with it and they
 * all start on one line.
 */
export function ValueGrid({ items, columns = 3 }: { items: ValueItem[]; columns?: 2 | 3 | 4 }) {
  const withFeatures = items.some((item) => item.features && item.features.length > 0);
  return (
    <ul className={cn("grid gap-6", columnClasses[columns])}>
      {items.map((item) => {
        const Icon = item.icon;
        return (
          <li
            key={item.title}
            className={cn(
              "grid grid-rows-subgrid content-start gap-y-0 rounded-2xl border border-navy-100 bg-white p-6 shadow-sm sm:p-8",
              withFeatures ? "row-span-4" : "row-span-3",
            )}
          >
            <span className="inline-flex size-12 items-center justify-center rounded-xl bg-navy-50 text-accent-700">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h3 className="mt-5 text-xl font-semibold text-navy-900">{item.title}</h3>
            <p className="mt-2 text-navy-700">{item.description}</p>
            {item.features && item.features.length > 0 && (
              <FeatureList items={item.features} className="mt-4" />
            )}
          </li>
        );
      })}
    </ul>
  );
}
