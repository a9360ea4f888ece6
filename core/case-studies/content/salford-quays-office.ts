import type { CaseStudy } from "../model.ts";

export const salfordQuaysOffice = {
  slug: "salford-quays-office",
  title: "A friendly front desk and a secure building at Salford Quays",
  summary:
    "Reception security for a multi-tenant office building: visitors signed in within a minute, contractors checked against the permit list, and a calm hand at every fire drill.",
  client: {
    sector: "Commercial property management",
    namedWithPermission: true,
    clientName: "Irwell Wharf Estates",
  },
  site: {
    kind: "Eight-storey office building with eleven tenants, Salford Quays",
    size: "9,200 square metres of offices and a 140-space car park",
    hours: "Monday to Friday 07:00 to 19:00, with a locked-building patrol until 21:00",
  },
  services: ["securityOfficers", "cleaning"],
  started: "2025-06",
  problem: [
    "Tenants complained of queues at reception every morning, contractors arriving with nobody expecting them, and a visitor book nobody could read after a fire alarm.",
  ],
  approach: [
    "Two SIA-licensed officers, trained in customer service and first aid, run the front desk with a digital sign-in that prints a badge and tells the host their visitor has arrived.",
    "Contractors are checked against the managing agent's permit-to-work list before they reach the lifts, and the officers sweep every floor at close. Our evening cleaning team works to the same locking-up routine, so the building is checked once, properly.",
  ],
  results: [
    { figure: "48 s", measure: "average time to sign a visitor in, down from over four minutes" },
    { figure: "3 min 10 s", measure: "to account for everyone at the last full evacuation drill" },
    { figure: "11 of 11", measure: "tenants rating reception good or excellent in the annual survey" },
  ],
  testimonial: {
    quote:
      "Our tenants notice the front desk before anything else in the building, and now they mention it for the right reasons. The team know people by name and still never let anyone through who should not be there.",
    name: "Helen Ashworth",
    role: "Building Manager",
    date: "2026-03-02",
  },
  sample: true,
} as const satisfies CaseStudy;
