/**
 * The Contact page's words as site content (the kind `page`, key `contact`): the title and description a
 * search result shows, the hero's badge, heading and text, the phone and e-mail panels' headings and
 * texts, the office and hours cards' headings, the emergency note's heading, and "Find Our Office"'s text
 * with the directions to the office. The phone, e-mail, address, hours and emergency line are the company's
 * details (./company-facts.ts); the panels' actions (Call Now, Send Email), the "Find Our Office" heading
 * and the form's labels and messages are fixed by the specification and stay code. The shipped words below
 * are the page's first published version, so a visitor sees nothing change when the words move here.
 */
import { site } from "../config/site.ts";
import { z } from "../forms/zod.ts";
import { heroLimits } from "./about-page.ts";
import { type PageShape, searchLimits, wordsText } from "./page-words.ts";

/** The longest each of the page's smaller words may be: what its card or line holds on a phone. */
export const contactLimits = {
  badge: 40,
  heading: 40,
  text: 160,
  intro: 300,
  directions: 600,
} as const;

/** The Contact page's form: its texts, in the page's order, no lists. */
export const contactShape = {
  texts: [
    {
      field: "meta.title",
      label: "Title in search results",
      max: searchLimits.title.max,
      warnAbove: searchLimits.title.shown,
      description: `The page's title in search results and browser tabs; " | ${site.brand}" is added after it.`,
      lines: "one",
    },
    {
      field: "meta.description",
      label: "Description in search results",
      max: searchLimits.description.max,
      warnAbove: searchLimits.description.shown,
      description: "One or two sentences a search result shows under the title.",
      lines: "several",
    },
    {
      field: "hero.badge",
      label: "Badge above the heading",
      max: contactLimits.badge,
      description: "A word or two in the small label above the heading.",
      lines: "one",
    },
    {
      field: "hero.title",
      label: "Heading",
      max: heroLimits.title,
      description: "The page's main heading, at the top.",
      lines: "one",
    },
    {
      field: "hero.intro",
      label: "Text under the heading",
      max: heroLimits.intro,
      description: `At most ${heroLimits.intro} characters.`,
      lines: "several",
    },
    {
      field: "phone.heading",
      label: "Phone card's heading",
      max: contactLimits.heading,
      description: "Above the phone number; the number and Call Now come from the company's details.",
      lines: "one",
    },
    {
      field: "phone.text",
      label: "Phone card's text",
      max: contactLimits.text,
      description: `One sentence above the phone number, at most ${contactLimits.text} characters.`,
      lines: "several",
    },
    {
      field: "email.heading",
      label: "E-mail card's heading",
      max: contactLimits.heading,
      description: "Above the e-mail address; the address and Send Email come from the company's details.",
      lines: "one",
    },
    {
      field: "email.text",
      label: "E-mail card's text",
      max: contactLimits.text,
      description: `One sentence above the e-mail address, at most ${contactLimits.text} characters.`,
      lines: "several",
    },
    {
      field: "office.heading",
      label: "Office card's heading",
      max: contactLimits.heading,
      description: "Above the company's name and office address.",
      lines: "one",
    },
    {
      field: "hours.heading",
      label: "Opening hours card's heading",
      max: contactLimits.heading,
      description: "Above the opening hours, which come from the company's details.",
      lines: "one",
    },
    {
      field: "hours.emergencyHeading",
      label: "Emergency note's heading",
      max: contactLimits.heading,
      description: "In bold before the emergency line, which comes from the company's details.",
      lines: "one",
    },
    {
      field: "findUs.intro",
      label: "Text under Find Our Office",
      max: contactLimits.intro,
      description: `At most ${contactLimits.intro} characters.`,
      lines: "several",
    },
    {
      field: "findUs.gettingHereHeading",
      label: "Directions' heading",
      max: contactLimits.heading,
      description: "Above the directions to the office.",
      lines: "one",
    },
    {
      field: "findUs.gettingHere",
      label: "Directions to the office",
      max: contactLimits.directions,
      description:
        "One way of getting here on each line (by tram, by bus, by car); each line is shown as its own.",
      lines: "several",
    },
  ],
  lists: [],
  icons: [],
} as const satisfies PageShape;

/** A short text of the page: one line, required, at most `max` characters. */
const line = (label: string, max: number) => wordsText(label, max);

/** The Contact page's words as stored in a version and shown by the page. */
export const contactPageSchema = z.object({
  meta: z.object({
    title: line("title in search results", searchLimits.title.max),
    description: line("description in search results", searchLimits.description.max),
  }),
  hero: z.object({
    badge: line("badge above the heading", contactLimits.badge),
    title: line("heading", heroLimits.title),
    intro: line("text under the heading", heroLimits.intro),
  }),
  phone: z.object({
    heading: line("phone card's heading", contactLimits.heading),
    text: line("phone card's text", contactLimits.text),
  }),
  email: z.object({
    heading: line("e-mail card's heading", contactLimits.heading),
    text: line("e-mail card's text", contactLimits.text),
  }),
  office: z.object({ heading: line("office card's heading", contactLimits.heading) }),
  hours: z.object({
    heading: line("opening hours card's heading", contactLimits.heading),
    emergencyHeading: line("emergency note's heading", contactLimits.heading),
  }),
  findUs: z.object({
    intro: line("text under Find Our Office", contactLimits.intro),
    gettingHereHeading: line("directions' heading", contactLimits.heading),
    // One way of getting here a line: the page shows each line as its own item.
    gettingHere: wordsText("directions to the office", contactLimits.directions, "lines"),
  }),
});

/** The Contact page's words staff keep. */
export type ContactPage = z.infer<typeof contactPageSchema>;

/** A text of several lines as its lines: each trimmed, blank ones left out. */
export function linesOf(text: string): string[] {
  return text
    .split("\n")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The words the site shipped with: the Contact page's first published version, in the schema's order. */
export const shippedContactPage: ContactPage = {
  meta: {
    title: "Contact Us",
    description: `Call, e-mail or send us a message about cleaning, security, housekeeping, warehouse or steward staff. We reply within ${site.claims.replyWithin}.`,
  },
  hero: {
    badge: "Contact",
    title: "Get in Touch",
    intro: `Tell us what you need and we will reply within ${site.claims.replyWithin}. For anything urgent, call us.`,
  },
  phone: { heading: "Phone", text: "Speak to our office team during opening hours." },
  email: {
    heading: "Email",
    text: `Send us the details and we will reply within ${site.claims.replyWithin}.`,
  },
  office: { heading: "Head Office" },
  hours: { heading: "Office Hours", emergencyHeading: "Emergency services" },
  findUs: {
    intro: "We are in the heart of Manchester city centre. Visitors are welcome by appointment.",
    gettingHereHeading: "Getting here",
    gettingHere: site.gettingHere.join("\n"),
  },
};
