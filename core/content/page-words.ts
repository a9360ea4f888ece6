/**
 * A page's words as the edit form holds them, whatever the page: its single texts (a heading, an intro,
 * the title and description searchers see) and its lists of cards. Each page describes its shape once
 * (./careers-page.ts, ./about-page.ts); the form's fields, moves, checks and differences are read from
 * that shape here, so a page joins by describing itself. See docs/decisions/033-site-content-on-a-schedule.md and 037-page-words-described-by-their-shape.md.
 */
import { characterProblem } from "../characters.ts";
import { z } from "../forms/zod.ts";

/** A single text of a page: where it sits in the body ("hero.title"), its label and its limits. */
export type PageText = {
  field: string;
  label: string;
  /** Refused above this many characters. */
  max: number;
  /** Above this many, the form warns (what a search result shows) but still saves. */
  warnAbove?: number;
  description: string;
  lines: "one" | "several";
  /** Words a buyer could hold the company to (a figure, a promise, its years): a change needs a second person. */
  claim?: boolean;
};

/** A list of cards: its place in the body, its heading, its one-card word, how many fit, and its columns. */
export type PageList = {
  list: string;
  heading: string;
  one: string;
  max: number;
  columns: 3 | 4;
  /** The cards make claims a buyer could hold the company to: a change needs a second person. */
  claim?: boolean;
  /** A word for the editor about the list, shown above its cards. */
  description?: string;
};

/** A page's shape: its texts, its lists and the icons a card may choose. */
export type PageShape = {
  texts: readonly PageText[];
  lists: readonly PageList[];
  icons: readonly string[];
};

/** A card as the form holds it: every part a string, as typed. */
export type CardFields = { title: string; text: string; icon: string };

/** The form's words: each text by its field, each list's cards. */
export type PageFields = { texts: Record<string, string>; lists: Record<string, CardFields[]> };

/** The longest a card's title and text may be: what a card holds without crowding its row. */
export const cardLimits = { title: 40, text: 160 } as const;

/** A free text of site content: trimmed, required, at most `max` characters, with no hidden characters. */
export function wordsText(label: string, max: number, shape: "one line" | "lines" = "one line") {
  return z
    .string({ error: `Enter the ${label}.` })
    .transform((value) => value.normalize("NFC").trim())
    .pipe(
      z
        .string()
        .min(1, { error: `Enter the ${label}.` })
        .max(max, { error: `The ${label} must be ${max} characters or fewer.` })
        .superRefine((value, ctx) => {
          const problem = characterProblem(value, `The ${label}`, shape);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
    );
}

/** A text of paragraphs, a blank line between each: its line ends kept as "\n", at most `max` characters. */
export function paragraphsText(label: string, max: number) {
  return z
    .string({ error: `Enter the ${label}.` })
    .transform((value) => value.replace(/\r\n?/g, "\n"))
    .pipe(wordsText(label, max, "lines"));
}

const duplicateTitle = "Another card in this list has this title: give each its own.";

/** A list of cards with icons from `icons`: between one and `list.max`, each title its own. */
export function cardListSchema<Icon extends string>(icons: readonly [Icon, ...Icon[]], list: PageList) {
  const card = z.object({
    title: wordsText("card's title", cardLimits.title),
    text: wordsText("card's text", cardLimits.text),
    icon: z.enum(icons, { error: "Choose an icon from the list." }),
  });
  return z
    .array(card)
    .min(1, { error: `Keep at least one ${list.one}.` })
    .max(list.max, { error: `${list.heading} holds at most ${list.max} cards.` })
    .superRefine((cards, ctx) => {
      const seen = new Set<string>();
      cards.forEach((entry, index) => {
        const title = entry.title.toLowerCase();
        if (seen.has(title))
          ctx.addIssue({ code: "custom", path: [index, "title"], message: duplicateTitle });
        seen.add(title);
      });
    });
}

/**
 * A page's claim-bearing words (its texts and lists flagged `claim`) as one string: two versions whose
 * strings differ change a claim, so the new one needs a second person's approval. Empty for a page
 * whose shape flags none.
 */
export function claimWordsOf(shape: PageShape, body: unknown): string {
  const fields = fieldsOfBody(shape, body);
  const claims = [
    ...shape.texts.filter((text) => text.claim).map((text) => fields.texts[text.field] ?? ""),
    ...shape.lists.filter((list) => list.claim).map((list) => fields.lists[list.list] ?? []),
  ];
  return claims.length === 0 ? "" : JSON.stringify(claims);
}

/** True when the page's shape flags any of its words as a claim. */
export function hasClaims(shape: PageShape): boolean {
  return shape.texts.some((text) => text.claim) || shape.lists.some((list) => list.claim);
}

/** A several-lines text's paragraphs: split on blank lines, each paragraph's own line breaks read as spaces. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
    .filter((paragraph) => paragraph.length > 0);
}

/** The value at a dotted path of a body ("hero.title"). */
function at(body: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], body);
}

/** A page's words (a checked body) as the form shows them. */
export function fieldsOfBody(shape: PageShape, body: unknown): PageFields {
  const texts: Record<string, string> = {};
  for (const text of shape.texts) texts[text.field] = String(at(body, text.field) ?? "");
  const lists: Record<string, CardFields[]> = {};
  for (const { list } of shape.lists) {
    lists[list] = ((at(body, list) as CardFields[] | undefined) ?? []).map((card) => ({
      title: card.title,
      text: card.text,
      icon: card.icon,
    }));
  }
  return { texts, lists };
}

/** The body the form's words make, before it is checked: each text at its path, each list at its name. */
export function bodyOfFields(shape: PageShape, fields: PageFields): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const text of shape.texts) {
    const parts = text.field.split(".");
    let place = body;
    for (const part of parts.slice(0, -1)) {
      place[part] ??= {};
      place = place[part] as Record<string, unknown>;
    }
    place[parts.at(-1) as string] = fields.texts[text.field] ?? "";
  }
  for (const { list } of shape.lists) body[list] = fields.lists[list] ?? [];
  return body;
}

/** The most cards a posted list is read to, whatever the post says: more than any list may hold. */
const mostPosted = 20;

/** The form's words as posted ("hero.title", "values.0.title" ...), as typed. */
export function fieldsFromForm(shape: PageShape, read: (name: string) => string | null): PageFields {
  const fields: PageFields = { texts: {}, lists: {} };
  for (const text of shape.texts) fields.texts[text.field] = read(text.field) ?? "";
  for (const { list } of shape.lists) {
    const cards: CardFields[] = [];
    for (let index = 0; index < mostPosted; index++) {
      const title = read(`${list}.${index}.title`);
      if (title === null) break;
      cards.push({
        title,
        text: read(`${list}.${index}.text`) ?? "",
        icon: read(`${list}.${index}.icon`) ?? "",
      });
    }
    fields.lists[list] = cards;
  }
  return fields;
}

/** A change to the form's cards that saves nothing: a card moved, removed, or a blank one added. */
export type PageCardMove =
  | { list: string; index: number; move: "up" | "down" | "remove" }
  | { list: string; move: "add" };

/** Reads a move button's value ("values:2:up", "quality:add"); null when it is not one of this page's. */
export function pageCardMoveOf(shape: PageShape, value: string): PageCardMove | null {
  const match = /^([a-z]+):(?:(\d{1,2}):(up|down|remove)|(add))$/.exec(value);
  if (!match || !shape.lists.some(({ list }) => list === match[1])) return null;
  const list = match[1] as string;
  if (match[4]) return { list, move: "add" };
  return { list, index: Number(match[2]), move: match[3] as "up" | "down" | "remove" };
}

/** The form's words after a move; a move a list cannot make (past either end, past its limit) changes nothing. */
export function movePageCard(shape: PageShape, fields: PageFields, move: PageCardMove): PageFields {
  const cards = [...(fields.lists[move.list] ?? [])];
  const max = shape.lists.find(({ list }) => list === move.list)?.max ?? 0;
  if (move.move === "add") {
    if (cards.length < max) cards.push({ title: "", text: "", icon: "" });
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
  return { ...fields, lists: { ...fields.lists, [move.list]: cards } };
}

/** The form's words checked by the page's schema: the body, or each problem by its field ("values.1.text"). */
export function checkPageFields<T>(
  shape: PageShape,
  schema: z.ZodType<T>,
  fields: PageFields,
): { ok: true; value: T } | { ok: false; problems: Record<string, string> } {
  const parsed = schema.safeParse(bodyOfFields(shape, fields));
  if (parsed.success) return { ok: true, value: parsed.data };
  const listNames = new Set(shape.lists.map(({ list }) => list));
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String);
    const [first] = path;
    // A problem with a whole list (too few, too many) is shown by its first card's title.
    const field =
      first && listNames.has(first) && path.length < 3 ? `${first}.0.title` : path.join(".") || "page";
    problems[field] ??= issue.message;
  }
  // The titles' rule is the list's, which zod checks only once every card passes: say it at once.
  for (const { list } of shape.lists) {
    const seen = new Set<string>();
    (fields.lists[list] ?? []).forEach((card, index) => {
      const title = card.title.normalize("NFC").trim().toLowerCase();
      if (title && seen.has(title)) problems[`${list}.${index}.title`] ??= duplicateTitle;
      seen.add(title);
    });
  }
  return { ok: false, problems };
}

/** One line of a readable difference, as model.ts's ContentChange. */
type Change = { field: string; before: string; after: string };

/** The texts and cards that differ between two versions of a page, each with its words before and after. */
export function pageChanges(
  shape: PageShape,
  iconWords: Record<string, string>,
  before: unknown,
  after: unknown,
): Change[] {
  const [was, now] = [fieldsOfBody(shape, before), fieldsOfBody(shape, after)];
  const changes: Change[] = [];
  for (const text of shape.texts) {
    const [a, b] = [was.texts[text.field] ?? "", now.texts[text.field] ?? ""];
    if (a !== b) changes.push({ field: text.label, before: a, after: b });
  }
  const cardWords = (card: CardFields | undefined) =>
    card ? `${card.title}: ${card.text} (${iconWords[card.icon] ?? card.icon})` : "";
  for (const { list, heading } of shape.lists) {
    const [a, b] = [was.lists[list] ?? [], now.lists[list] ?? []];
    for (let index = 0; index < Math.max(a.length, b.length); index++) {
      const [x, y] = [cardWords(a[index]), cardWords(b[index])];
      if (x !== y) changes.push({ field: `${heading}, card ${index + 1}`, before: x, after: y });
    }
  }
  return changes;
}

/** The title and description a search engine shows, and where it cuts them (about 60 and 160 characters). */
export const searchLimits = {
  title: { shown: 60, max: 120 },
  description: { shown: 160, max: 320 },
} as const;

/** Text as a search result shows it: cut at the last whole word before `shown` (no separator left dangling), with an ellipsis. */
export function cutForSearch(text: string, shown: number): string {
  if (text.length <= shown) return text;
  const cut = text.slice(0, shown - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > shown / 2 ? cut.slice(0, space) : cut).replace(/[\s|:;,–—-]+$/u, "")}…`;
}
