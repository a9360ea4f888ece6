import {
  Accessibility,
  Car,
  CircleHelp,
  HandHeart,
  Megaphone,
  ShieldCheck,
  Ticket,
  Users,
  UtensilsCrossed,
} from "lucide-react";
import { site } from "#core/config/site.ts";
import picture from "~/assets/artwork/steward.svg?raw";
import { svgArtwork } from "~/lib/inline-svg";
import type { ServicePageContent, TierItem, ValueItem } from "../types";
import { serviceCards } from "./cards";

const roles: ValueItem[] = [
  {
    icon: Users,
    title: "Crowd Management",
    description: "Stewards who keep people moving safely at entrances, concourses, stands and exits.",
  },
  {
    icon: Ticket,
    title: "Ticketing and Entry",
    description: "Friendly, quick staff for ticket scanning, wristbands and bag checks at the gate.",
  },
  {
    icon: UtensilsCrossed,
    title: "Hospitality Stewards",
    description: "Polished hosts for boxes, lounges and VIP areas who look after your guests all day.",
  },
  {
    icon: Car,
    title: "Car Park Marshals",
    description:
      "Marshals in high-visibility kit who park cars safely and clear the site quickly afterwards.",
  },
  {
    icon: CircleHelp,
    title: "Information Points",
    description: "Well-briefed stewards who answer questions, give directions and reunite lost children.",
  },
  {
    icon: Accessibility,
    title: "Accessibility Stewards",
    description:
      "Stewards trained to help disabled visitors with access routes, viewing areas and facilities.",
  },
];

/** The three service levels; their prices come from the site configuration. */
function tiers(): TierItem[] {
  const [essential, professionalPlus, premium] = site.stewardTiers;
  const details = [
    {
      description: "Trained stewards for smaller events with a straightforward plan.",
      features: ["Uniformed, briefed stewards", "Crowd safety trained", "Booking confirmed within a day"],
    },
    {
      description: "Experienced teams with supervision for busy venues and regular fixtures.",
      features: [
        "Everything in Essential",
        "A dedicated supervisor on site",
        "Radio-equipped team",
        "Post-event report",
      ],
      highlighted: true,
    },
    {
      description: "A fully managed stewarding operation for festivals, stadiums and large events.",
      features: [
        "Everything in Professional Plus",
        "Event control staffing",
        "Input to your safety plan",
        "A named account manager",
      ],
    },
  ];
  return [essential, professionalPlus, premium].flatMap((tier, index) => {
    const detail = details[index];
    return tier && detail ? [{ ...tier, ...detail }] : [];
  });
}

export const steward = {
  meta: {
    title: "Event Stewards for Venues and Festivals",
    description:
      "Trained event stewards for stadiums, concerts, festivals and conferences in the North West, from Essential to fully managed Premium teams.",
  },
  card: serviceCards.steward,
  image: svgArtwork(picture),
  hero: {
    badge: "Events and Venues",
    title: "Steward Staff",
    intro:
      "A good event feels effortless to the crowd because the stewards are doing their jobs well. Ours are trained, briefed and supervised, whether you expect three hundred guests or thirty thousand.",
  },
  sections: [
    {
      kind: "cards",
      id: "steward-roles",
      heading: "Stewarding Services",
      intro: "Every role an event needs, from the car park to the hospitality suite.",
      items: roles,
    },
    {
      kind: "tags",
      id: "event-types",
      heading: "Events We Staff",
      items: [
        "Football and rugby matches",
        "Concerts and gigs",
        "Music festivals",
        "Conferences and exhibitions",
        "Corporate events",
        "Races and sporting events",
        "Weddings and private functions",
        "Community and civic events",
      ],
    },
    {
      kind: "checklist",
      id: "training",
      heading: "Training Every Steward Completes",
      items: [
        "Crowd safety and crowd dynamics",
        "Emergency and evacuation procedures",
        "Conflict management and de-escalation",
        "Customer service",
        "Safeguarding awareness",
        "Radio procedure",
        "First-aid awareness",
        "Disability and accessibility awareness",
      ],
    },
    {
      kind: "stats",
      id: "steward-figures",
      heading: "Stewarding in Numbers",
      items: [
        { number: site.claims.placement, label: "Team Confirmation" },
        { number: site.claims.support, label: "Event-Day Support" },
        { number: site.claims.satisfaction, label: "Client Satisfaction" },
      ],
    },
    {
      kind: "tiers",
      id: "service-levels",
      heading: "Service Levels",
      intro: "Hourly rates per steward. Every quote is confirmed in writing before your event.",
      items: tiers(),
    },
    {
      kind: "cards",
      id: "why-choose",
      heading: "Why Choose Our Stewards",
      items: [
        {
          icon: ShieldCheck,
          title: "Safety Comes First",
          description: "Stewards know your safety plan and their role in it before the gates open.",
        },
        {
          icon: HandHeart,
          title: "Warm with Guests",
          description: "Friendly, helpful people who make your visitors feel welcome, not managed.",
        },
        {
          icon: Megaphone,
          title: "Well Supervised",
          description: "Supervisors brief the team, keep in radio contact and report back to you.",
        },
      ],
    },
  ],
  cta: {
    heading: "Planning an event?",
    text: "Send us the date, venue and expected crowd and we will put together a stewarding plan and quote.",
  },
} satisfies ServicePageContent;
