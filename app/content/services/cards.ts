import { BedDouble, Forklift, Megaphone, ShieldCheck, Sparkles } from "lucide-react";
import { type ServiceEntry, type ServiceKey, serviceList, servicePath } from "#core/config/service-list.ts";
import type { ServicePages } from "#core/content/service-pages.ts";
import { shippedServicePages } from "#core/content/service-words.ts";
import type { ServiceSummary } from "../types";

const entries = Object.fromEntries(serviceList.map((service) => [service.key, service])) as Record<
  ServiceKey,
  ServiceEntry
>;

/** A card's title and link, from the one list of services; its words, as the service's page shipped them. */
function listed(key: ServiceKey): Pick<ServiceSummary, "title" | "href" | "description" | "features"> {
  const { text, features } = shippedServicePages[key].card;
  return { title: entries[key].name, href: servicePath(entries[key]), description: text, features };
}

/**
 * The five services as their cards show them, in the order the site presents them, without their
 * pictures (the home page adds those; each service page carries only its own). The description and
 * features are the words the service's page shipped with (core/content/service-words.ts); the pages
 * draw the published ones (`withPublishedWords`). Each card's shipped features are the titles of its
 * page's service cards (a unit test holds the two together).
 */
export const serviceCards = {
  cleaning: {
    ...listed("cleaning"),
    icon: Sparkles,
    gradient: "from-sky-700 to-blue-900",
  },
  securityOfficers: {
    ...listed("securityOfficers"),
    icon: ShieldCheck,
    gradient: "from-slate-700 to-slate-900",
  },
  housekeeping: {
    ...listed("housekeeping"),
    icon: BedDouble,
    gradient: "from-plum-600 to-plum-900",
  },
  warehouse: {
    ...listed("warehouse"),
    icon: Forklift,
    gradient: "from-amber-700 to-orange-900",
  },
  steward: {
    ...listed("steward"),
    icon: Megaphone,
    gradient: "from-wine-600 to-wine-900",
  },
} satisfies Record<ServiceKey, ServiceSummary>;

/** The cards in the order the site presents them. */
export const serviceCardList: ServiceSummary[] = serviceList.map((service) => serviceCards[service.key]);

/** Cards with the words the service pages' published versions give them (Site content). */
export function withPublishedWords<Card extends ServiceSummary>(
  cards: readonly Card[],
  pages: ServicePages,
): Card[] {
  return cards.map((card) => {
    const key = serviceList.find((service) => servicePath(service) === card.href)?.key;
    const words = key ? pages[key].card : undefined;
    return words ? { ...card, description: words.text, features: words.features } : card;
  });
}
