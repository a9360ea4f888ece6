/**
 * What a case study is: one piece of work for one client, told with what a buyer can weigh (the site,
 * the problem, what was done, the results in numbers) and the client's own words, with who said them and
 * when. Each lives in its own file under `content/`; `index.ts` lists them.
 */
import type { ServiceKey } from "../config/service-list.ts";

/** A month as `YYYY-MM`: when the work started, or when words were given. */
export type Month = `${number}-${number}`;

/** How a person gave their permission to be quoted by name. */
export const permissionWays = ["email", "letter", "signed-form", "in-person"] as const;
export type PermissionWay = (typeof permissionWays)[number];

/** The words each way reads as, in the workspace. */
export const permissionWayWords: Record<PermissionWay, string> = {
  email: "By e-mail",
  letter: "By letter",
  "signed-form": "On a signed form",
  "in-person": "In person",
};

/**
 * The record of a person's permission to be quoted by name: who agreed (the person, or someone for them),
 * the day, how, and an optional note. Kept with the quote in the workspace; never shown on the pages.
 */
export type TestimonialPermission = {
  agreedBy: string;
  agreedOn: `${number}-${number}-${number}`;
  how: PermissionWay;
  note?: string;
};

/** The client's words, never without who said them, their role and when (a date as `YYYY-MM-DD`). */
export type Testimonial = {
  quote: string;
  /** The person's name as they agreed to be named ("Priya Shah" or "Priya S."). */
  name: string;
  /** Their role at the client ("Facilities Manager"). */
  role: string;
  /** When they gave these words, as `YYYY-MM-DD`: the age limit counts from this day. */
  date: `${number}-${number}-${number}`;
  /** Who agreed to the quote being shown, when and how (required of every case study staff make). */
  permission?: TestimonialPermission;
};

/** Who the client is: its sector always; its name only when the client has agreed to be named. */
export type CaseStudyClient =
  | { sector: string; namedWithPermission?: false; clientName?: never }
  | { sector: string; namedWithPermission: true; clientName: string };

/** One result, as a figure and what it measures ("38%", "fewer out-of-hours call-outs"). */
export type CaseStudyResult = { figure: string; measure: string };

export type CaseStudy = {
  /** The last part of its address: `/case-studies/<slug>`, and its share image's name. */
  slug: string;
  title: string;
  /** One or two sentences for cards, the page's description and its share image. */
  summary: string;
  client: CaseStudyClient;
  /** The site as a buyer compares it with their own. */
  site: {
    /** What kind of site, and where ("Distribution centre in Trafford Park"). */
    kind: string;
    /** How big ("12,000 square metres over two floors"). */
    size: string;
    /** When we are there ("Weeknights 18:00 to 06:00 and all weekend"). */
    hours: string;
  };
  /** The services the work used, the first being the main one. */
  services: readonly [ServiceKey, ...ServiceKey[]];
  /** When the work began, as `YYYY-MM`: the lists show the newest first. */
  started: Month;
  /** What was wrong before, as paragraphs. */
  problem: readonly string[];
  /** What we did, as paragraphs. */
  approach: readonly string[];
  results: readonly [CaseStudyResult, ...CaseStudyResult[]];
  /** The client's words; null once the person withdrew their permission or asked to be erased. */
  testimonial: Testimonial | null;
  /**
   * Photos from the picture library, by id: the first is the lead photo under the heading, the others a
   * small gallery. None when absent (the shipped samples have none).
   */
  photos?: readonly string[];
  /**
   * True for the examples the repository ships: the company in them is fictional, so each is marked as a
   * sample on its page until the owner replaces it with real work (docs/staff-guide.md, "Case studies and testimonials").
   */
  sample: boolean;
};
