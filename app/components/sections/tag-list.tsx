import { Check, CircleCheck } from "lucide-react";
import { cn } from "~/lib/cn";

/**
 * A list of short items: `tags` as compact tiles (industries, sectors, event types),
 * `checklist` as ticked lines (compliance, skills, training).
 */
export function TagList({ items, variant = "tags" }: { items: string[]; variant?: "tags" | "checklist" }) {
  if (variant === "checklist") {
    return (
      <ul className="mx-auto grid max-w-4xl gap-x-10 gap-y-4 sm:grid-cols-2">
        {items.map((item) => (
          <li key={item} className="flex gap-3 text-lg text-navy-800">
            <CircleCheck aria-hidden="true" className="mt-1 size-5 shrink-0 text-accent-700" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul
      className={cn(
        "grid gap-4 sm:grid-cols-2",
        items.length % 4 === 0 ? "lg:grid-cols-4" : "lg:grid-cols-3",
      )}
    >
      {items.map((item) => (
        <li
          key={item}
          className="flex items-center gap-3 rounded-xl border border-navy-100 bg-white px-5 py-4 font-medium text-navy-900"
        >
          <Check aria-hidden="true" className="size-5 shrink-0 text-accent-700" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
