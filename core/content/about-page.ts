/**
 * The About page's words as site content (the kind `page`, key `about`): the title and description a
 * search result shows, the hero's heading, text and years of experience, the story, the two figures, the
 * promise's cards and the cards of "Our Values" and "Quality Assurance", shaped as the page lays them
 * out. The words that make claims a buyer relies on (the years, the story that repeats them, the figures,
 * the promise) are flagged `claim`: a change to them needs a second person's approval. The founding date
 * is the company's fact (./company-facts.ts), drawn beside the years. The shipped words below are the
 * page's first published version, so a visitor sees nothing change when the words move here; a version
 * saved before the claims became words reads them as shipped (each part's default below).
 */
import { site } from "../config/site.ts";
import { z } from "../forms/zod.ts";
import {
  cardListSchema,
  frameLimits,
  frameText,
  type PageShape,
  paragraphsText,
  searchLimits,
  sectionSchema,
  wordsText,
} from "./page-words.ts";

/** The icons the About page's cards draw: the ones it drew before its words became content. */
export const aboutIcons = [
  "award",
  "shield-check",
  "heart-handshake",
  "lightbulb",
  "clipboard-check",
  "file-check",
  "users",
  "message-square-text",
  "timer",
  "handshake",
] as const;
export type AboutIcon = (typeof aboutIcons)[number];

/** Each icon as the form names it. */
export const aboutIconWords: Record<AboutIcon, string> = {
  award: "Award (excellence)",
  "shield-check": "Shield and tick (reliability)",
  "heart-handshake": "Heart and handshake (people)",
  lightbulb: "Light bulb (ideas)",
  "clipboard-check": "Clipboard and tick (checks)",
  "file-check": "Document and tick (compliance)",
  users: "People (team)",
  "message-square-text": "Speech bubble (replies)",
  timer: "Timer (speed)",
  handshake: "Handshake (agreement)",
};

/** The longest a hero's heading and text may be: what the hero holds on a phone. */
export const heroLimits = { title: 80, intro: 300 } as const;

/** The longest the About page's other words may be: a section's heading, a fact, the story, a figure. */
export const aboutLimits = { heading: 60, fact: 60, story: 2_000, figure: 8, figureLabel: 30 } as const;

/** A figure's two fields ("100%" and "Client Satisfaction"), read by the page as one phrase. */
function figureTexts(field: "first" | "second", which: string) {
  return [
    {
      field: `figures.${field}.number`,
      label: `${which} figure`,
      max: aboutLimits.figure,
      description: `A short figure, such as 24/7 or 48hr, at most ${aboutLimits.figure} characters. Shown large beside the story.`,
      lines: "one",
      claim: true,
    },
    {
      field: `figures.${field}.label`,
      label: `What the ${which.toLowerCase()} figure counts`,
      max: aboutLimits.figureLabel,
      description: "Read after the figure, such as Support Available.",
      lines: "one",
      claim: true,
    },
  ] as const;
}

/** The page's frame as the site shipped it: what a version saved before these were words reads. */
const shippedFrame = {
  badge: "About Us",
  sections: {
    whatWeDo: { heading: "What We Do", intro: "Five services, each run by a manager who has done the job." },
    values: { heading: "Our Values" },
    quality: {
      heading: "Quality Assurance",
      intro: "How we make sure the standard you agreed is the standard you get.",
    },
  },
  cta: {
    heading: "Let us look after your building",
    text: "Tell us what you need and a manager who knows the work will be in touch.",
  },
};

/** The frame's texts: the hero's badge, the sections' headings and introductions, and the closing band. */
const aboutFrameTexts = [
  frameText(
    "badge",
    "Badge above the heading",
    frameLimits.badge,
    "A few words in the pill above the heading.",
  ),
  frameText(
    "sections.whatWeDo.heading",
    "What We Do: heading",
    frameLimits.heading,
    "The heading above the services.",
  ),
  frameText(
    "sections.whatWeDo.intro",
    "What We Do: introduction",
    frameLimits.intro,
    "A sentence under that heading.",
    "several",
  ),
  frameText(
    "sections.values.heading",
    "Our Values: heading",
    frameLimits.heading,
    "The heading above the values' cards.",
  ),
  frameText(
    "sections.quality.heading",
    "Quality Assurance: heading",
    frameLimits.heading,
    "The heading above the quality cards.",
  ),
  frameText(
    "sections.quality.intro",
    "Quality Assurance: introduction",
    frameLimits.intro,
    "A sentence under that heading.",
    "several",
  ),
  frameText(
    "cta.heading",
    "Closing band: heading",
    frameLimits.heading,
    "The heading in the dark band at the foot of the page.",
  ),
  frameText("cta.text", "Closing band: text", frameLimits.closing, "The sentence under it.", "several"),
] as const;

/** The About page's form: its texts and its lists, in the page's order. */
export const aboutShape = {
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
      field: "facts.experience",
      label: "Years of experience",
      max: aboutLimits.fact,
      description:
        "Shown in the hero beside the founding date, which is kept in Company details. Ready to launch checks it against the founding date.",
      lines: "one",
      claim: true,
    },
    {
      field: "story.heading",
      label: "The story's heading",
      max: aboutLimits.heading,
      description: "The heading above the story.",
      lines: "one",
    },
    {
      field: "story.text",
      label: "The story",
      max: aboutLimits.story,
      description: `The company's story, a blank line between paragraphs, at most ${aboutLimits.story.toLocaleString("en-GB")} characters. Write {founded} for the founding date in Company details.`,
      lines: "several",
      claim: true,
    },
    ...figureTexts("first", "First"),
    ...figureTexts("second", "Second"),
    {
      field: "promiseHeading",
      label: "The promise's heading",
      max: aboutLimits.heading,
      description: "The heading above the promise's cards.",
      lines: "one",
    },
    ...aboutFrameTexts,
  ],
  lists: [
    // Three to a row: one row. What the company promises: a change needs a second person.
    {
      list: "promise",
      heading: "Our Promise",
      one: "promise",
      max: 3,
      columns: 3,
      claim: true,
      description: "What the company promises every client. A change needs a second person's approval.",
    },
    // Four to a row on a wide screen: one row.
    { list: "values", heading: "Our Values", one: "value", max: 4, columns: 4 },
    // Three to a row: one row.
    { list: "quality", heading: "Quality Assurance", one: "assurance", max: 3, columns: 3 },
  ],
  icons: aboutIcons,
} as const satisfies PageShape;

/** A figure beside the story: the figure and what it counts. */
const figure = z.object({
  number: wordsText("figure", aboutLimits.figure),
  label: wordsText("figure's words", aboutLimits.figureLabel),
});

/** The claims' words as the site shipped them: what a version saved before they became words reads. */
const shippedClaims = {
  facts: { experience: `Over ${site.claims.yearsExperience} years of experience` },
  story: {
    heading: "Our Story",
    text: [
      `${site.brand} was founded by people who had spent their careers running cleaning contracts, security teams and event crews around Manchester. Between us we bring over ${site.claims.yearsExperience} years of experience, and we kept hearing the same complaint from the businesses we worked with: too many suppliers, too many phone numbers, and nobody who owned the problem when a shift went unfilled.`,
      "So we built one company to do it properly. We recruit locally, train our people for the work in front of them, pay them fairly and keep them, because a team that stays is a team that knows your building. Our office is in the city centre, a short walk from Piccadilly Gardens, and our managers visit the sites they look after.",
    ].join("\n\n"),
  },
  figures: {
    first: { number: site.claims.satisfaction, label: "Client Satisfaction" },
    second: { number: site.claims.support, label: "Support Available" },
  },
  promiseHeading: "Our Promise",
  promise: [
    {
      title: `A reply within ${site.claims.replyWithin}`,
      text: "Every enquiry is answered by a person who can act on it, not passed around.",
      icon: "message-square-text",
    },
    {
      title: "Cover when it matters",
      text: `If someone cannot make a shift, we replace them, usually within ${hoursWords(site.claims.replacement)}.`,
      icon: "timer",
    },
    {
      title: "Straight answers",
      text: "Clear quotes, no hidden extras, and honest advice if another approach would suit you better.",
      icon: "handshake",
    },
  ] satisfies { title: string; text: string; icon: AboutIcon }[],
};

/** "24hr" as "24 hours", as the promise reads it. */
function hoursWords(claim: string): string {
  const match = /^(\d+)\s*(?:hr|hrs|hours?)$/i.exec(claim.trim());
  if (!match) return claim;
  return match[1] === "1" ? "1 hour" : `${match[1]} hours`;
}

/**
 * The About page's words as stored in a version and shown by the page. The parts added with the claims
 * default to the shipped words, so a version saved before still reads, as the page always showed it.
 */
export const aboutPageSchema = z.object({
  meta: z.object({
    title: wordsText("title in search results", searchLimits.title.max),
    description: wordsText("description in search results", searchLimits.description.max),
  }),
  hero: z.object({
    title: wordsText("heading", heroLimits.title),
    intro: wordsText("text under the heading", heroLimits.intro),
  }),
  values: cardListSchema(aboutIcons, aboutShape.lists[1]),
  quality: cardListSchema(aboutIcons, aboutShape.lists[2]),
  facts: z
    .object({ experience: wordsText("years of experience", aboutLimits.fact) })
    .default(() => structuredClone(shippedClaims.facts)),
  story: z
    .object({
      heading: wordsText("story's heading", aboutLimits.heading),
      text: paragraphsText("story", aboutLimits.story),
    })
    .default(() => structuredClone(shippedClaims.story)),
  figures: z.object({ first: figure, second: figure }).default(() => structuredClone(shippedClaims.figures)),
  promiseHeading: wordsText("promise's heading", aboutLimits.heading).default(shippedClaims.promiseHeading),
  promise: cardListSchema(aboutIcons, aboutShape.lists[0]).default(() =>
    structuredClone(shippedClaims.promise),
  ),
  badge: wordsText("badge above the heading", frameLimits.badge).default(shippedFrame.badge),
  sections: z
    .object({
      whatWeDo: sectionSchema("What We Do"),
      values: z.object({ heading: wordsText("heading of Our Values", frameLimits.heading) }),
      quality: sectionSchema("Quality Assurance"),
    })
    .default(() => structuredClone(shippedFrame.sections)),
  cta: z
    .object({
      heading: wordsText("closing band's heading", frameLimits.heading),
      text: wordsText("closing band's text", frameLimits.closing),
    })
    .default(() => structuredClone(shippedFrame.cta)),
});

/** The About page's words staff keep. */
export type AboutPage = z.infer<typeof aboutPageSchema>;

/** The words the site shipped with: the About page's first published version, in the schema's order. */
export const shippedAboutPage: AboutPage = {
  meta: {
    title: "About Us",
    description: `Who we are: a Manchester facilities and staffing company with over ${site.claims.yearsExperience} years of experience behind it, looking after local businesses.`,
  },
  hero: {
    title: `About ${site.brand}`,
    intro:
      "A Manchester company that supplies dependable people for buildings and events: cleaners, security officers, housekeepers, warehouse workers and stewards.",
  },
  values: [
    {
      title: "Excellence",
      text: "We do the job properly the first time and check it, even where nobody else would look.",
      icon: "award",
    },
    {
      title: "Reliability",
      text: "We turn up, on time, every time, and we tell you early if anything changes.",
      icon: "shield-check",
    },
    {
      title: "People-First",
      text: "Fair pay, proper training and respect for our staff mean better service for you.",
      icon: "heart-handshake",
    },
    {
      title: "Innovation",
      text: "Digital check sheets, better products and smarter rotas where they genuinely help.",
      icon: "lightbulb",
    },
  ],
  quality: [
    {
      title: "Quality Management",
      text: "Every site has a written plan. Supervisors inspect against it, record the results and share them with you.",
      icon: "clipboard-check",
    },
    {
      title: "Compliance Standards",
      text: "SIA licensing for security roles, enhanced DBS checks where the work requires them, and right-to-work checks on everyone we employ.",
      icon: "file-check",
    },
    {
      title: "Service Reliability",
      text: "Shifts are confirmed in advance, absences are covered from a trained relief team, and you have one named contact.",
      icon: "users",
    },
  ],
  ...structuredClone(shippedClaims),
  ...structuredClone(shippedFrame),
};
