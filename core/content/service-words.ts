/**
 * The words the five service pages shipped with: each page's first published version (kind `page`, key
 * `service-<slug>`), in its schema's order, exactly as the pages said them before their words became
 * content. Figures and times that name the company's claims are read from the config as it stands when
 * the words are first published (./service-pages.ts).
 */
import { hoursText } from "../claims/hours-text.ts";
import { site } from "../config/site.ts";
import type { ServicePages, ServicePageWords } from "./service-pages.ts";

const cleaning: ServicePageWords = {
  meta: {
    title: "Professional Cleaning Services in Manchester",
    description:
      "Office, deep, washroom and specialist cleaning for Manchester businesses, by trained, vetted cleaners who know your site.",
  },
  hero: {
    badge: "Commercial Cleaning",
    title: "Professional Cleaning Services",
    intro:
      "A clean building tells clients and staff that you take care of things. Our cleaners work to a written plan for your site, at the hours that suit you, and a supervisor checks the results.",
  },
  card: {
    text: "Offices, washrooms and commercial spaces kept spotless by a regular team of trained cleaners.",
    features: ["Office Cleaning", "Deep Cleaning", "Washroom Hygiene", "Specialist Cleaning"],
  },
  services: {
    heading: "Our Cleaning Services",
    intro: "Choose one service or combine them into a single contract with one invoice.",
    items: [
      {
        title: "Office Cleaning",
        text: "Daily or weekly cleaning of desks, meeting rooms, kitchens and washrooms, before your team arrives or after they leave.",
        icon: "building-2",
        bullets: [
          "Early-morning or evening shifts",
          "The same cleaners on your site each visit",
          "Bins, recycling and kitchen restocking",
          "Supplies and equipment included",
        ],
      },
      {
        title: "Deep Cleaning",
        text: "A top-to-bottom clean for a fresh start: after a refurbishment, before an inspection or once a quarter.",
        icon: "sparkles",
        bullets: [
          "High-level dusting and vents",
          "Carpet and upholstery extraction",
          "Kitchen degreasing",
          "Builders' cleans after fit-outs",
        ],
      },
      {
        title: "Washroom Hygiene",
        text: "Clean, stocked washrooms all day, with touch points disinfected and check sheets your visitors can see.",
        icon: "droplets",
        bullets: [
          "Soap, paper and sanitiser restocking",
          "Descaling and sanitising",
          "Touch-point disinfection",
          "Signed check sheets",
        ],
      },
      {
        title: "Specialist Cleaning",
        text: "The jobs a daily clean does not reach: hard floors, internal glass, canteens and out-of-hours visits.",
        icon: "spray-can",
        bullets: [
          "Hard-floor scrubbing and polishing",
          "Internal glass and partitions",
          "Canteen and commercial kitchen cleans",
          "One-off cleans at short notice",
        ],
      },
    ],
  },
  industries: {
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
  process: {
    heading: "Our Process",
    intro: "Four steps from first visit to a clean you never have to think about.",
    items: [
      {
        title: "Site Assessment",
        text: "We walk your building with you, note every room, surface and access need, and agree the hours.",
      },
      {
        title: "Custom Plan",
        text: "You receive a written cleaning schedule and a fixed price, room by room, with nothing hidden.",
      },
      {
        title: "Quality Execution",
        text: "A trained, regular team cleans to the plan with the right products and colour-coded equipment.",
      },
      {
        title: "Quality Control",
        text: "Supervisors inspect against the plan, share the results with you and put anything right fast.",
      },
    ],
  },
  why: {
    heading: "Why Choose Our Cleaning",
    items: [
      {
        title: "A Consistent Team",
        text: "The same cleaners on your site, so they learn your building and your team knows who is in.",
        icon: "users",
      },
      {
        title: "Eco-Conscious Products",
        text: "Concentrated, low-odour products and microfibre cloths that use less water and chemicals.",
        icon: "leaf",
      },
      {
        title: "Checks You Can See",
        text: "Regular supervisor inspections with written results, and one contact who answers the phone.",
        icon: "clipboard-check",
      },
    ],
  },
  cta: {
    heading: "Ready for a cleaner workplace?",
    text: "Tell us about your building and we will arrange a free site assessment and a fixed quote.",
  },
};

const securityOfficers: ServicePageWords = {
  meta: {
    title: "SIA-Licensed Security Officers in Manchester",
    description:
      "Manned guarding, concierge, patrols, key holding and event security by SIA-licensed, DBS-checked officers across Greater Manchester.",
  },
  hero: {
    badge: "Licensed Security",
    title: "Professional Security Officers",
    intro:
      "Calm, visible, properly licensed officers who protect your people and property. Every officer is vetted before their first shift and briefed on your site before they arrive.",
  },
  card: {
    text: "SIA-licensed officers for offices, retail, construction sites and events, day and night.",
    features: [
      "Manned Guarding",
      "Concierge Security",
      "Mobile Patrols",
      "Key Holding and Alarm Response",
      "Event Security",
      "Retail Loss Prevention",
    ],
  },
  solutions: {
    heading: "Security Solutions",
    intro: "From a single night officer to a team for a sold-out event.",
    items: [
      {
        title: "Manned Guarding",
        text: "Uniformed officers on site by day, by night or around the clock, following instructions written for your premises.",
        icon: "shield-check",
      },
      {
        title: "Concierge Security",
        text: "Front-of-house officers who greet visitors, manage passes and keep the reception secure and welcoming.",
        icon: "concierge-bell",
      },
      {
        title: "Mobile Patrols",
        text: "Scheduled and random patrols of empty or closed sites, with every visit logged and reported to you.",
        icon: "car",
      },
      {
        title: "Key Holding and Alarm Response",
        text: "We hold your keys securely and send an officer when the alarm sounds, so nobody on your team is called out at 3 am.",
        icon: "key-round",
      },
      {
        title: "Event Security",
        text: "Search, entry and response teams for concerts, conferences and private events, sized to your risk assessment.",
        icon: "party-popper",
      },
      {
        title: "Retail Loss Prevention",
        text: "Store detectives and visible officers who deter theft and deal calmly and lawfully with incidents.",
        icon: "shopping-bag",
      },
    ],
  },
  specialisations: {
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
  compliance: {
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
  figures: {
    heading: "Security in Numbers",
    items: [
      { figure: site.claims.licensed, label: "SIA Licensed" },
      { figure: site.claims.support, label: "Control Room Support" },
      { figure: site.claims.retention, label: "Client Retention" },
    ],
  },
  why: {
    heading: "Why Choose Our Officers",
    items: [
      {
        title: "Vetted Before Day One",
        text: "No officer starts until their licence, DBS check and references are confirmed.",
        icon: "user-check",
      },
      {
        title: "Always Supported",
        text: `Officers can reach a supervisor ${site.claims.support}, and so can you.`,
        icon: "radio",
      },
      {
        title: "Reported Properly",
        text: "Clear patrol logs and incident reports that stand up if you ever need them.",
        icon: "badge-check",
      },
      {
        title: "Briefed on Your Site",
        text: "Officers read your assignment instructions and walk the site before they work it.",
        icon: "building",
      },
    ],
  },
  cta: {
    heading: "Need security you can rely on?",
    text: "Tell us about your site or event and we will recommend the right cover and send a clear quote.",
  },
};

const housekeeping: ServicePageWords = {
  meta: {
    title: "Housekeeping Staff for Hotels and Residences",
    description:
      "Room attendants, laundry staff, residential housekeepers and supervisors for hotels, apartments and care homes in Manchester.",
  },
  hero: {
    badge: "Hospitality and Residential",
    title: "Housekeeping Staff",
    intro:
      "Guests notice a badly made bed long before they notice a well-made one. We supply trained housekeepers who get the details right, for a busy weekend or for the whole year.",
  },
  card: {
    text: "Reliable housekeepers for hotels, serviced apartments, care homes and private residences.",
    features: [
      "Room Attendants",
      "Public Area Cleaners",
      "Laundry and Linen Staff",
      "Residential Housekeepers",
      "Apartment Turnarounds",
      "Housekeeping Supervisors",
    ],
  },
  roles: {
    heading: "Housekeeping Roles We Fill",
    intro: "Temporary cover, seasonal teams or permanent staff.",
    items: [
      {
        title: "Room Attendants",
        text: "Attendants who turn rooms around to your brand standard, quickly and quietly, on every shift.",
        icon: "bed-double",
      },
      {
        title: "Public Area Cleaners",
        text: "Lobbies, corridors, lifts and restaurants kept guest-ready from breakfast to late evening.",
        icon: "sparkles",
      },
      {
        title: "Laundry and Linen Staff",
        text: "Staff for on-site laundries and linen rooms: sorting, pressing, folding and stock counts.",
        icon: "shirt",
      },
      {
        title: "Residential Housekeepers",
        text: "Trusted, discreet housekeepers for private homes, on a regular schedule you set.",
        icon: "home",
      },
      {
        title: "Apartment Turnarounds",
        text: "Same-day changeovers for serviced apartments and holiday lets, with linen and welcome packs.",
        icon: "building-2",
      },
      {
        title: "Housekeeping Supervisors",
        text: "Experienced supervisors who check rooms, run the team's rota and report to your head of housekeeping.",
        icon: "user-cog",
      },
    ],
  },
  sectors: {
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
  recruitment: {
    heading: "Our Recruitment Process",
    intro: "Five steps every housekeeper passes before they reach your property.",
    items: [
      {
        title: "Application and Interview",
        text: "A face-to-face interview about experience, availability and attention to detail.",
      },
      {
        title: "Reference Checks",
        text: "We speak to previous employers and confirm the right to work in the UK.",
      },
      {
        title: "Background Checks",
        text: "Enhanced DBS checks for care homes, hospitals and private homes.",
      },
      {
        title: "Practical Training",
        text: "Room servicing, linen handling and chemical safety, trained to your own standards.",
      },
      {
        title: "Placement and Follow-up",
        text: "We introduce each housekeeper on their first shift and check in with you after it.",
      },
    ],
  },
  figures: {
    heading: "Housekeeping in Numbers",
    items: [
      { figure: site.claims.satisfaction, label: "Client Satisfaction" },
      { figure: site.claims.replacement, label: "Replacement Guarantee" },
    ],
  },
  why: {
    heading: "Why Choose Our Housekeepers",
    items: [
      {
        title: "Trained to Your Standard",
        text: "We learn your room checklist and train to it, so standards hold on busy days.",
        icon: "star",
      },
      {
        title: `${site.claims.replacement} Replacement`,
        text: `If a housekeeper cannot make a shift, we send a replacement within ${hoursText(site.claims.replacement)}.`,
        icon: "clock",
      },
      {
        title: "Discreet and Trusted",
        text: "Checked, referenced staff who respect your guests' and residents' privacy.",
        icon: "heart-handshake",
      },
      {
        title: "One Point of Contact",
        text: "A named account manager who knows your property and answers quickly.",
        icon: "clipboard-list",
      },
    ],
  },
  cta: {
    heading: "Short of housekeepers this season?",
    text: "Tell us how many rooms and shifts you need to cover and we will put a team together.",
  },
};

const warehouse: ServicePageWords = {
  meta: {
    title: "Warehouse Workers and Forklift Drivers",
    description: `Pickers, packers, forklift drivers and team leaders for Manchester warehouses, placed within ${hoursText(site.claims.placement)} on temporary, permanent or contract terms.`,
  },
  hero: {
    badge: "Logistics Staffing",
    title: "Warehouse Workers",
    intro: `Peak season, a new contract or a gap in the rota: we place safety-inducted warehouse staff within ${hoursText(site.claims.placement)}, ready for the shift pattern you run.`,
  },
  card: {
    text: "Pickers, packers, forklift drivers and team leaders for distribution and logistics sites.",
    features: [
      "Pickers and Packers",
      "Forklift Drivers",
      "Goods-In and Dispatch",
      "Stock Controllers",
      "Loading Bay Operatives",
      "Team Leaders",
    ],
  },
  roles: {
    heading: "Warehouse Roles We Fill",
    intro: "One operative for a week or a full shift team for the season.",
    items: [
      {
        title: "Pickers and Packers",
        text: "Accurate, quick operatives for pick faces, packing benches and returns lines.",
        icon: "package-check",
      },
      {
        title: "Forklift Drivers",
        text: "Drivers holding valid licences for counterbalance and reach trucks, checked before every booking.",
        icon: "forklift",
      },
      {
        title: "Goods-In and Dispatch",
        text: "Staff who unload, check, label and load to schedule, so trailers leave on time.",
        icon: "truck",
      },
      {
        title: "Stock Controllers",
        text: "Cycle counts, stock rotation and system updates that keep your inventory right.",
        icon: "scan-barcode",
      },
      {
        title: "Loading Bay Operatives",
        text: "Safe, steady hands for loading bays, cross-docking and container unloads.",
        icon: "boxes",
      },
      {
        title: "Team Leaders",
        text: "Experienced leaders who run a shift, brief the team and report the numbers.",
        icon: "users",
      },
    ],
  },
  industries: {
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
  skills: {
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
  figures: {
    heading: "Warehouse Staffing in Numbers",
    items: [
      { figure: site.claims.placement, label: "Placement" },
      { figure: site.claims.safety, label: "Safety Inducted" },
      { figure: site.claims.retention, label: "Client Retention" },
    ],
  },
  models: {
    heading: "Staffing Models",
    intro: "Choose the terms that match the work.",
    items: [
      {
        title: "Temporary",
        text: "Cover for peaks, holidays and sickness, booked by the shift or by the week.",
        icon: "timer",
        bullets: [
          `Staff within ${hoursText(site.claims.placement)}`,
          "Weekly timesheets",
          "Scale up or down at short notice",
        ],
      },
      {
        title: "Permanent",
        text: "We find, vet and interview candidates; you make the final choice and employ them.",
        icon: "user-plus",
        bullets: [
          "Shortlists of screened candidates",
          "Interviews arranged for you",
          "Free replacement period",
        ],
      },
      {
        title: "Contract",
        text: "A dedicated team for a fixed project or season, managed by us on your site.",
        icon: "calendar-clock",
        bullets: ["Fixed term and fixed rates", "On-site team leader", "Weekly performance reports"],
      },
    ],
  },
  why: {
    heading: "Why Choose Our Warehouse Staff",
    items: [
      {
        title: "Safety First",
        text: "Every worker completes our safety induction and yours before touching a pallet.",
        icon: "hard-hat",
      },
      {
        title: "Fast Placement",
        text: `A ${site.claims.placement} placement promise, from your call to staff on the floor.`,
        icon: "timer",
      },
      {
        title: "Reliable Attendance",
        text: "We confirm every shift the day before and cover no-shows straight away.",
        icon: "clipboard-check",
      },
    ],
  },
  cta: {
    heading: "Need warehouse staff this week?",
    text: `Tell us your shifts, roles and start date and we will confirm staff within ${hoursText(site.claims.placement)}.`,
  },
};

/** The three service levels' words; their names and prices as the config ships them. */
const tierWords = [
  {
    text: "Trained stewards for smaller events with a straightforward plan.",
    bullets: ["Uniformed, briefed stewards", "Crowd safety trained", "Booking confirmed within a day"],
    highlighted: false,
  },
  {
    text: "Experienced teams with supervision for busy venues and regular fixtures.",
    bullets: [
      "Everything in Essential",
      "A dedicated supervisor on site",
      "Radio-equipped team",
      "Post-event report",
    ],
    highlighted: true,
  },
  {
    text: "A fully managed stewarding operation for festivals, stadiums and large events.",
    bullets: [
      "Everything in Professional Plus",
      "Event control staffing",
      "Input to your safety plan",
      "A named account manager",
    ],
    highlighted: false,
  },
];

const steward: ServicePageWords = {
  meta: {
    title: "Event Stewards for Venues and Festivals",
    description:
      "Trained event stewards for stadiums, concerts, festivals and conferences in the North West, from Essential to fully managed Premium teams.",
  },
  hero: {
    badge: "Events and Venues",
    title: "Steward Staff",
    intro:
      "A good event feels effortless to the crowd because the stewards are doing their jobs well. Ours are trained, briefed and supervised, whether you expect three hundred guests or thirty thousand.",
  },
  card: {
    text: "Trained stewards for sport, concerts, festivals, conferences and corporate events.",
    features: [
      "Crowd Management",
      "Ticketing and Entry",
      "Hospitality Stewards",
      "Car Park Marshals",
      "Information Points",
      "Accessibility Stewards",
    ],
  },
  roles: {
    heading: "Stewarding Services",
    intro: "Every role an event needs, from the car park to the hospitality suite.",
    items: [
      {
        title: "Crowd Management",
        text: "Stewards who keep people moving safely at entrances, concourses, stands and exits.",
        icon: "users",
      },
      {
        title: "Ticketing and Entry",
        text: "Friendly, quick staff for ticket scanning, wristbands and bag checks at the gate.",
        icon: "ticket",
      },
      {
        title: "Hospitality Stewards",
        text: "Polished hosts for boxes, lounges and VIP areas who look after your guests all day.",
        icon: "utensils-crossed",
      },
      {
        title: "Car Park Marshals",
        text: "Marshals in high-visibility kit who park cars safely and clear the site quickly afterwards.",
        icon: "car",
      },
      {
        title: "Information Points",
        text: "Well-briefed stewards who answer questions, give directions and reunite lost children.",
        icon: "circle-help",
      },
      {
        title: "Accessibility Stewards",
        text: "Stewards trained to help disabled visitors with access routes, viewing areas and facilities.",
        icon: "accessibility",
      },
    ],
  },
  events: {
    heading: "Events We Staff",
    items: [
      "Football and rugby matches",
      "Concerts and gigs",
      "Music festivals",
      "Conferences and exhibitions",
      "Corporate events",
      "Races and sporting events",
      "Weddings and private functions",
      "Community and civic events",
    ],
  },
  training: {
    heading: "Training Every Steward Completes",
    items: [
      "Crowd safety and crowd dynamics",
      "Emergency and evacuation procedures",
      "Conflict management and de-escalation",
      "Customer service",
      "Safeguarding awareness",
      "Radio procedure",
      "First-aid awareness",
      "Disability and accessibility awareness",
    ],
  },
  figures: {
    heading: "Stewarding in Numbers",
    items: [
      { figure: site.claims.placement, label: "Team Confirmation" },
      { figure: site.claims.support, label: "Event-Day Support" },
      { figure: site.claims.satisfaction, label: "Client Satisfaction" },
    ],
  },
  levels: {
    heading: "Service Levels",
    intro: "Hourly rates per steward. Every quote is confirmed in writing before your event.",
    items: site.stewardTiers.flatMap((tier, index) => {
      const words = tierWords[index];
      if (!words) return [];
      return [
        {
          name: tier.name,
          price: tier.price,
          ...(tier.unit ? { unit: tier.unit } : {}),
          text: words.text,
          bullets: words.bullets,
          highlighted: words.highlighted,
        },
      ];
    }),
  },
  why: {
    heading: "Why Choose Our Stewards",
    items: [
      {
        title: "Safety Comes First",
        text: "Stewards know your safety plan and their role in it before the gates open.",
        icon: "shield-check",
      },
      {
        title: "Warm with Guests",
        text: "Friendly, helpful people who make your visitors feel welcome, not managed.",
        icon: "hand-heart",
      },
      {
        title: "Well Supervised",
        text: "Supervisors brief the team, keep in radio contact and report back to you.",
        icon: "megaphone",
      },
    ],
  },
  cta: {
    heading: "Planning an event?",
    text: "Send us the date, venue and expected crowd and we will put together a stewarding plan and quote.",
  },
};

/** The five service pages' first published words, in the order the site presents the services. */
export const shippedServicePages: ServicePages = {
  cleaning,
  securityOfficers,
  housekeeping,
  warehouse,
  steward,
};
