import type { CaseStudy } from "../model.ts";

export const traffordParkDistributionCentre = {
  slug: "trafford-park-distribution-centre",
  title: "Nights and weekends covered at a Trafford Park distribution centre",
  summary:
    "Two SIA-licensed officers on every night and weekend shift at a 24-hour logistics site, with patrols logged by the minute and the yard gate never left unmanned.",
  client: { sector: "Logistics and distribution" },
  site: {
    kind: "Distribution centre with a 60-bay trailer yard, Trafford Park",
    size: "An 18,500-square-metre warehouse on a 4-hectare site",
    hours: "Weeknights 18:00 to 06:00 and all weekend, 52 weeks a year",
  },
  services: ["securityOfficers"],
  started: "2026-02",
  problem: [
    "The site runs round the clock, but its previous contractor sent whoever was free: new faces most nights, gaps at shift change and a gatehouse left empty while the only officer patrolled.",
    "Two trailers had been entered in the yard in six months, and the security manager was spending his Monday mornings piecing together what had happened over the weekend.",
  ],
  approach: [
    "We put a fixed team of six SIA-licensed officers on a four-week rota, so two officers the site knows are on every night and weekend shift: one on the gate, one on patrol, swapping halfway through.",
    "Patrol points are tagged and logged on a phone app, and the security manager gets a short written report by 07:00 every morning and by 08:00 on Monday for the whole weekend. Our duty supervisor visits unannounced at least twice a month.",
  ],
  results: [
    { figure: "0", measure: "trailer entries or thefts in the twelve months since we started" },
    { figure: "100%", measure: "of shifts covered, with no gatehouse left unmanned" },
    { figure: "6", measure: "named officers, the same faces every week" },
  ],
  testimonial: {
    quote:
      "For the first time in years I do not dread Monday mornings. The same officers turn up, the gate is always manned and the weekend report is waiting for me before I have had a coffee.",
    name: "Daniel Okafor",
    role: "Site Security Manager",
    date: "2026-09-14",
  },
  sample: true,
} as const satisfies CaseStudy;
