import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { site } from "#core/config/site.ts";
import { ArtworkImage } from "~/components/ui/artwork-image";
import type { ServiceCard, ServiceSummary } from "~/content/types";
import { cn } from "~/lib/cn";
import { visibleFeatures } from "~/lib/format";
import { FeatureList } from "./feature-list";

/** A service's icon on its own gradient, as both forms of the service cards show it. */
function ServiceIcon({ card, className }: { card: ServiceSummary; className?: string }) {
  const Icon = card.icon;
  return (
    <span
      className={cn(
        "inline-flex size-12 items-center justify-center rounded-xl bg-linear-to-br text-white",
        card.gradient,
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-6" />
    </span>
  );
}

/**
 * The five service cards: image on the service's gradient, up to the configured number of bullets,
 * "+N more services" for the rest and a Learn More link. Three sit in a row on wide screens and
 * the last two are centred below; phones get one column.
 */
export function ServiceCards({ cards }: { cards: ServiceCard[] }) {
  return (
    <ul className="flex flex-wrap justify-center gap-8">
      {cards.map((card) => {
        const { shown, more } = visibleFeatures(card.features, site.limits.cardFeatureBullets);
        return (
          <li
            key={card.href}
            className="flex w-full flex-col overflow-hidden rounded-2xl border border-navy-100 bg-white shadow-sm md:w-[calc(50%-1rem)] lg:w-[calc((100%-4rem)/3)]"
          >
            <div className={cn("bg-linear-to-br", card.gradient)}>
              <ArtworkImage image={card.image} className="aspect-4/3 object-cover" />
            </div>
            <div className="flex flex-1 flex-col p-6">
              <ServiceIcon card={card} className="-mt-12 shadow-md ring-4 ring-white" />
              <h3 className="mt-4 text-xl font-semibold text-navy-900">{card.title}</h3>
              <p className="mt-2 text-navy-700">{card.description}</p>
              <FeatureList items={shown} className="mt-4" />
              {more > 0 && (
                <p className="mt-2 pl-7 text-sm font-medium text-navy-700">+{more} more services</p>
              )}
              <Link
                to={card.href}
                className="mt-auto inline-flex items-center gap-2 self-start pt-6 font-semibold text-accent-700 hover:text-accent-800 hover:underline"
              >
                {/* The card's title completes the link's text, so each link says where it goes. */}
                Learn More<span className="sr-only"> about {card.title}</span>
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The five services as compact links (About's What We Do): icon, title and description, no picture. */
export function ServiceLinks({ cards }: { cards: ServiceSummary[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      {cards.map((card) => (
        // Subgrids of the list's rows, so titles on two lines keep the descriptions in line.
        <li key={card.href} className="row-span-4 grid grid-rows-subgrid gap-y-0">
          <Link
            to={card.href}
            className="group row-span-4 grid grid-rows-subgrid gap-y-0 rounded-2xl border border-navy-100 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
          >
            <ServiceIcon card={card} />
            <span className="mt-4 text-lg font-semibold text-navy-900 group-hover:underline">
              {card.title}
            </span>
            <span className="mt-2 text-navy-700">{card.description}</span>
            <ArrowRight aria-hidden="true" className="mt-4 size-5 text-accent-700" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
