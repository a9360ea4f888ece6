import { BedDouble, Forklift, Megaphone, ShieldCheck, Sparkles } from "lucide-react";
import { type ServiceEntry, type ServiceKey, serviceList, servicePath } from "#core/config/service-list.ts";
import type { ServiceSummary } from "../types";

const entries = Object.fromEntries(serviceList.map((service) => [service.key, service])) as Record<
  ServiceKey,
  ServiceEntry
>;

/** A card's title and link, from the one list of services. */
function listed(key: ServiceKey): Pick<ServiceSummary, "title" | "href"> {
  return { title: entries[key].name, href: servicePath(entries[key]) };
}

/**
 * The five services as their cards show them, in the order the site presents them, without their
 * pictures (the home page adds those; each service page carries only its own). Kept apart from the
 * service pages' content so the home and about pages, which show only the cards, do not download
 * every page's copy. Each card's features are the titles of its page's service cards (a unit test
 * holds the two together).
 */
export const serviceCards = {
  cleaning: {
    ...listed("cleaning"),
    description:
      "Offices, washrooms and commercial spaces kept spotless by a regular team of trained cleaners.",
    features: ["Office Cleaning", "Deep Cleaning", "Washroom Hygiene", "Specialist Cleaning"],
    icon: Sparkles,
    gradient: "from-sky-700 to-blue-900",
  },
  securityOfficers: {
    ...listed("securityOfficers"),
    description: "SIA-licensed officers for offices, retail, construction sites and events, day and night.",
    features: [
      "Manned Guarding",
      "Concierge Security",
      "Mobile Patrols",
      "Key Holding and Alarm Response",
      "Event Security",
      "Retail Loss Prevention",
    ],
    icon: ShieldCheck,
    gradient: "from-slate-700 to-slate-900",
  },
  housekeeping: {
    ...listed("housekeeping"),
    description: "Reliable housekeepers for hotels, serviced apartments, care homes and private residences.",
    features: [
      "Room Attendants",
      "Public Area Cleaners",
      "Laundry and Linen Staff",
      "Residential Housekeepers",
      "Apartment Turnarounds",
      "Housekeeping Supervisors",
    ],
    icon: BedDouble,
    gradient: "from-plum-600 to-plum-900",
  },
  warehouse: {
    ...listed("warehouse"),
    description: "Pickers, packers, forklift drivers and team leaders for distribution and logistics sites.",
    features: [
      "Pickers and Packers",
      "Forklift Drivers",
      "Goods-In and Dispatch",
      "Stock Controllers",
      "Loading Bay Operatives",
      "Team Leaders",
    ],
    icon: Forklift,
    gradient: "from-amber-700 to-orange-900",
  },
  steward: {
    ...listed("steward"),
    description: "Trained stewards for sport, concerts, festivals, conferences and corporate events.",
    features: [
      "Crowd Management",
      "Ticketing and Entry",
      "Hospitality Stewards",
      "Car Park Marshals",
      "Information Points",
      "Accessibility Stewards",
    ],
    icon: Megaphone,
    gradient: "from-wine-600 to-wine-900",
  },
} satisfies Record<ServiceKey, ServiceSummary>;

/** The cards in the order the site presents them. */
export const serviceCardList: ServiceSummary[] = serviceList.map((service) => serviceCards[service.key]);
