/**
 * A page's words as the edit form holds them, whatever the page: its single texts (a heading, an intro,
 * the title and description searchers see) and its lists of cards. Each page describes its shape once
 * (./careers-page.ts, ./about-page.ts); the form's fields, moves, checks and differences are read from
 * that shape here, so a page joins by describing itself. See docs/decisions/033-site-content-on-a-schedule.md and 037-page-words-described-by-their-shape.md.
 */
import { characterProblem } from "../characters.ts";
import { site } from "../config/site.ts";
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
  /** May be left empty: the page then shows nothing there (a section's introduction). */
  optional?: boolean;
  /** How many lines the form's box shows for a text of several lines (3 when not given). */
  rows?: number;
};

/**
 * What a list's items are: cards (title, text, icon, and bullets where the list allows them), steps
 * (title and text), tags or checklist lines (one short text each), stats (a figure and its label) or
 * price tiers (name, price, unit, text, bullets, and whether it is the one picked out).
 */
export type ItemKind = "card" | "step" | "tag" | "stat" | "tier";

/**
 * A list of items: its place in the body ("values", or "roles.items" inside a section), its heading, its
 * one-item word, how many fit, and its columns; for other items than cards, their kind; for cards and
 * tiers, the most bullets an item may have (what the design shows).
 */
export type PageList = {
  list: string;
  heading: string;
  one: string;
  max: number;
  columns: 2 | 3 | 4;
  /** The cards make claims a buyer could hold the company to: a change needs a second person. */
  claim?: boolean;
  /** A word for the editor about the list, shown above its cards. */
  description?: string;
  /** Fewest items the layout takes; one when not said. */
  min?: number;
  /** Cards when not said. */
  item?: ItemKind;
  bullets?: number;
};

/** A page's shape: its texts, its lists and the icons a card may choose. */
export type PageShape = {
  texts: readonly PageText[];
  lists: readonly PageList[];
  icons: readonly string[];
};

/**
 * An item as the form holds it: each part by the name it is posted under after the item's place
 * ("title", "icon", "bullets.0"), every part a string, as typed.
 */
export type ItemFields = Record<string, string>;

/** A card as the form holds it (the Careers and About pages' cards). */
export type CardFields = ItemFields;

/** The form's words: each text by its field, each list's items. */
export type PageFields = { texts: Record<string, string>; lists: Record<string, ItemFields[]> };

/** The longest a card's title and text may be: what a card holds without crowding its row. */
export const cardLimits = { title: 40, text: 160 } as const;

/** The longest each part of an item may be, by the item's kind: what it holds without breaking its row. */
export const itemLimits = {
  card: { title: cardLimits.title, text: cardLimits.text, bullet: 60 },
  step: { title: 40, text: 160 },
  tag: { text: 80 },
  stat: { figure: 10, label: 30 },
  tier: { name: 30, price: 20, unit: 12, text: 160, bullet: 60 },
} as const;

/** Each kind's parts as the form posts them (bullets apart), its first part naming the item. */
const itemParts: Record<ItemKind, readonly string[]> = {
  card: ["title", "text", "icon"],
  step: ["title", "text"],
  tag: ["text"],
  stat: ["figure", "label"],
  tier: ["name", "price", "unit", "text", "highlighted"],
};

/** The parts of a list's items as posted: the kind's, then one per bullet the list allows. */
export function partsOf(list: PageList): string[] {
  const kind = list.item ?? "card";
  const bullets = kind === "card" || kind === "tier" ? (list.bullets ?? 0) : 0;
  return [...itemParts[kind], ...Array.from({ length: bullets }, (_, index) => `bullets.${index}`)];
}

/**
 * A free text of site content: trimmed, required, at most `max` characters, with no hidden characters.
 * Of several lines, its line breaks are kept as "\n" (a browser posts a text box's as "\r\n").
 */
export function wordsText(label: string, max: number, shape: "one line" | "lines" = "one line") {
  return z
    .string({ error: `Enter the ${label}.` })
    .transform((value) => {
      const text = value.normalize("NFC");
      return (shape === "lines" ? text.replace(/\r\n?/g, "\n") : text).trim();
    })
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

/** A text that may be left empty: stored as nothing, so the page shows nothing there. */
export function optionalWordsText(label: string, max: number, shape: "one line" | "lines" = "one line") {
  return z
    .string()
    .optional()
    .transform((value) => value?.normalize("NFC").trim() || undefined)
    .pipe(wordsText(label, max, shape).optional());
}

const duplicateTitle = "Another card in this list has this title: give each its own.";

/** What names an item, by its kind: two items of a list may not share it. */
const namingPart: Record<ItemKind, string> = {
  card: "title",
  step: "title",
  tag: "text",
  stat: "label",
  tier: "name",
};

const duplicateOf = (kind: ItemKind) =>
  ({
    card: duplicateTitle,
    step: "Another step in this list has this title: give each its own.",
    tag: "Another line in this list says the same: give each its own.",
    stat: "Another figure in this list has this label: give each its own.",
    tier: "Another tier in this list has this name: give each its own.",
  })[kind];

/**
 * A list of items of its kind, shaped as the list says (between `min` and `max` items, at most
 * `bullets` bullets, each naming part its own), cards choosing their icons from `icons`. A tier's
 * name may be narrowed to `names` (what another part of the site knows it by).
 */
export function pageListSchema(
  list: PageList,
  icons: readonly [string, ...string[]] | readonly string[] = [],
  names?: readonly [string, ...string[]],
) {
  const kind = list.item ?? "card";
  const bullets = (max: number) =>
    z
      .array(wordsText("bullet", max))
      .max(list.bullets ?? 0, { error: `An item holds at most ${list.bullets ?? 0} bullets.` });
  const item = {
    card: () =>
      z.object({
        title: wordsText("card's title", itemLimits.card.title),
        text: wordsText("card's text", itemLimits.card.text),
        icon: z.enum(icons as [string, ...string[]], { error: "Choose an icon from the list." }),
        ...(list.bullets ? { bullets: bullets(itemLimits.card.bullet) } : {}),
      }),
    step: () =>
      z.object({
        title: wordsText("step's title", itemLimits.step.title),
        text: wordsText("step's text", itemLimits.step.text),
      }),
    tag: () => wordsText("line", itemLimits.tag.text),
    stat: () =>
      z.object({
        figure: wordsText("figure", itemLimits.stat.figure),
        label: wordsText("figure's label", itemLimits.stat.label),
      }),
    tier: () =>
      z.object({
        name: names
          ? z.enum(names, { error: `Name the tier as the contact form knows it: ${names.join(", ")}.` })
          : wordsText("tier's name", itemLimits.tier.name),
        price: wordsText("price", itemLimits.tier.price),
        unit: optionalWordsText("unit", itemLimits.tier.unit),
        text: wordsText("tier's text", itemLimits.tier.text),
        bullets: bullets(itemLimits.tier.bullet),
        highlighted: z.boolean(),
      }),
  }[kind]();
  const naming = (entry: unknown) =>
    String(typeof entry === "string" ? entry : (entry as Record<string, unknown>)[namingPart[kind]]);
  return z
    .array(item as z.ZodType)
    .min(list.min ?? 1, {
      error: (list.min ?? 1) > 1 ? `Keep at least ${list.min} items here.` : `Keep at least one ${list.one}.`,
    })
    .max(list.max, { error: `${list.heading}: at most ${list.max} fit the layout.` })
    .superRefine((entries, ctx) => {
      const seen = new Set<string>();
      entries.forEach((entry, index) => {
        const name = naming(entry).toLowerCase();
        if (seen.has(name))
          ctx.addIssue({
            code: "custom",
            path: kind === "tag" ? [index] : [index, namingPart[kind]],
            message: duplicateOf(kind),
          });
        seen.add(name);
      });
    });
}

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

/** Puts a value at a dotted path of a body, making the objects on the way. */
function put(body: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split(".");
  let place = body;
  for (const part of parts.slice(0, -1)) {
    place[part] ??= {};
    place = place[part] as Record<string, unknown>;
  }
  place[parts.at(-1) as string] = value;
}

/** An item of a checked body as the form holds it. */
function itemFieldsOf(list: PageList, entry: unknown): ItemFields {
  const kind = list.item ?? "card";
  if (kind === "tag") return { text: String(entry ?? "") };
  const value = (entry ?? {}) as Record<string, unknown>;
  const fields: ItemFields = {};
  for (const part of itemParts[kind]) {
    fields[part] = part === "highlighted" ? (value[part] === true ? "yes" : "") : String(value[part] ?? "");
  }
  const bullets = Array.isArray(value.bullets) ? value.bullets.map(String) : [];
  for (const part of partsOf(list).slice(itemParts[kind].length)) {
    fields[part] = bullets[Number(part.slice("bullets.".length))] ?? "";
  }
  return fields;
}

/** An item the form holds as the body keeps it, before it is checked: blank bullets left out. */
function itemOfFields(list: PageList, fields: ItemFields): unknown {
  const kind = list.item ?? "card";
  if (kind === "tag") return fields.text ?? "";
  const item: Record<string, unknown> = {};
  for (const part of itemParts[kind]) {
    if (part === "highlighted") item[part] = fields[part] === "yes";
    else if (part === "unit" && !(fields[part] ?? "").trim()) continue;
    else item[part] = fields[part] ?? "";
  }
  const bullets = partsOf(list).slice(itemParts[kind].length);
  if (bullets.length > 0) {
    const typed = bullets.map((part) => fields[part] ?? "").filter((text) => text.trim() !== "");
    // Bullets come before the picked-out mark in a tier, as the page reads them.
    if (kind === "tier") {
      const { highlighted, ...rest } = item;
      return { ...rest, bullets: typed, highlighted };
    }
    item.bullets = typed;
  }
  return item;
}

/** A page's words (a checked body) as the form shows them. */
export function fieldsOfBody(shape: PageShape, body: unknown): PageFields {
  const texts: Record<string, string> = {};
  for (const text of shape.texts) texts[text.field] = String(at(body, text.field) ?? "");
  const lists: Record<string, ItemFields[]> = {};
  for (const list of shape.lists) {
    const entries = at(body, list.list);
    lists[list.list] = (Array.isArray(entries) ? entries : []).map((entry) => itemFieldsOf(list, entry));
  }
  return { texts, lists };
}

/** The body the form's words make, before it is checked: each text at its path, each list at its name. */
export function bodyOfFields(shape: PageShape, fields: PageFields): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const text of shape.texts) {
    const typed = fields.texts[text.field] ?? "";
    // An optional text left empty is stored as nothing.
    if (text.optional && typed.trim() === "") continue;
    put(body, text.field, typed);
  }
  for (const list of shape.lists) {
    put(
      body,
      list.list,
      (fields.lists[list.list] ?? []).map((item) => itemOfFields(list, item)),
    );
  }
  return body;
}

/** The most items a posted list is read to, whatever the post says: more than any list may hold. */
const mostPosted = 20;

/** The form's words as posted ("hero.title", "values.0.title", "roles.items.1.bullets.2" ...), as typed. */
export function fieldsFromForm(shape: PageShape, read: (name: string) => string | null): PageFields {
  const fields: PageFields = { texts: {}, lists: {} };
  for (const text of shape.texts) fields.texts[text.field] = read(text.field) ?? "";
  for (const list of shape.lists) {
    const parts = partsOf(list);
    const [first] = parts;
    const items: ItemFields[] = [];
    for (let index = 0; index < mostPosted; index++) {
      if (read(`${list.list}.${index}.${first}`) === null) break;
      const item: ItemFields = {};
      for (const part of parts) item[part] = read(`${list.list}.${index}.${part}`) ?? "";
      items.push(item);
    }
    fields.lists[list.list] = items;
  }
  return fields;
}

/** A change to the form's items that saves nothing: an item moved, removed, or a blank one added. */
export type PageCardMove =
  | { list: string; index: number; move: "up" | "down" | "remove" }
  | { list: string; move: "add" };

/** Reads a move button's value ("values:2:up", "quality:add", "roles.items:0:down"); null when it is not one of this page's. */
export function pageCardMoveOf(shape: PageShape, value: string): PageCardMove | null {
  const match = /^([a-z]+(?:\.[a-z]+)*):(?:(\d{1,2}):(up|down|remove)|(add))$/.exec(value);
  if (!match || !shape.lists.some(({ list }) => list === match[1])) return null;
  const list = match[1] as string;
  if (match[4]) return { list, move: "add" };
  return { list, index: Number(match[2]), move: match[3] as "up" | "down" | "remove" };
}

/** The form's words after a move; a move a list cannot make (past either end, past its limits) changes nothing. */
export function movePageCard(shape: PageShape, fields: PageFields, move: PageCardMove): PageFields {
  const items = [...(fields.lists[move.list] ?? [])];
  const list = shape.lists.find(({ list }) => list === move.list);
  if (!list) return fields;
  if (move.move === "add") {
    if (items.length < list.max) items.push(Object.fromEntries(partsOf(list).map((part) => [part, ""])));
  } else if (move.move === "remove") {
    if (items.length > Math.max(1, list.min ?? 1) && move.index < items.length) items.splice(move.index, 1);
  } else {
    const to = move.move === "up" ? move.index - 1 : move.index + 1;
    const [a, b] = [items[move.index], items[to]];
    if (a && b) {
      items[move.index] = b;
      items[to] = a;
    }
  }
  return { ...fields, lists: { ...fields.lists, [move.list]: items } };
}

/** The form's words checked by the page's schema: the body, or each problem by its field ("values.1.text"). */
export function checkPageFields<T>(
  shape: PageShape,
  schema: z.ZodType<T>,
  fields: PageFields,
): { ok: true; value: T } | { ok: false; problems: Record<string, string> } {
  const parsed = schema.safeParse(bodyOfFields(shape, fields));
  if (parsed.success) return { ok: true, value: parsed.data };
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String);
    const list = shape.lists.find(({ list }) => path.slice(0, list.split(".").length).join(".") === list);
    let field = path.join(".") || "page";
    if (list) {
      const [first] = partsOf(list);
      const rest = path.slice(list.list.split(".").length);
      // A problem with a whole list (too few, too many) is shown by its first item's first part, and a
      // problem with a whole item (a tag, a line) by its part.
      if (rest.length === 0) field = `${list.list}.0.${first}`;
      else if (rest.length === 1) field = `${list.list}.${rest[0]}.${first}`;
      // "tiers.0.bullets" (too many): by its first bullet.
      else if (rest.length === 2 && rest[1] === "bullets") field = `${list.list}.${rest[0]}.bullets.0`;
    }
    problems[field] ??= issue.message;
  }
  // The names' rule is the list's, which zod checks only once every item passes: say it at once.
  for (const list of shape.lists) {
    const kind = list.item ?? "card";
    const part = namingPart[kind];
    const seen = new Set<string>();
    (fields.lists[list.list] ?? []).forEach((item, index) => {
      const name = (item[part] ?? "").normalize("NFC").trim().toLowerCase();
      if (name && seen.has(name)) problems[`${list.list}.${index}.${part}`] ??= duplicateOf(kind);
      seen.add(name);
    });
  }
  return { ok: false, problems };
}

/** One line of a readable difference, as model.ts's ContentChange. */
type Change = { field: string; before: string; after: string };

/** An item in words, as a difference shows it: "Title: text (Icon)", with its bullets. */
function itemWords(list: PageList, item: ItemFields | undefined, iconWords: Record<string, string>) {
  if (!item) return "";
  const bullets = partsOf(list)
    .filter((part) => part.startsWith("bullets."))
    .map((part) => item[part] ?? "")
    .filter((text) => text !== "");
  const listed = bullets.length > 0 ? ` [${bullets.join("; ")}]` : "";
  switch (list.item ?? "card") {
    case "card":
      return `${item.title}: ${item.text} (${iconWords[item.icon ?? ""] ?? item.icon})${listed}`;
    case "step":
      return `${item.title}: ${item.text}`;
    case "tag":
      return item.text ?? "";
    case "stat":
      return `${item.figure} ${item.label}`;
    case "tier":
      return `${item.name}, ${item.price}${item.unit ?? ""}: ${item.text}${listed}${item.highlighted ? " (picked out)" : ""}`;
  }
}

/** The texts and items that differ between two versions of a page, each with its words before and after. */
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
  for (const list of shape.lists) {
    const [a, b] = [was.lists[list.list] ?? [], now.lists[list.list] ?? []];
    const word = (list.item ?? "card") === "card" ? "card" : list.one;
    for (let index = 0; index < Math.max(a.length, b.length); index++) {
      const [x, y] = [itemWords(list, a[index], iconWords), itemWords(list, b[index], iconWords)];
      if (x !== y) changes.push({ field: `${list.heading}, ${word} ${index + 1}`, before: x, after: y });
    }
  }
  return changes;
}

/** The title and description a search engine shows, and where it cuts them (about 60 and 160 characters). */
export const searchLimits = {
  title: { shown: 60, max: 120 },
  description: { shown: 160, max: 320 },
} as const;

/** The title and description a page shows in search results, as its form asks for them. */
export const searchTexts = [
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
] as const satisfies readonly PageText[];

/** The longest a page's frame words may be: the badge above its heading, a section's heading and introduction, a closing band's. */
export const frameLimits = { badge: 40, heading: 60, intro: 200, closing: 200 } as const;

/** A heading or a short text of a page's frame, at its place in the body. */
export function frameText(
  field: string,
  label: string,
  max: number,
  description: string,
  lines: "one" | "several" = "one",
): PageText {
  return { field, label, max, description, lines };
}

/** A section's heading and introduction as stored: each required, within the frame's limits. */
export function sectionSchema(name: string) {
  return z.object({
    heading: wordsText(`heading of ${name}`, frameLimits.heading),
    intro: wordsText(`introduction of ${name}`, frameLimits.intro),
  });
}

/** Text as a search result shows it: cut at the last whole word before `shown` (no separator left dangling), with an ellipsis. */
export function cutForSearch(text: string, shown: number): string {
  if (text.length <= shown) return text;
  const cut = text.slice(0, shown - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > shown / 2 ? cut.slice(0, space) : cut).replace(/[\s|:;,–—-]+$/u, "")}…`;
}
