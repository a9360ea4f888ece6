/**
 * "Ready to launch": what still needs the company before the site goes live, found by plain checks over
 * what the site shows. Each check is a pure function of the words and facts it is given, so a new kind of
 * content (page words, case studies as site content) adds its words to the list, not a new check.
 *
 * - Samples: shipped examples (accreditations, case studies) still shown.
 * - Contradictions: a claim the company's own facts make impossible ("over 15 years of experience" beside
 *   "founded June 2024").
 * - Absolute claims: "100%" of anything, which a buyer may hold the company to; a person confirms each
 *   with evidence or changes it.
 */

/**
 * One piece of the site's words and where it is shown: a page's address and what the page is called, and
 * for words staff keep, the address of their editor in Site content.
 */
export type CopyText = { page: string; pageName: string; text: string; edit?: string };

/** A page that says a claim, and where its words are changed when staff keep them. */
export type PageSaying = { page: string; pageName: string; edit?: string };

/** The company's own facts the claims are held to. */
export type CompanyFacts = {
  /** When the company was founded, as the site says it ("June 2024", "2019"). */
  founded: string;
};

/** A shipped example still shown. */
export type SampleShown = {
  kind: "accreditation" | "case study";
  /** Its name as staff know it. */
  name: string;
  /** Where it is replaced: its edit page in Site content. */
  edit: { href: string; label: string };
};

/** A claim the company's facts contradict, with each page that says it. */
export type Contradiction = {
  claim: string;
  fact: string;
  why: string;
  pages: PageSaying[];
};

/** An absolute claim, as the pages word it, with each page that says it. */
export type AbsoluteClaim = {
  /** The claim's key: its words in lower case, spaces single. A confirmation names this key. */
  key: string;
  claim: string;
  pages: PageSaying[];
};

/** Collapses spaces so the same words are one key, however the copy breaks them. */
function squeeze(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * The site's words in a page's typed content, in reading order: every string, with a figure and its label
 * (`{ number: "100%", label: "Client Satisfaction" }`, or `figure` for `number`) read as one phrase, as the page shows them.
 */
export function copyOf(value: unknown, page: string, pageName: string): CopyText[] {
  const out: CopyText[] = [];
  const walk = (item: unknown): void => {
    if (typeof item === "string") {
      // Markup (an artwork's SVG) is not words a visitor reads as a claim.
      if (item.trim() && !item.trimStart().startsWith("<")) out.push({ page, pageName, text: squeeze(item) });
      return;
    }
    if (Array.isArray(item)) {
      for (const entry of item) walk(entry);
      return;
    }
    if (item && typeof item === "object") {
      const record = item as Record<string, unknown>;
      // A figure is kept as `number` in code and as `figure` in a service page's words.
      const figure = typeof record.number === "string" ? "number" : "figure";
      if (typeof record[figure] === "string" && typeof record.label === "string") {
        out.push({ page, pageName, text: squeeze(`${record[figure]} ${record.label}`) });
        for (const [key, entry] of Object.entries(record)) if (key !== figure && key !== "label") walk(entry);
        return;
      }
      for (const entry of Object.values(record)) walk(entry);
    }
  };
  walk(value);
  return out;
}

/** The year a founding date names ("June 2024" → 2024), or null when it names none. */
export function foundingYear(founded: string): number | null {
  const match = /\b(1[89]\d{2}|2\d{3})\b/.exec(founded);
  return match ? Number(match[1]) : null;
}

/**
 * The whole years between the founding year and `today`'s: founded any time in 2024, a company is less
 * than (this year − 2024 + 1) years old, so "over N years" is impossible when N is more than this.
 */
function yearsSince(year: number, today: Date): number {
  return today.getUTCFullYear() - year;
}

/** Pages, each once, in the order first met, with the editor of the words that say it where there is one. */
function pagesOf(texts: readonly CopyText[]): PageSaying[] {
  const seen = new Map<string, PageSaying>();
  for (const { page, pageName, edit } of texts) {
    const known = seen.get(page);
    if (!known) seen.set(page, edit ? { page, pageName, edit } : { page, pageName });
    else if (!known.edit && edit) known.edit = edit;
  }
  return [...seen.values()];
}

/**
 * Every "over N years" (or "more than N years", "N+ years") claim that the founding date makes impossible
 * on `today`: founded in 2024, "over 15 years" cannot be the company's. Each distinct claim once, with the
 * pages that say it.
 */
export function experienceContradictions(
  copy: readonly CopyText[],
  facts: CompanyFacts,
  today: Date,
): Contradiction[] {
  const year = foundingYear(facts.founded);
  if (year === null) return [];
  const most = yearsSince(year, today);
  const found = new Map<number, CopyText[]>();
  const claim = /\b(?:over|more than)\s+(\d{1,3})\s+years\b|\b(\d{1,3})\+\s*years\b/gi;
  for (const text of copy) {
    for (const match of text.text.matchAll(claim)) {
      const years = Number(match[1] ?? match[2]);
      if (years > most) found.set(years, [...(found.get(years) ?? []), text]);
    }
  }
  return [...found].map(([years, texts]) => ({
    claim: `Over ${years} years of experience`,
    fact: `Founded ${facts.founded}`,
    why: `A company founded in ${year} cannot have been going over ${years} years in ${today.getUTCFullYear()}. If the years are the founders' own, say so in the words; otherwise correct one of the two.`,
    pages: pagesOf(texts),
  }));
}

/**
 * Every absolute claim in the words: "100%" of something (a figure with its label, or a phrase in a
 * sentence), each distinct claim once, with the pages that say it.
 */
export function absoluteClaims(copy: readonly CopyText[]): AbsoluteClaim[] {
  const found = new Map<string, { claim: string; texts: CopyText[] }>();
  // "100%" and the few words after it, up to the end of the phrase.
  const claim = /\b100\s?%(?:\s+[A-Za-z'’-]+){0,2}/g;
  for (const text of copy) {
    for (const match of text.text.matchAll(claim)) {
      const words = squeeze(match[0].replace(/\s?%/, "%"));
      const key = words.toLowerCase();
      const entry = found.get(key) ?? { claim: words, texts: [] };
      entry.texts.push(text);
      found.set(key, entry);
    }
  }
  return [...found].map(([key, { claim, texts }]) => ({ key, claim, pages: pagesOf(texts) }));
}

/** What still needs the company: the samples, the contradictions and the absolute claims not yet confirmed. */
export type LaunchList = {
  samples: SampleShown[];
  contradictions: Contradiction[];
  absolutes: AbsoluteClaim[];
  /** The absolute claims a person confirmed with evidence, and are no longer on the list. */
  confirmed: AbsoluteClaim[];
};

/** Puts the checks together; an absolute claim whose key is in `confirmedKeys` leaves the list. */
export function launchList(input: {
  samples: readonly SampleShown[];
  copy: readonly CopyText[];
  facts: CompanyFacts;
  today: Date;
  confirmedKeys: ReadonlySet<string>;
}): LaunchList {
  const absolutes = absoluteClaims(input.copy);
  return {
    samples: [...input.samples],
    contradictions: experienceContradictions(input.copy, input.facts, input.today),
    absolutes: absolutes.filter((claim) => !input.confirmedKeys.has(claim.key)),
    confirmed: absolutes.filter((claim) => input.confirmedKeys.has(claim.key)),
  };
}

/** How many things the list holds for someone to do. */
export function launchCount(list: LaunchList): number {
  return list.samples.length + list.contradictions.length + list.absolutes.length;
}

/** The workspace's address of the page. */
export const launchPath = "/staff/launch";

/** The longest note a confirmation keeps. */
export const confirmationNoteLength = 1_000;
