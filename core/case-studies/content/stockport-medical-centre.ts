import type { CaseStudy } from "../model.ts";

export const stockportMedicalCentre = {
  slug: "stockport-medical-centre",
  title: "Clinical-standard cleaning for a busy Stockport medical centre",
  summary:
    "Evening cleaning to infection-control standards for a GP surgery and community clinic, with colour-coded equipment, signed checklists and a clean audit every quarter.",
  client: { sector: "Primary healthcare" },
  site: {
    kind: "GP surgery and community clinic, Stockport",
    size: "2,100 square metres over two floors, with 14 consulting and treatment rooms",
    hours: "Monday to Friday 18:30 to 22:00, and Saturday mornings after the flu clinics",
  },
  services: ["cleaning"],
  started: "2025-09",
  problem: [
    "The practice had failed part of its infection-control audit: treatment rooms were cleaned with the same cloths as the corridors, and nobody could show when a room had last been done.",
  ],
  approach: [
    "We trained a team of four in the national cleanliness standards for healthcare, introduced colour-coded cloths and mops for each kind of room, and put a signed checklist on the back of every treatment-room door.",
    "Our supervisor walks the building with the practice manager every month, and we keep the records ready for the next inspection.",
  ],
  results: [
    { figure: "98%", measure: "score at the next infection-control audit, up from 81%" },
    { figure: "4", measure: "quarterly audits passed in a row since" },
    { figure: "0", measure: "missed evening cleans in the first year" },
  ],
  testimonial: {
    quote:
      "The difference at our audit was night and day. The team understand why a treatment room is cleaned differently from a waiting room, and the paperwork is always there when the inspector asks.",
    name: "Sarah Whitworth",
    role: "Practice Manager",
    date: "2026-07-21",
  },
  sample: true,
} as const satisfies CaseStudy;
