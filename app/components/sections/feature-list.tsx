import { Check } from "lucide-react";
import { cn } from "~/lib/cn";

/** What a card includes, one ticked line each: service cards, value cards and price levels share it. */
export function FeatureList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn("space-y-2", className)}>
      {items.map((feature) => (
        <li key={feature} className="flex gap-2 text-navy-800">
          <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-700" />
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}
