/**
 * The Careers page's words as site content (the kind `page`, key `careers`): the cards of "Why Join Our
 * Team" and "Our Values", shaped as the page lays them out. Each card is a title, a short text and an icon
 * from the fixed set the page draws; each list holds at most what its rows take. The zod schema here is
 * what every saved version is checked by and what the page renders from; the shipped words below are the
 * page's first published version, so a visitor sees nothing change when the content moves here.
 */
import { characterProblem } from "../characters.ts";
import { z } from "../forms/zod.ts";

/** The icons a card may show: the ones the Careers page drew before its words became content. */
export const pageIcons = [
  "banknote",
  "graduation-cap",
  "clock",
  "heart-handshake",
  "users",
  "star",
  "sprout",
] as const;
export type PageIcon = (typeof pageIcons)[number];

/** Each icon as the form names it. */
export const pageIconWords: Record<PageIcon, string> = {
  banknote: "Banknote (pay)",
  "graduation-cap": "Graduation cap (training)",
  clock: "Clock (hours)",
  "heart-handshake": "Heart and handshake (support)",
  users: "People (team)",
  star: "Star (quality)",
  sprout: "Sprout (growth)",
};

/** One card: its title, a short text under it, and its icon. */
export type PageCard = { title: string; text: string; icon: PageIcon };

/** The Careers page's words staff keep. */
export type CareersPage = { benefits: PageCard[]; values: PageCard[] };

/** The lists a Careers page holds, in the page's order, with their words and how many cards fit. */
export const careersLists = {
  // Four to a row on a wide screen: two rows.
  benefits: { heading: "Why Join Our Team", one: "benefit", max: 8 },
  // Three to a row: two rows.
  values: { heading: "Our Values", one: "value", max: 6 },
} as const;
export type CareersList = keyof typeof careersLists;
export const careersListNames = Object.keys(careersLists) as CareersList[];

/** The longest a card's title and text may be: what a card holds without crowding its row. */
export const cardLimits = { title: 40, text: 160 } as const;

const cardText = (label: string, max: number, shape: "one line" | "lines") =>
  z
    .string({ error: `Enter the card's ${label}.` })
    .transform((value) => value.normalize("NFC").trim())
    .pipe(
      z
        .string()
        .min(1, { error: `Enter the card's ${label}.` })
        .max(max, { error: `The ${label} must be ${max} characters or fewer.` })
        .superRefine((value, ctx) => {
          const problem = characterProblem(value, `The ${label}`, shape);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
    );

const cardSchema = z.object({
  title: cardText("title", cardLimits.title, "one line"),
  text: cardText("text", cardLimits.text, "one line"),
  icon: z.enum(pageIcons, { error: "Choose an icon from the list." }),
});

const duplicateTitle = "Another card in this list has this title: give each its own.";

const listSchema = (list: CareersList) =>
  z
    .array(cardSchema)
    .min(1, { error: `Keep at least one ${careersLists[list].one}.` })
    .max(careersLists[list].max, {
      error: `${careersLists[list].heading} holds at most ${careersLists[list].max} cards.`,
    })
    .superRefine((cards, ctx) => {
      const seen = new Set<string>();
      cards.forEach((card, index) => {
        const title = card.title.toLowerCase();
        if (seen.has(title)) {
          ctx.addIssue({
            code: "custom",
            path: [index, "title"],
            message: duplicateTitle,
          });
        }
        seen.add(title);
      });
    });

/** The Careers page's words as stored in a version and shown by the page. */
export const careersPageSchema = z.object({ benefits: listSchema("benefits"), values: listSchema("values") });

/** The words the site shipped with: the Careers page's first published version (each card's fields in the schema's order, as stored). */
export const shippedCareersPage: CareersPage = {
  benefits: [
    {
      title: "Competitive Compensation",
      text: "Fair hourly rates, paid weekly and on time, with holiday pay and a workplace pension.",
      icon: "banknote",
    },
    {
      title: "Training & Development",
      text: "Paid induction and training, plus support towards licences and qualifications as you progress.",
      icon: "graduation-cap",
    },
    {
      title: "Flexible Working",
      text: "Day, evening, night and weekend shifts, full or part time, planned around your life.",
      icon: "clock",
    },
    {
      title: "Supportive Environment",
      text: "A supervisor you can reach on every shift and an office team that knows your name.",
      icon: "heart-handshake",
    },
  ],
  values: [
    {
      title: "People First",
      text: "We look after our staff, because people who are treated well look after our clients.",
      icon: "users",
    },
    {
      title: "Excellence",
      text: "We take pride in doing the job properly, on every shift, whoever is watching.",
      icon: "star",
    },
    {
      title: "Growth",
      text: "Many of our supervisors started on the front line. We help you go as far as you want to.",
      icon: "sprout",
    },
  ],
};

/** The form's field a card's part is posted as: "benefits.2.title". */
export const cardField = (list: CareersList, index: number, part: keyof PageCard) =>
  `${list}.${index}.${part}`;

/** The form's cards as posted, before they are checked: every value a string. */
export type CareersPageFields = Record<CareersList, { title: string; text: string; icon: string }[]>;

/** The page's words as the form shows them. */
export function careersFieldsOf(page: CareersPage): CareersPageFields {
  return {
    benefits: page.benefits.map((card) => ({ ...card })),
    values: page.values.map((card) => ({ ...card })),
  };
}

/** The most cards a posted list is read to, whatever the post says: more than any list may hold. */
const mostPosted = 20;

/** The cards posted by the form, in their order ("benefits.0.title" ...), as typed. */
export function careersFieldsFrom(read: (name: string) => string | null): CareersPageFields {
  const fields: CareersPageFields = { benefits: [], values: [] };
  for (const list of careersListNames) {
    for (let index = 0; index < mostPosted; index++) {
      const title = read(cardField(list, index, "title"));
      if (title === null) break;
      fields[list].push({
        title,
        text: read(cardField(list, index, "text")) ?? "",
        icon: read(cardField(list, index, "icon")) ?? "",
      });
    }
  }
  return fields;
}

/**
 * A change to the form's cards that is not saved: a card moved up or down, removed, or a blank one added
 * at the end of a list. The words typed stay as they were.
 */
export type CardMove =
  | { list: CareersList; index: number; move: "up" | "down" | "remove" }
  | { list: CareersList; move: "add" };

/** Reads a move button's value ("benefits:2:up", "values:add"); null when it is not one. */
export function cardMoveOf(value: string): CardMove | null {
  const match = /^(benefits|values):(?:(\d{1,2}):(up|down|remove)|(add))$/.exec(value);
  if (!match) return null;
  const list = match[1] as CareersList;
  if (match[4]) return { list, move: "add" };
  return { list, index: Number(match[2]), move: match[3] as "up" | "down" | "remove" };
}

/** The form's cards after a move; a move a list cannot make (past either end, past its limit) changes nothing. */
export function moveCard(fields: CareersPageFields, move: CardMove): CareersPageFields {
  const cards = [...fields[move.list]];
  if (move.move === "add") {
    if (cards.length < careersLists[move.list].max) cards.push({ title: "", text: "", icon: "" });
  } else if (move.move === "remove") {
    if (cards.length > 1 && move.index < cards.length) cards.splice(move.index, 1);
  } else {
    const to = move.move === "up" ? move.index - 1 : move.index + 1;
    const [a, b] = [cards[move.index], cards[to]];
    if (a && b) {
      cards[move.index] = b;
      cards[to] = a;
    }
  }
  return { ...fields, [move.list]: cards };
}

/** The form's cards checked as the page's words: the value, or each problem by its field ("benefits.1.text"). */
export function careersPageFromFields(
  fields: CareersPageFields,
): { ok: true; value: CareersPage } | { ok: false; problems: Record<string, string> } {
  const parsed = careersPageSchema.safeParse(fields);
  if (parsed.success) return { ok: true, value: parsed.data as CareersPage };
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String);
    // A problem with a whole list (too few, too many) is shown by its first card's title.
    const field = path.length >= 3 ? path.join(".") : `${path[0] ?? "benefits"}.0.title`;
    problems[field] ??= issue.message;
  }
  // The titles' rule is the list's, which zod checks only once every card passes: say it at once.
  for (const list of careersListNames) {
    const seen = new Set<string>();
    fields[list].forEach((card, index) => {
      const title = card.title.normalize("NFC").trim().toLowerCase();
      if (title && seen.has(title)) problems[cardField(list, index, "title")] ??= duplicateTitle;
      seen.add(title);
    });
  }
  return { ok: false, problems };
}

/** One line of a readable difference, as model.ts's ContentChange. */
type Change = { field: string; before: string; after: string };

const cardWords = (card: PageCard | undefined) =>
  card ? `${card.title}: ${card.text} (${pageIconWords[card.icon] ?? card.icon})` : "";

/** The cards that differ between two versions of the page, each with its words before and after. */
export function careersPageChanges(before: CareersPage, after: CareersPage): Change[] {
  const changes: Change[] = [];
  for (const list of careersListNames) {
    const count = Math.max(before[list].length, after[list].length);
    for (let index = 0; index < count; index++) {
      const [was, now] = [cardWords(before[list][index]), cardWords(after[list][index])];
      if (was !== now) {
        changes.push({ field: `${careersLists[list].heading}, card ${index + 1}`, before: was, after: now });
      }
    }
  }
  return changes;
}
