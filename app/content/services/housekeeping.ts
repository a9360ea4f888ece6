import {
  BedDouble,
  Building2,
  ClipboardList,
  Clock,
  HeartHandshake,
  Home,
  Shirt,
  Sparkles,
  Star,
  UserCog,
} from "lucide-react";
import { site } from "#core/config/site.ts";
import picture from "~/assets/artwork/housekeeping.svg?raw";
import { hoursText } from "~/lib/format";
import { svgArtwork } from "~/lib/inline-svg";
import type { ServicePageContent, ValueItem } from "../types";
import { serviceCards } from "./cards";

const roles: ValueItem[] = [
  {
    icon: BedDouble,
    title: "Room Attendants",
    description:
      "Attendants who turn rooms around to your brand standard, quickly and quietly, on every shift.",
  },
  {
    icon: Sparkles,
    title: "Public Area Cleaners",
    description: "Lobbies, corridors, lifts and restaurants kept guest-ready from breakfast to late evening.",
  },
  {
    icon: Shirt,
    title: "Laundry and Linen Staff",
    description: "Staff for on-site laundries and linen rooms: sorting, pressing, folding and stock counts.",
  },
  {
    icon: Home,
    title: "Residential Housekeepers",
    description: "Trusted, discreet housekeepers for private homes, on a regular schedule you set.",
  },
  {
    icon: Building2,
    title: "Apartment Turnarounds",
    description:
      "Same-day changeovers for serviced apartments and holiday lets, with linen and welcome packs.",
  },
  {
    icon: UserCog,
    title: "Housekeeping Supervisors",
    description:
      "Experienced supervisors who check rooms, run the team's rota and report to your head of housekeeping.",
  },
];

export const housekeeping = {
  meta: {
    title: "Housekeeping Staff for Hotels and Residences",
    description:
      "Room attendants, laundry staff, residential housekeepers and supervisors for hotels, apartments and care homes in Manchester.",
  },
  card: serviceCards.housekeeping,
  image: svgArtwork(picture),
  hero: {
    badge: "Hospitality and Residential",
    title: "Housekeeping Staff",
    intro:
      "Guests notice a badly made bed long before they notice a well-made one. We supply trained housekeepers who get the details right, for a busy weekend or for the whole year.",
  },
  sections: [
    {
      kind: "cards",
      id: "housekeeping-roles",
      heading: "Housekeeping Roles We Fill",
      intro: "Temporary cover, seasonal teams or permanent staff.",
      items: roles,
    },
    {
      kind: "tags",
      id: "sectors",
      heading: "Sectors We Serve",
      items: [
        "Hotels",
        "Serviced apartments",
        "Student accommodation",
        "Care homes",
        "Private residences",
        "Holiday lets",
        "Hospitals and clinics",
        "Conference venues",
      ],
    },
    {
      kind: "steps",
      id: "recruitment",
      heading: "Our Recruitment Process",
      intro: "Five steps every housekeeper passes before they reach your property.",
      items: [
        {
          title: "Application and Interview",
          description: "A face-to-face interview about experience, availability and attention to detail.",
        },
        {
          title: "Reference Checks",
          description: "We speak to previous employers and confirm the right to work in the UK.",
        },
        {
          title: "Background Checks",
          description: "Enhanced DBS checks for care homes, hospitals and private homes.",
        },
        {
          title: "Practical Training",
          description: "Room servicing, linen handling and chemical safety, trained to your own standards.",
        },
        {
          title: "Placement and Follow-up",
          description: "We introduce each housekeeper on their first shift and check in with you after it.",
        },
      ],
    },
    {
      kind: "stats",
      id: "housekeeping-figures",
      heading: "Housekeeping in Numbers",
      items: [
        { number: site.claims.satisfaction, label: "Client Satisfaction" },
        { number: site.claims.replacement, label: "Replacement Guarantee" },
      ],
    },
    {
      kind: "cards",
      id: "why-choose",
      heading: "Why Choose Our Housekeepers",
      items: [
        {
          icon: Star,
          title: "Trained to Your Standard",
          description: "We learn your room checklist and train to it, so standards hold on busy days.",
        },
        {
          icon: Clock,
          title: `${site.claims.replacement} Replacement`,
          description: `If a housekeeper cannot make a shift, we send a replacement within ${hoursText(site.claims.replacement)}.`,
        },
        {
          icon: HeartHandshake,
          title: "Discreet and Trusted",
          description: "Checked, referenced staff who respect your guests' and residents' privacy.",
        },
        {
          icon: ClipboardList,
          title: "One Point of Contact",
          description: "A named account manager who knows your property and answers quickly.",
        },
      ],
    },
  ],
  cta: {
    heading: "Short of housekeepers this season?",
    text: "Tell us how many rooms and shifts you need to cover and we will put a team together.",
  },
} satisfies ServicePageContent;
