/**
 * The accreditations and memberships the company holds, each with the public register where anyone can
 * check it. The pages show each one while it is current (the home page and About all of them, each service
 * page those that bear on it), the organisation's structured data states them, and the workspace warns
 * administrators 60 and 14 days before one runs out. The rules are in `core/claims/accreditations.ts`.
 *
 * EVERY ENTRY BELOW IS A SAMPLE (`sample: true`): realistic schemes with made-up numbers, so the pages can
 * be seen working. Replace each with the company's own (scheme, number, date, link to its entry on the
 * register), set `sample: false`, and delete any the company does not hold: claiming an accreditation the
 * company does not hold misleads buyers, and for the SIA's scheme it is an offence. While samples remain,
 * the server logs a warning when it starts in production.
 */
import type { ServiceKey } from "./service-list.ts";

/** A public register, and the one host its pages are on: a link to check an entry must go there, over https. */
export type Register = { name: string; host: string };

/** The registers our accreditations can be checked on. */
export const registers = {
  siaApprovedContractors: {
    name: "the SIA's register of approved contractors",
    host: "www.services.sia.homeoffice.gov.uk",
  },
  livingWageEmployers: {
    name: "the Living Wage Foundation's list of accredited employers",
    host: "www.livingwage.org.uk",
  },
  iafCertSearch: {
    name: "IAF CertSearch, the register of accredited certificates",
    host: "www.iafcertsearch.org",
  },
  cyberEssentials: {
    name: "IASME's register of Cyber Essentials certificates",
    host: "registry.blockmarktech.com",
  },
} as const satisfies Record<string, Register>;

export type RegisterKey = keyof typeof registers;

/** A calendar day, YYYY-MM-DD. */
export type CalendarDay = `${number}-${number}-${number}`;

export type Accreditation = {
  /** The scheme or membership as its owner names it: "SIA Approved Contractor Scheme". */
  scheme: string;
  /** What it covers: for the SIA's scheme, the activities it approves us for. */
  covers: readonly string[];
  /** The services it bears on: their pages show it (none: shown on the home page and About only). */
  services: readonly ServiceKey[];
  /** The certificate, approval or membership number, as the register shows it. */
  number: string;
  /** The last day it is valid, as a calendar day in London: shown through that day, gone from the next. */
  validUntil: CalendarDay;
  /** The body that granted it. */
  issuedBy: { name: string; url: `https://${string}` };
  /** The register it is listed on, and the page there where anyone can check it (never shown without). */
  register: RegisterKey;
  checkUrl: `https://${string}`;
  /** A shipped example the owner must replace; true for every entry until they do. */
  sample: boolean;
};

const everyService: readonly ServiceKey[] = [
  "cleaning",
  "securityOfficers",
  "housekeeping",
  "warehouse",
  "steward",
];

// SAMPLES: replace every entry with the company's own, or delete it (see the note at the top).
export const accreditations: readonly Accreditation[] = [
  {
    scheme: "SIA Approved Contractor Scheme",
    covers: ["Security guarding", "Door supervision", "Key holding and alarm response"],
    services: ["securityOfficers", "steward"],
    number: "SAMPLE-ACS-48213",
    validUntil: "2031-03-03",
    issuedBy: {
      name: "Security Industry Authority",
      url: "https://www.gov.uk/government/organisations/security-industry-authority",
    },
    register: "siaApprovedContractors",
    checkUrl: "https://www.services.sia.homeoffice.gov.uk/Pages/acs-roac.aspx",
    sample: true,
  },
  {
    scheme: "Living Wage Employer",
    covers: ["Every member of our staff, on our clients' sites too, is paid at least the real Living Wage"],
    services: everyService,
    number: "SAMPLE-LWF-7731",
    validUntil: "2032-06-30",
    issuedBy: { name: "Living Wage Foundation", url: "https://www.livingwage.org.uk" },
    register: "livingWageEmployers",
    checkUrl: "https://www.livingwage.org.uk/accredited-living-wage-employers",
    sample: true,
  },
  {
    scheme: "ISO 9001:2015 Quality management",
    covers: [
      "Supplying cleaning, security, housekeeping, warehouse and event staff, and managing them on site",
    ],
    services: everyService,
    number: "SAMPLE-QMS-30418",
    validUntil: "2030-09-14",
    issuedBy: { name: "Sample Certification Ltd (UKAS accredited)", url: "https://www.ukas.com" },
    register: "iafCertSearch",
    checkUrl: "https://www.iafcertsearch.org/",
    sample: true,
  },
  {
    scheme: "ISO 45001:2018 Occupational health and safety",
    covers: ["Health and safety of our staff working on clients' premises"],
    services: ["cleaning", "housekeeping", "warehouse", "steward"],
    number: "SAMPLE-OHS-30419",
    validUntil: "2030-11-20",
    issuedBy: { name: "Sample Certification Ltd (UKAS accredited)", url: "https://www.ukas.com" },
    register: "iafCertSearch",
    checkUrl: "https://www.iafcertsearch.org/",
    sample: true,
  },
  {
    scheme: "Cyber Essentials",
    covers: [
      "Our office network, laptops, phones and cloud services, where clients' and staff's details are kept",
    ],
    services: [],
    number: "SAMPLE-CE-2096",
    validUntil: "2030-05-12",
    issuedBy: { name: "IASME Consortium", url: "https://iasme.co.uk" },
    register: "cyberEssentials",
    checkUrl: "https://registry.blockmarktech.com/",
    sample: true,
  },
];
