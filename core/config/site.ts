/**
 * The company's identity and every business constant the site shows.
 * This is the one file an owner edits to make the site theirs: nothing else
 * repeats a phone number, an address, a price or a promise. The company's facts (phone, e-mail, office
 * address, hours, emergency line, areas served, registration, insurance) here are only the first
 * installation's: staff keep them under Company details in Site content (core/content/company-facts.ts),
 * and the pages and e-mails read what is published there.
 */

export type SiteConfig = {
  brand: string;
  legalName: string;
  blurb: string;
  /** Public origin used for canonical URLs, the sitemap and share tags. */
  siteUrl: string;
  phone: { display: string; e164: string };
  email: string;
  address: {
    street: string;
    locality: string;
    postcode: string;
    country: string;
    countryCode: string;
    geo: { latitude: number; longitude: number };
  };
  gettingHere: string[];
  map: {
    /** The maps service's name, as visitors know it. */
    name: string;
    /** Embedded map, loaded only when the visitor asks for it. */
    embedUrl: string;
    /** Plain link that opens the office in the maps service. */
    linkUrl: string;
    /** Origin allowed to frame the map (Content-Security-Policy frame-src). */
    origin: string;
  };
  social: { name: string; url: string };
  credit: { name: string; url: string };
  hours: { days: string; time: string }[];
  emergency: string;
  claims: {
    yearsExperience: number;
    founded: string;
    satisfaction: string;
    support: string;
    replyWithin: string;
    placement: string;
    replacement: string;
    /** Share of security officers holding a current SIA licence. */
    licensed: string;
    /** Share of clients who renew with us. */
    retention: string;
    /** Share of placed staff given a site safety induction before their first shift. */
    safety: string;
  };
  /**
   * The reply promise, read by the pages' copy (`claims.replyWithin`) and by the workspace's clock alike:
   * an enquiry is due `promiseHours` after it arrived; applications have a clock only when
   * `applicationHours` is a number. The owner (or everyone who receives the lead) is reminded
   * `reminderHours` before it is due.
   */
  replyClock: { promiseHours: number; applicationHours: number | null; reminderHours: number };
  limits: {
    /** Largest upload the careers form accepts, in megabytes. */
    maxUploadMb: number;
    /** Delay before scrolling to the services after arriving home from a service page. */
    servicesScrollDelayMs: number;
    /** Feature bullets shown on a service card before "+N more services". */
    cardFeatureBullets: number;
  };
  stewardTiers: { name: string; price: string; unit?: string }[];
  /**
   * What UK company law asks a company's website to show (the Companies Act 2006 trading disclosures):
   * the registered name (`legalName` above), the company number, the part of the UK it is registered in
   * and the registered office. Shown in the footer of every page and in the JSON-LD.
   */
  registration: {
    companyNumber: string;
    /** "England and Wales", "Scotland" or "Northern Ireland". */
    registeredIn: string;
    /** The registered office, on one line; often the head office, sometimes an accountant's. */
    registeredOffice: string;
    /** Shown when the company is registered for VAT. */
    vatNumber?: string;
  };
  /** Insurance the company holds, as buyers ask for it: the kind of cover and the amount. */
  insurance: { name: string; cover: string }[];
  /** Where the company works: shown on the home page and given to search engines as `areaServed`. */
  areasServed: { region: string; places: string[] };
};

/** Every enquiry is answered within this many hours: the promise on the pages and the workspace's clock. */
const replyPromiseHours = 24;

export const site = {
  brand: "Cottonopolis Facilities",
  legalName: "Cottonopolis Facilities & Staffing Ltd",
  blurb:
    "Cleaning, housekeeping, warehouse, security and event staff for businesses across Greater Manchester, managed from our office in the city centre.",
  siteUrl: "https://www.cottonopolis.example",
  phone: { display: "0161 496 0123", e164: "+441614960123" },
  email: "enquiries@cottonopolis.example",
  address: {
    street: "Suite 4, 52 Mosley Street",
    locality: "Manchester",
    postcode: "M2 3HZ",
    country: "United Kingdom",
    countryCode: "GB",
    geo: { latitude: 53.4787, longitude: -2.2405 },
  },
  gettingHere: [
    "By tram: Piccadilly Gardens and St Peter's Square stops are both about a 5 minute walk.",
    "By bus: most city-centre routes stop at Piccadilly Gardens, a few minutes away.",
    "By car: there is paid parking nearby; we are happy to suggest the closest car park when you book a visit.",
  ],
  map: {
    name: "OpenStreetMap",
    embedUrl:
      "https://www.openstreetmap.org/export/embed.html?bbox=-2.2445%2C53.4767%2C-2.2365%2C53.4807&layer=mapnik&marker=53.4787%2C-2.2405",
    linkUrl: "https://www.openstreetmap.org/?mlat=53.4787&mlon=-2.2405#map=18/53.4787/-2.2405",
    origin: "https://www.openstreetmap.org",
  },
  social: {
    name: "LinkedIn",
    url: "https://www.linkedin.com/company/cottonopolis-facilities",
  },
  credit: { name: "Mill Lane Digital", url: "https://www.mill-lane-digital.example" },
  hours: [
    { days: "Monday-Friday", time: "8:00 AM-6:00 PM" },
    { days: "Saturday", time: "9:00 AM-4:00 PM" },
    { days: "Sunday and bank holidays", time: "emergency calls only" },
  ],
  emergency: "Emergency service 24/7 for existing clients.",
  claims: {
    yearsExperience: 15,
    founded: "June 2024",
    satisfaction: "100%",
    support: "24/7",
    replyWithin: `${replyPromiseHours} hours`,
    placement: "48hr",
    replacement: "24hr",
    licensed: "100%",
    retention: "100%",
    safety: "100%",
  },
  replyClock: { promiseHours: replyPromiseHours, applicationHours: null, reminderHours: 4 },
  limits: {
    maxUploadMb: 5,
    servicesScrollDelayMs: 300,
    cardFeatureBullets: 3,
  },
  stewardTiers: [
    { name: "Essential", price: "£16", unit: "/hour" },
    { name: "Professional Plus", price: "£18", unit: "/hour" },
    { name: "Premium", price: "Custom pricing" },
  ],
  // The default identity is fictional, like the phone number (from Ofcom's range for drama) and the
  // .example e-mail domain: replace the number, office and cover with the company's own.
  registration: {
    companyNumber: "19482306",
    registeredIn: "England and Wales",
    registeredOffice: "Suite 4, 52 Mosley Street, Manchester M2 3HZ",
  },
  insurance: [
    { name: "Employers' liability", cover: "£10 million" },
    { name: "Public liability", cover: "£10 million" },
  ],
  areasServed: {
    region: "Greater Manchester",
    places: [
      "Bolton",
      "Bury",
      "Manchester",
      "Oldham",
      "Rochdale",
      "Salford",
      "Stockport",
      "Tameside",
      "Trafford",
      "Wigan",
    ],
  },
} satisfies SiteConfig;

/** The company's registration details as the footer shows them: one sentence, and the VAT number if any. */
export function registrationText(legalName: string, registration: SiteConfig["registration"]): string {
  const vat = registration.vatNumber ? ` VAT number ${registration.vatNumber}.` : "";
  return `${legalName} is registered in ${registration.registeredIn}, company number ${registration.companyNumber}. Registered office: ${registration.registeredOffice}.${vat}`;
}

/** The office address on one line, as it appears in the footer. */
export const addressLine = `${site.address.street}, ${site.address.locality} ${site.address.postcode}, ${site.address.country}`;
