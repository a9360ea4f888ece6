import type { StepItem } from "~/content/types";
import { cn } from "~/lib/cn";

/** A numbered process, in order, its titles and descriptions lined up across each row. */
export function Steps({ items }: { items: StepItem[] }) {
  return (
    <ol
      className={cn(
        "grid gap-6 sm:grid-cols-2",
        items.length === 5 ? "lg:grid-cols-5" : items.length === 3 ? "lg:grid-cols-3" : "lg:grid-cols-4",
      )}
    >
      {items.map((step, index) => (
        // A subgrid of the list's rows: a two-line title moves its row's descriptions down together.
        <li
          key={step.title}
          className="row-span-3 grid grid-rows-subgrid gap-y-0 rounded-2xl border border-navy-100 bg-white p-6"
        >
          <span
            aria-hidden="true"
            className="inline-flex size-10 items-center justify-center rounded-full bg-navy-900 font-bold text-white"
          >
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-navy-900">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-navy-700">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}
