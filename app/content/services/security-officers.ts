import {
  BadgeCheck,
  Building,
  Car,
  ConciergeBell,
  KeyRound,
  PartyPopper,
  Radio,
  ShieldCheck,
  ShoppingBag,
  UserCheck,
} from "lucide-react";
import { site } from "#core/config/site.ts";
import picture from "~/assets/artwork/security.svg?raw";
import { svgArtwork } from "~/lib/inline-svg";
import type { ServicePageContent, ValueItem } from "../types";
import { serviceCards } from "./cards";

const solutions: ValueItem[] = [
  {
    icon: ShieldCheck,
    title: "Manned Guarding",
    description:
      "Uniformed officers on site by day, by night or around the clock, following instructions written for your premises.",
  },
  {
    icon: ConciergeBell,
    title: "Concierge Security",
    description:
      "Front-of-house officers who greet visitors, manage passes and keep the reception secure and welcoming.",
  },
  {
    icon: Car,
    title: "Mobile Patrols",
    description:
      "Scheduled and random patrols of empty or closed sites, with every visit logged and reported to you.",
  },
  {
    icon: KeyRound,
    title: "Key Holding and Alarm Response",
    description:
      "We hold your keys securely and send an officer when the alarm sounds, so nobody on your team is called out at 3 am.",
  },
  {
    icon: PartyPopper,
    title: "Event Security",
    description:
      "Search, entry and response teams for concerts, conferences and private events, sized to your risk assessment.",
  },
  {
    icon: ShoppingBag,
    title: "Retail Loss Prevention",
    description:
      "Store detectives and visible officers who deter theft and deal calmly and lawfully with incidents.",
  },
];

export const securityOfficers = {
  meta: {
    title: "SIA-Licensed Security Officers in Manchester",
    description:
      "Manned guarding, concierge, patrols, key holding and event security by SIA-licensed, DBS-checked officers across Greater Manchester.",
  },
  card: serviceCards.securityOfficers,
  image: svgArtwork(picture),
  hero: {
    badge: "Licensed Security",
    title: "Professional Security Officers",
    intro:
      "Calm, visible, properly licensed officers who protect your people and property. Every officer is vetted before their first shift and briefed on your site before they arrive.",
  },
  sections: [
    {
      kind: "cards",
      id: "security-solutions",
      heading: "Security Solutions",
      intro: "From a single night officer to a team for a sold-out event.",
      items: solutions,
    },
    {
      kind: "tags",
      id: "specialisations",
      heading: "Our Specialisations",
      intro: "Officers who already know how your kind of site works.",
      items: [
        "Corporate offices",
        "Retail and shopping centres",
        "Construction sites",
        "Residential blocks",
        "Healthcare premises",
        "Events and venues",
      ],
    },
    {
      kind: "checklist",
      id: "compliance",
      heading: "Licensing and Compliance",
      intro: "What we check and keep on file for every officer we place.",
      items: [
        "SIA licensed officers, with licences checked against the public register",
        "Enhanced DBS checks",
        "Right-to-work checks on every officer",
        "Five years of employment history verified",
        "Written assignment instructions for every site",
        "Incident reports sent to you the same day",
      ],
    },
    {
      kind: "stats",
      id: "security-figures",
      heading: "Security in Numbers",
      items: [
        { number: site.claims.licensed, label: "SIA Licensed" },
        { number: site.claims.support, label: "Control Room Support" },
        { number: site.claims.retention, label: "Client Retention" },
      ],
    },
    {
      kind: "cards",
      id: "why-choose",
      heading: "Why Choose Our Officers",
      items: [
        {
          icon: UserCheck,
          title: "Vetted Before Day One",
          description: "No officer starts until their licence, DBS check and references are confirmed.",
        },
        {
          icon: Radio,
          title: "Always Supported",
          description: `Officers can reach a supervisor ${site.claims.support}, and so can you.`,
        },
        {
          icon: BadgeCheck,
          title: "Reported Properly",
          description: "Clear patrol logs and incident reports that stand up if you ever need them.",
        },
        {
          icon: Building,
          title: "Briefed on Your Site",
          description: "Officers read your assignment instructions and walk the site before they work it.",
        },
      ],
    },
  ],
  cta: {
    heading: "Need security you can rely on?",
    text: "Tell us about your site or event and we will recommend the right cover and send a clear quote.",
  },
} satisfies ServicePageContent;
