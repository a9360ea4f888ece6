import { Building2, ClipboardCheck, Droplets, Leaf, Sparkles, SprayCan, Users } from "lucide-react";
import picture from "~/assets/artwork/cleaning.svg?raw";
import { svgArtwork } from "~/lib/inline-svg";
import type { ServicePageContent, ValueItem } from "../types";
import { serviceCards } from "./cards";

const services: ValueItem[] = [
  {
    icon: Building2,
    title: "Office Cleaning",
    description:
      "Daily or weekly cleaning of desks, meeting rooms, kitchens and washrooms, before your team arrives or after they leave.",
    features: [
      "Early-morning or evening shifts",
      "The same cleaners on your site each visit",
      "Bins, recycling and kitchen restocking",
      "Supplies and equipment included",
    ],
  },
  {
    icon: Sparkles,
    title: "Deep Cleaning",
    description:
      "A top-to-bottom clean for a fresh start: after a refurbishment, before an inspection or once a quarter.",
    features: [
      "High-level dusting and vents",
      "Carpet and upholstery extraction",
      "Kitchen degreasing",
      "Builders' cleans after fit-outs",
    ],
  },
  {
    icon: Droplets,
    title: "Washroom Hygiene",
    description:
      "Clean, stocked washrooms all day, with touch points disinfected and check sheets your visitors can see.",
    features: [
      "Soap, paper and sanitiser restocking",
      "Descaling and sanitising",
      "Touch-point disinfection",
      "Signed check sheets",
    ],
  },
  {
    icon: SprayCan,
    title: "Specialist Cleaning",
    description:
      "The jobs a daily clean does not reach: hard floors, internal glass, canteens and out-of-hours visits.",
    features: [
      "Hard-floor scrubbing and polishing",
      "Internal glass and partitions",
      "Canteen and commercial kitchen cleans",
      "One-off cleans at short notice",
    ],
  },
];

export const cleaning = {
  meta: {
    title: "Professional Cleaning Services in Manchester",
    description:
      "Office, deep, washroom and specialist cleaning for Manchester businesses, by trained, vetted cleaners who know your site.",
  },
  card: serviceCards.cleaning,
  image: svgArtwork(picture),
  hero: {
    badge: "Commercial Cleaning",
    title: "Professional Cleaning Services",
    intro:
      "A clean building tells clients and staff that you take care of things. Our cleaners work to a written plan for your site, at the hours that suit you, and a supervisor checks the results.",
  },
  sections: [
    {
      kind: "cards",
      id: "cleaning-services",
      heading: "Our Cleaning Services",
      intro: "Choose one service or combine them into a single contract with one invoice.",
      items: services,
    },
    {
      kind: "tags",
      id: "industries",
      heading: "Industries We Serve",
      intro: "We clean buildings of every size across Greater Manchester.",
      items: [
        "Offices and co-working spaces",
        "Healthcare and dental practices",
        "Schools and nurseries",
        "Retail and showrooms",
        "Gyms and leisure centres",
        "Industrial units",
      ],
    },
    {
      kind: "steps",
      id: "process",
      heading: "Our Process",
      intro: "Four steps from first visit to a clean you never have to think about.",
      items: [
        {
          title: "Site Assessment",
          description:
            "We walk your building with you, note every room, surface and access need, and agree the hours.",
        },
        {
          title: "Custom Plan",
          description:
            "You receive a written cleaning schedule and a fixed price, room by room, with nothing hidden.",
        },
        {
          title: "Quality Execution",
          description:
            "A trained, regular team cleans to the plan with the right products and colour-coded equipment.",
        },
        {
          title: "Quality Control",
          description:
            "Supervisors inspect against the plan, share the results with you and put anything right fast.",
        },
      ],
    },
    {
      kind: "cards",
      id: "why-choose",
      heading: "Why Choose Our Cleaning",
      items: [
        {
          icon: Users,
          title: "A Consistent Team",
          description:
            "The same cleaners on your site, so they learn your building and your team knows who is in.",
        },
        {
          icon: Leaf,
          title: "Eco-Conscious Products",
          description:
            "Concentrated, low-odour products and microfibre cloths that use less water and chemicals.",
        },
        {
          icon: ClipboardCheck,
          title: "Checks You Can See",
          description:
            "Regular supervisor inspections with written results, and one contact who answers the phone.",
        },
      ],
    },
  ],
  cta: {
    heading: "Ready for a cleaner workplace?",
    text: "Tell us about your building and we will arrange a free site assessment and a fixed quote.",
  },
} satisfies ServicePageContent;
