import type { CaseStudy } from "../model.ts";

export const ancoatsAparthotel = {
  slug: "ancoats-aparthotel",
  title: "Every apartment guest-ready by 3 pm at an Ancoats aparthotel",
  summary:
    "A steady housekeeping team for 86 serviced apartments, flexing up for match days and concerts, so check-in starts on time even on the busiest Saturdays.",
  client: { sector: "Hospitality", namedWithPermission: true, clientName: "Brackenbury Court Apartments" },
  site: {
    kind: "Serviced apartment building in a converted mill, Ancoats",
    size: "86 apartments over six floors",
    hours: "Seven days a week, 09:30 to 15:00, with a turndown shift on event nights",
  },
  services: ["housekeeping"],
  started: "2025-03",
  problem: [
    "On weekends with a match or a big concert in town, three quarters of the apartments turned over in a single day, and agency staff who had never seen the building could not keep up. Guests were waiting in the lobby past check-in time.",
  ],
  approach: [
    "We built a core team of nine housekeepers who work the building every week, backed by six more who know it and join on busy days. The rota follows the hotel's booking forecast two weeks ahead, not the morning's panic.",
    "A supervisor checks every apartment against a photo standard before it is released to reception.",
  ],
  results: [
    { figure: "99%", measure: "of apartments ready by 15:00 check-in over the last year" },
    { figure: "4.7 / 5", measure: "average guest score for cleanliness, up from 4.1" },
    { figure: "80+", measure: "turnovers handled in a single day on the busiest weekends" },
  ],
  testimonial: {
    quote:
      "We used to dread a Saturday with a City home game and a gig at the arena. Now it is just a busy day. The housekeepers know every apartment and the supervisor's checks mean reception can trust the board.",
    name: "Marek Nowak",
    role: "General Manager",
    date: "2025-11-18",
  },
  sample: true,
} as const satisfies CaseStudy;
