import { quoteHref } from "#core/forms/quote-href.ts";
import { ButtonLink } from "~/components/ui/button-link";
import type { TierItem } from "~/content/types";
import { cn } from "~/lib/cn";
import { tierPrice } from "~/lib/format";
import { FeatureList } from "./feature-list";

/**
 * Price levels side by side, each with a Select Package link to the contact form with the service
 * chosen and the package named in the message.
 */
export function Tiers({
  items,
  service,
  idPrefix = "",
}: {
  items: TierItem[];
  service: string;
  /** Before each tier's id, where the tiers are drawn twice on one page (a preview). */
  idPrefix?: string;
}) {
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {items.map((tier) => {
        const nameId = `${idPrefix}tier-${tier.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
        return (
          <li
            key={tier.name}
            className={cn(
              "flex flex-col rounded-2xl border bg-white p-8",
              tier.highlighted ? "border-accent-700 shadow-lg ring-1 ring-accent-700" : "border-navy-100",
            )}
          >
            <h3 id={nameId} className="text-xl font-semibold text-navy-900">
              {tier.name}
            </h3>
            <p className="mt-3 text-3xl font-bold tracking-tight text-navy-900">{tierPrice(tier)}</p>
            <p className="mt-3 text-navy-700">{tier.description}</p>
            <FeatureList items={tier.features} className="mt-6 flex-1" />
            <ButtonLink
              to={quoteHref(service, tier.name)}
              aria-describedby={nameId}
              variant={tier.highlighted ? "primary" : "secondary"}
              className="mt-8"
            >
              Select Package
            </ButtonLink>
          </li>
        );
      })}
    </ul>
  );
}
