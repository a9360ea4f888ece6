/**
 * The privacy notice's prose as site content (the kind `page`, key `privacy`): its title and description,
 * its heading and date, each section's heading, and the paragraphs and lists that state no fact the code
 * keeps. What the notice promises from the code stays code, read where it is today, so the notice can never
 * promise what the system does not do: the retention periods (the purge reads the same config), the
 * controller's name and the company's contact details (./company-facts.ts), the map's provider, the forms'
 * table of what each collects and why, and the rules the reviews are shown by. Every version needs a
 * second person's approval (./model.ts `needsApproval`). The shipped words below are the notice's first
 * published version, so a visitor sees nothing change when the words move here.
 */
import { z } from "../forms/zod.ts";
import { type PageShape, type PageText, searchLimits, wordsText } from "./page-words.ts";

/** The longest the notice's words may be: a heading on one line, a section's prose, a list's items. */
export const privacyLimits = { heading: 80, updated: 40, text: 2500, list: 1500 } as const;

/** A section's heading as the form asks for it. */
const heading = (field: string, section: string): PageText => ({
  field,
  label: `${section}: heading`,
  max: privacyLimits.heading,
  description: "The section's heading.",
  lines: "one",
});

/** A section's prose as the form asks for it: paragraphs separated by a blank line. */
const prose = (field: string, label: string, description: string): PageText => ({
  field,
  label,
  max: privacyLimits.text,
  description: `${description} Leave a blank line between paragraphs.`,
  lines: "several",
  rows: 6,
});

/** A list's items as the form asks for them: one a line. */
const items = (field: string, label: string, description: string): PageText => ({
  field,
  label,
  max: privacyLimits.list,
  description: `${description} One item a line.`,
  lines: "several",
  rows: 6,
});

/** The privacy notice's form: its texts, in the notice's order, no lists of cards. */
export const privacyShape = {
  texts: [
    {
      field: "meta.title",
      label: "Title in search results",
      max: searchLimits.title.max,
      warnAbove: searchLimits.title.shown,
      description:
        "The notice's title in search results and browser tabs; the company's name is added after it.",
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
      field: "heading",
      label: "Heading",
      max: privacyLimits.heading,
      description: "The notice's main heading, at the top.",
      lines: "one",
    },
    {
      field: "updated",
      label: "Last updated",
      max: privacyLimits.updated,
      description:
        "The month and year of the last change, shown under the heading: change it with the words.",
      lines: "one",
    },
    heading("controller.heading", "Who we are"),
    heading("collection.heading", "What we collect"),
    heading("deletion.heading", "When we delete"),
    prose(
      "deletion.text",
      "When we delete: text between the periods",
      "Shown between the paragraphs stating the deletion and backup periods, which the system's retention rules write.",
    ),
    heading("recipients.heading", "Who receives"),
    prose("recipients.text", "Who receives: text", "The whole section's text."),
    heading("rights.heading", "Your rights"),
    prose("rights.text", "Your rights: text before the list", "Introduces the list of rights."),
    items(
      "rights.list",
      "Your rights: the rights",
      "After them, how to use them, with the company's contact details, is written by the system.",
    ),
    heading("complaints.heading", "How to complain"),
    prose(
      "complaints.text",
      "How to complain: text",
      "The link to the regulator's complaint form follows it.",
    ),
    heading("visits.heading", "How we count visits"),
    prose("visits.text", "How we count visits: text before the list", "Introduces what is counted."),
    items("visits.list", "How we count visits: what is counted", "What is counted each day."),
    prose(
      "visits.more",
      "How we count visits: text after how visitors are counted",
      "After the paragraph on how a visitor is counted without a cookie and how long the totals are kept, which the system writes.",
    ),
    heading("cookies.heading", "Cookies"),
    prose(
      "cookies.text",
      "Cookies: text",
      "Before the paragraph on the map's provider, which the system writes.",
    ),
    heading("reviews.heading", "Reviews"),
    prose(
      "reviews.text",
      "Reviews: text before the rules",
      "Introduces the rules every testimonial is shown by, which the system writes from its own rules.",
    ),
    heading("changes.heading", "Changes"),
    prose("changes.text", "Changes: text", "The whole section's text."),
  ],
  lists: [],
  icons: [],
} as const satisfies PageShape;

/** A section's heading, text and list as the checks name them: 'Enter the heading of "Your rights".' */
const headingText = (section: string) => wordsText(`heading of "${section}"`, privacyLimits.heading);
const proseText = (section: string, part = "text") =>
  wordsText(`${part} of "${section}"`, privacyLimits.text, "lines");
const listText = (section: string) => wordsText(`list of "${section}"`, privacyLimits.list, "lines");

/** The privacy notice's words as stored in a version and shown by the page. */
export const privacyPageSchema = z.object({
  meta: z.object({
    title: wordsText("title in search results", searchLimits.title.max),
    description: wordsText("description in search results", searchLimits.description.max),
  }),
  heading: wordsText("heading", privacyLimits.heading),
  updated: wordsText("month and year of the last change", privacyLimits.updated),
  controller: z.object({ heading: headingText("Who we are") }),
  collection: z.object({ heading: headingText("What we collect") }),
  deletion: z.object({
    heading: headingText("When we delete"),
    text: proseText("When we delete"),
  }),
  recipients: z.object({
    heading: headingText("Who receives"),
    text: proseText("Who receives"),
  }),
  rights: z.object({
    heading: headingText("Your rights"),
    text: proseText("Your rights"),
    list: listText("Your rights"),
  }),
  complaints: z.object({
    heading: headingText("How to complain"),
    text: proseText("How to complain"),
  }),
  visits: z.object({
    heading: headingText("How we count visits"),
    text: proseText("How we count visits"),
    list: listText("How we count visits"),
    more: proseText("How we count visits", "closing text"),
  }),
  cookies: z.object({
    heading: headingText("Cookies"),
    text: proseText("Cookies"),
  }),
  reviews: z.object({
    heading: headingText("Reviews"),
    text: proseText("Reviews"),
  }),
  changes: z.object({
    heading: headingText("Changes"),
    text: proseText("Changes"),
  }),
});

/** The privacy notice's words staff keep. */
export type PrivacyPage = z.infer<typeof privacyPageSchema>;

/** A text of paragraphs as its paragraphs: split on blank lines, each on one line, blank ones left out. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, " ").trim())
    .filter(Boolean);
}

/** A list typed one item a line as its items: a leading bullet typed by habit is left out. */
export function itemsOf(text: string): string[] {
  return text
    .split("\n")
    .map((entry) => entry.replace(/^\s*[-*•]\s+/, "").trim())
    .filter(Boolean);
}

/** The words the site shipped with: the notice's first published version, in the schema's order. */
export const shippedPrivacyPage: PrivacyPage = {
  meta: {
    title: "Privacy Notice",
    description:
      "What we collect through our enquiry and job application forms, why, how long we keep it, and your rights under UK data protection law.",
  },
  heading: "Privacy Notice",
  updated: "December 2026",
  controller: { heading: "Who we are" },
  collection: { heading: "What we collect, why, and for how long" },
  deletion: {
    heading: "When we delete your information",
    text: "If an e-mail we send you cannot be delivered because the address does not exist, or you report our e-mail as spam, we note the address so that we send nothing more to it. The note holds the address and the reason, nothing else. We remove it when you ask us to delete your details, or when our team has checked the address with you and unblocks it.",
  },
  recipients: {
    heading: "Who receives your information",
    text: [
      "Only the members of our team who deal with enquiries or recruitment see what you send us. We do not sell your information or share it for marketing.",
      "We use a small number of service providers who handle information for us under contract and only on our instructions: the company that hosts this website and its database, and our e-mail provider. Your details stay in the United Kingdom or in countries the UK recognises as protecting personal data adequately.",
      "If you apply for a role with one of our clients, we share your application with that client only after telling you. We disclose information to public authorities only when the law requires it.",
    ].join("\n\n"),
  },
  rights: {
    heading: "Your rights",
    text: "Under UK data protection law you have the right to:",
    list: [
      "ask for a copy of the information we hold about you",
      "have anything inaccurate corrected",
      "have your information deleted when we no longer need it",
      "ask us to restrict how we use it",
      "object to our using it on the basis of our legitimate interests",
      "receive information you gave us in a portable format, or have it sent to someone else",
      "withdraw your agreement at any time where we rely on it, such as keeping an application longer",
    ].join("\n"),
  },
  complaints: {
    heading: "How to complain",
    text: [
      "If you are unhappy with how we have handled your information, please tell us first so that we can put it right.",
      "You also have the right to complain to the Information Commissioner's Office (ICO), the UK regulator for data protection. Call the ICO helpline on 0303 123 1113, or complain online at ico.org.uk.",
    ].join("\n\n"),
  },
  visits: {
    heading: "How we count visits",
    text: "To learn which of our pages and which links bring us enquiries and job applications, this website counts visits itself, on our own server, with no cookie and no third party. For each day we count:",
    list: [
      "the pages shown, and how many different visitors saw each",
      "the website a visit came from (its name only, such as google.com), or the campaign tags of the link followed (utm_source, utm_medium and utm_campaign)",
      "whether the browser was on a phone, a tablet or a computer",
      "the enquiries and job applications sent, and the page each was sent from",
    ].join("\n"),
    more: [
      "When you send us an enquiry or a job application, we note with it where that visit came from: the website's name or the link's campaign tags, the page you arrived on and the page you sent it from. This tells us which pages and links bring us clients and staff, not only enquiries. Nothing else about your browsing is kept with it, and the note is deleted with your enquiry or application.",
      "We count visits to improve our website and to see which services people look for, which is our legitimate interest (UK GDPR Article 6(1)(f)). The Privacy and Electronic Communications Regulations, as amended by the Data (Use and Access) Act 2025, allow counting of this kind for statistical purposes without asking first, as long as we tell you and you can object. Only our own team sees the figures.",
      "You can object at any time without having to contact us: turn on Global Privacy Control or Do Not Track in your browser or a privacy extension. This website honours both, and your visits and enquiries are then not counted at all, nor is where you came from noted with an enquiry or application. Visits with JavaScript switched off are not counted either.",
    ].join("\n\n"),
  },
  cookies: {
    heading: "Cookies and other services",
    text: "This website sets no cookies for visitors and uses no advertising, third-party analytics or tracking, so there is nothing to accept or decline. The visit counts described above are made on our own server without cookies.",
  },
  reviews: {
    heading: "How we use reviews and testimonials",
    text: "The testimonials and case studies on this website come from our own clients, about work we really did for them. With each one:",
  },
  changes: {
    heading: "Changes to this notice",
    text: "If we change how we use personal information, we will update this page and the date at the top of it.",
  },
};
