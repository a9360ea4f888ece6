import {
  Boxes,
  CalendarClock,
  ClipboardCheck,
  Forklift,
  HardHat,
  PackageCheck,
  ScanBarcode,
  Timer,
  Truck,
  UserPlus,
  Users,
} from "lucide-react";
import { site } from "#core/config/site.ts";
import picture from "~/assets/artwork/warehouse.svg?raw";
import { hoursText } from "~/lib/format";
import { svgArtwork } from "~/lib/inline-svg";
import type { ServicePageContent, ValueItem } from "../types";
import { serviceCards } from "./cards";

const roles: ValueItem[] = [
  {
    icon: PackageCheck,
    title: "Pickers and Packers",
    description: "Accurate, quick operatives for pick faces, packing benches and returns lines.",
  },
  {
    icon: Forklift,
    title: "Forklift Drivers",
    description:
      "Drivers holding valid licences for counterbalance and reach trucks, checked before every booking.",
  },
  {
    icon: Truck,
    title: "Goods-In and Dispatch",
    description: "Staff who unload, check, label and load to schedule, so trailers leave on time.",
  },
  {
    icon: ScanBarcode,
    title: "Stock Controllers",
    description: "Cycle counts, stock rotation and system updates that keep your inventory right.",
  },
  {
    icon: Boxes,
    title: "Loading Bay Operatives",
    description: "Safe, steady hands for loading bays, cross-docking and container unloads.",
  },
  {
    icon: Users,
    title: "Team Leaders",
    description: "Experienced leaders who run a shift, brief the team and report the numbers.",
  },
];

export const warehouse = {
  meta: {
    title: "Warehouse Workers and Forklift Drivers",
    description: `Pickers, packers, forklift drivers and team leaders for Manchester warehouses, placed within ${hoursText(site.claims.placement)} on temporary, permanent or contract terms.`,
  },
  card: serviceCards.warehouse,
  image: svgArtwork(picture),
  hero: {
    badge: "Logistics Staffing",
    title: "Warehouse Workers",
    intro: `Peak season, a new contract or a gap in the rota: we place safety-inducted warehouse staff within ${hoursText(site.claims.placement)}, ready for the shift pattern you run.`,
  },
  sections: [
    {
      kind: "cards",
      id: "warehouse-roles",
      heading: "Warehouse Roles We Fill",
      intro: "One operative for a week or a full shift team for the season.",
      items: roles,
    },
    {
      kind: "tags",
      id: "industries",
      heading: "Industries We Serve",
      items: [
        "E-commerce fulfilment",
        "Retail distribution",
        "Food and drink",
        "Manufacturing",
        "Third-party logistics",
        "Pharmaceutical distribution",
      ],
    },
    {
      kind: "checklist",
      id: "skills",
      heading: "Skills Our Workers Bring",
      intro: "Checked at interview and refreshed at induction.",
      items: [
        "RF scanners and pick-to-light systems",
        "Safe manual handling",
        "First-in, first-out stock rotation",
        "Counterbalance and reach truck driving",
        "Warehouse management systems",
        "Pallet wrapping and load securing",
      ],
    },
    {
      kind: "stats",
      id: "warehouse-figures",
      heading: "Warehouse Staffing in Numbers",
      items: [
        { number: site.claims.placement, label: "Placement" },
        { number: site.claims.safety, label: "Safety Inducted" },
        { number: site.claims.retention, label: "Client Retention" },
      ],
    },
    {
      kind: "cards",
      id: "staffing-models",
      heading: "Staffing Models",
      intro: "Choose the terms that match the work.",
      items: [
        {
          icon: Timer,
          title: "Temporary",
          description: "Cover for peaks, holidays and sickness, booked by the shift or by the week.",
          features: [
            `Staff within ${hoursText(site.claims.placement)}`,
            "Weekly timesheets",
            "Scale up or down at short notice",
          ],
        },
        {
          icon: UserPlus,
          title: "Permanent",
          description: "We find, vet and interview candidates; you make the final choice and employ them.",
          features: [
            "Shortlists of screened candidates",
            "Interviews arranged for you",
            "Free replacement period",
          ],
        },
        {
          icon: CalendarClock,
          title: "Contract",
          description: "A dedicated team for a fixed project or season, managed by us on your site.",
          features: ["Fixed term and fixed rates", "On-site team leader", "Weekly performance reports"],
        },
      ],
    },
    {
      kind: "cards",
      id: "why-choose",
      heading: "Why Choose Our Warehouse Staff",
      items: [
        {
          icon: HardHat,
          title: "Safety First",
          description: "Every worker completes our safety induction and yours before touching a pallet.",
        },
        {
          icon: Timer,
          title: "Fast Placement",
          description: `A ${site.claims.placement} placement promise, from your call to staff on the floor.`,
        },
        {
          icon: ClipboardCheck,
          title: "Reliable Attendance",
          description: "We confirm every shift the day before and cover no-shows straight away.",
        },
      ],
    },
  ],
  cta: {
    heading: "Need warehouse staff this week?",
    text: `Tell us your shifts, roles and start date and we will confirm staff within ${hoursText(site.claims.placement)}.`,
  },
} satisfies ServicePageContent;
