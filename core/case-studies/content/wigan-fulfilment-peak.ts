import type { CaseStudy } from "../model.ts";

export const wiganFulfilmentPeak = {
  slug: "wigan-fulfilment-peak",
  title: "Forty extra warehouse staff for peak season near Wigan",
  summary:
    "Trained pickers and packers on site from the first week of November, with inductions done before day one and the same people back for every shift of the peak.",
  client: { sector: "Online retail fulfilment" },
  site: {
    kind: "E-commerce fulfilment centre off junction 25 of the M6, near Wigan",
    size: "32,000 square metres, with 1,200 orders an hour at peak",
    hours: "Two shifts, 06:00 to 14:00 and 14:00 to 22:00, Monday to Saturday",
  },
  services: ["warehouse"],
  started: "2024-11",
  problem: [
    "Each November the client took on temporary staff from three agencies. A third of them did not come back after the first week, and supervisors lost hours every morning inducting new starters instead of running the floor.",
  ],
  approach: [
    "We recruited locally from September, ran the site's safety induction and a half-day picking trial in our own time, and only booked people who had completed both.",
    "An on-site coordinator of ours took the daily attendance, covered any gap from a trained reserve list before the shift began, and was the supervisors' single point of contact.",
  ],
  results: [
    { figure: "40", measure: "extra staff on site from the first day of peak" },
    { figure: "92%", measure: "of them still working at the end of the peak, against 65% the year before" },
    { figure: "18%", measure: "more units picked per hour than the previous peak's temporary staff" },
  ],
  testimonial: {
    quote:
      "Everyone they sent already knew the safety rules and how a scanner works, so my team leaders could run the floor from day one. Most of the same people are coming back this year.",
    name: "Gemma Tierney",
    role: "Operations Manager",
    date: "2025-01-27",
  },
  sample: true,
} as const satisfies CaseStudy;
