import type { CaseStudy } from "../model.ts";

export const heatonParkSummerFestival = {
  slug: "heaton-park-summer-festival",
  title: "Stewarding a family festival for 12,000 people a day in north Manchester",
  summary:
    "Sixty briefed stewards across two days: entry and bag searches, crowd flow between stages, a lost-children point and a park left tidy by Monday.",
  client: { sector: "Events and festivals" },
  site: {
    kind: "Open-air family festival in a city park, north Manchester",
    size: "12,000 visitors a day over two days, three stages and a market",
    hours: "Saturday and Sunday, 09:00 to 21:00, with set-up on the Friday",
  },
  services: ["steward", "securityOfficers"],
  started: "2025-07",
  problem: [
    "The organisers had a new site layout and a licence that asked for more stewards at the gates and along the routes between stages, and only six weeks to find and brief them.",
  ],
  approach: [
    "We supplied 56 stewards and four supervisors, each with a role briefing and a site map sent the week before, and ran a walk-through on the Friday so everyone knew their post, the radio channels and the route to the medical tent.",
    "Our SIA-licensed officers ran the bag searches at the two main gates, and a dedicated team ran the meeting point for lost children with the council's safeguarding lead.",
  ],
  results: [
    { figure: "60", measure: "stewards and supervisors briefed and on post by 08:30 each day" },
    { figure: "23", measure: "lost children reunited with their families, the longest after 14 minutes" },
    { figure: "0", measure: "incidents reported to the licensing authority" },
  ],
  testimonial: {
    quote:
      "Every steward knew where they should be and what to say when people asked. When the weather turned on the Sunday, the supervisors moved the crowd under cover calmly, without being asked twice.",
    name: "Aisha Rahman",
    role: "Event Safety Officer",
    date: "2025-08-11",
  },
  sample: true,
} as const satisfies CaseStudy;
