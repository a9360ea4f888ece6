import type { StepItem } from "~/content/types";
import { cn } from "~/lib/cn";

/** A numbered process, in order. */
export function Steps({ items }: { items: StepItem[] }) {
  return (
    <ol
      className={cn(
        "grid gap-6 sm:grid-cols-2",
        items.length === 5 ? "lg:grid-cols-5" : items.length === 3 ? "lg:grid-cols-3" : "lg:grid-cols-4",
      )}
    >
      {items.map((step, index) => (
        <li key={step.title} className="rounded-2xl border border-navy-100 bg-white p-6">
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
