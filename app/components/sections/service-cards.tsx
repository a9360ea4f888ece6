import { ArrowRight, Check } from "lucide-react";
import { Link } from "react-router";
import { ArtworkImage } from "~/components/ui/artwork-image";
import { site } from "~/content/site";
import type { ServiceCard } from "~/content/types";
import { cn } from "~/lib/cn";
import { visibleFeatures } from "~/lib/format";

/**
 * The five service cards: image on the service's gradient, up to the configured number of bullets,
 * "+N more services" for the rest and a Learn More link. Three sit in a row on wide screens and
 * the last two are centred below; phones get one column.
 */
export function ServiceCards({ cards }: { cards: ServiceCard[] }) {
  return (
    <ul className="flex flex-wrap justify-center gap-8">
      {cards.map((card) => {
        const Icon = card.icon;
        const { shown, more } = visibleFeatures(card.features, site.limits.cardFeatureBullets);
        const titleId = `card-${card.href.split("/").pop()}`;
        return (
          <li
            key={card.href}
            className="flex w-full flex-col overflow-hidden rounded-2xl border border-navy-100 bg-white shadow-sm md:w-[calc(50%-1rem)] lg:w-[calc((100%-4rem)/3)]"
          >
            <div className={cn("bg-linear-to-br", card.gradient)}>
              <ArtworkImage image={card.image} className="aspect-4/3 object-cover" />
            </div>
            <div className="flex flex-1 flex-col p-6">
              <span
                className={cn(
                  "-mt-12 inline-flex size-12 items-center justify-center rounded-xl bg-linear-to-br text-white shadow-md ring-4 ring-white",
                  card.gradient,
                )}
              >
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 id={titleId} className="mt-4 text-xl font-semibold text-navy-900">
                {card.title}
              </h3>
              <p className="mt-2 text-navy-700">{card.description}</p>
              <ul className="mt-4 space-y-2">
                {shown.map((feature) => (
                  <li key={feature} className="flex gap-2 text-navy-800">
                    <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-700" />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
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
