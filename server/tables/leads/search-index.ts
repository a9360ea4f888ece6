/**
 * The inbox search's index (migration 030, docs/decisions/025-inbox-search-by-index.md), part of the
 * owner of the lead tables (records.ts): which leads of a kind hold every word of a search, found through
 * each database's trigram index instead of reading every lead. SQLite's index is each kind's FTS5 table
 * (`enquiries_search`, `applications_search`); PostgreSQL's is the lead's own lower-cased text and each
 * kind's narrow words table (`enquiries_words`, `applications_words`, migration 031), both kept by
 * triggers. Where the index answers exactly what the search's own conditions (search.ts, `where`) would,
 * it answers alone (exactParts), so the counts and the page come from SQL and the kind's own indexes; for
 * a word it cannot answer exactly it only narrows, and the search's conditions are applied to what it
 * finds. Either way the answers are exactly those of reading every lead.
 */
import type { LeadKind } from "#core/leads/model.ts";
import type { SqlDialect } from "../../db/dialect.ts";
import type { Queryable, Value } from "../../db/types.ts";

/** A trigram index finds a run of three characters or more; a shorter word is left to the search's own check. */
const shortestIndexed = 3;

/**
 * Lower-case letters SQLite's FTS5 does not fold as JavaScript's toLowerCase() does (the search's lower()
 * on SQLite): the lower-case forms of capitals FTS5 leaves as they are (Cherokee, Georgian Mtavruli,
 * several of Latin Extended-D and newer scripts). A word holding one could miss a lead written in
 * capitals, so it is not looked up (search-index.test.ts finds these letters afresh from SQLite itself).
 * The capital dotted I, the one such letter that lower-cases to plain "i", is indexed as JavaScript
 * lower-cases it (migration 030), so "i" needs no place here.
 */
const unfoldedBySqlite =
  /[\u019b\u025c\u0261\u0264\u026a\u026c\u0282\u0287\u029d-\u029e\u03f3\u0529\u052b\u052d\u052f\u10d0-\u10fa\u10fd-\u10ff\u13f8-\u13fd\u1c8a\u1d8e\u2c5f\ua699\ua69b\ua794\ua797\ua799\ua79b\ua79d\ua79f\ua7b5\ua7b7\ua7b9\ua7bb\ua7bd\ua7bf\ua7c1\ua7c3\ua7c8\ua7ca\ua7cd\ua7cf\ua7d1\ua7d3\ua7d5\ua7d7\ua7d9\ua7db\ua7f6\uab53\uab70-\uabbf\u{104d8}-\u{104fb}\u{10597}-\u{105a1}\u{105a3}-\u{105b1}\u{105b3}-\u{105b9}\u{105bb}-\u{105bc}\u{10cc0}-\u{10cf2}\u{10d70}-\u{10d85}\u{118c0}-\u{118df}\u{16e60}-\u{16e7f}\u{16ebb}-\u{16ed3}\u{1e922}-\u{1e943}]/u;

/**
 * The words of a search (lower case, as search.ts makes them) the index can look up on this database.
 * On SQLite a word of plain ASCII is compared by LIKE, which folds A to Z only, and FTS5 folds those the
 * same; any other word is compared by JavaScript's lower(), so it is looked up only without a letter FTS5
 * folds otherwise. A word with a control character in it is never looked up.
 */
export function indexedWords(sql: SqlDialect, words: string[]): string[] {
  return words.filter(
    (word) =>
      [...word].length >= shortestIndexed &&
      // FTS5's query syntax ends a string at a NUL: no control character goes to an index.
      !/\p{Cc}/u.test(word) &&
      (sql.name === "postgres" || /^[!-~]*$/.test(word) || !unfoldedBySqlite.test(word)),
  );
}

/**
 * The column holding, for each kind of lead on PostgreSQL, the searched fields as one text, lower-cased,
 * under a trigram index: in the lead's own row (migration 030) and in the kind's narrow search table,
 * with the lead's status (migration 031).
 */
const postgresText = "search_text";

/** A LIKE pattern that finds `term` anywhere, with the pattern characters in it taken literally. */
export function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * PostgreSQL: `search_text` holding each of `words`, one LIKE per word, after lower() of the pattern:
 * what ILIKE does, without lower-casing each found lead's text again. Backslash is LIKE's own escape.
 */
function postgresLike(words: string[]): { sql: string; params: Value[] } {
  return {
    sql: words.map(() => `${postgresText} LIKE lower(CAST(? AS text))`).join(" AND "),
    params: words.map(containing),
  };
}

/**
 * A condition on a kind's table (enquiries or applications, unaliased) that holds for every lead holding
 * each of `words` (from indexedWords) in its searched fields, and that the kind's trigram index answers.
 * SQLite: the lead's rowid among those its FTS5 table matches for every word as a phrase of trigrams.
 * PostgreSQL: LIKE on the indexed lower-cased text, one per word (the index's bitmaps are ANDed).
 */
export function indexedCondition(
  sql: SqlDialect,
  kind: LeadKind,
  words: string[],
): { sql: string; params: Value[] } {
  if (sql.name === "sqlite") {
    const table = kind === "enquiry" ? "enquiries" : "applications";
    // Each word a quoted phrase (a double quote inside doubled), all of them required.
    const match = words.map((word) => `"${word.replace(/"/g, '""')}"`).join(" AND ");
    return {
      sql: `id IN (SELECT rowid FROM ${table}_search WHERE ${table}_search MATCH ?)`,
      params: [match],
    };
  }
  return postgresLike(words);
}

/**
 * The three private-use characters migration 030 adds to the indexed text of a lead holding a character
 * FTS5 folds otherwise than the search compares it: such a lead is always checked by the search itself.
 */
const marker = "\ue000\ue000\ue000";

/**
 * Lower-case letters that share FTS5's folding with another lower-case letter (the long s with "s", the
 * final sigma with sigma, the micro sign with mu, Greek's second forms): FTS5 would find one for the
 * other, the search would not, so a word holding one is not trusted to the index alone.
 */
export const foldedWithAnother = new Set(
  [
    0xb5, 0x17f, 0x345, 0x3c2, 0x3d0, 0x3d1, 0x3d5, 0x3d6, 0x3f0, 0x3f1, 0x3f5, 0x1e9b, 0x1fbe, 0xfffe,
    0xffff,
  ].map((code) => String.fromCodePoint(code)),
);

/** Up to this many leads found by the index, SQLite reads each by its rowid rather than scanning an index. */
export const fewLeads = 500;

/**
 * Whether SQLite's index finds few of a kind's leads for these words (at most `few`), counting no
 * further than that; always false on PostgreSQL, whose planner weighs that itself.
 */
export async function findsFew(
  db: Queryable,
  sql: SqlDialect,
  kind: LeadKind,
  words: string[],
  few = fewLeads,
): Promise<boolean> {
  if (sql.name !== "sqlite") return false;
  const table = kind === "enquiry" ? "enquiries" : "applications";
  const phrases = words.map((word) => `"${word.replace(/"/g, '""')}"`).join(" AND ");
  const [row] = await db.all<{ n: number }>(
    `SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${table}_search WHERE ${table}_search MATCH ? LIMIT ?)`,
    [phrases, few + 1],
  );
  return Number(row?.n) <= few;
}

/**
 * One part of a kind's leads a search finds by index: `recheck`, the search's own check is still needed.
 * On PostgreSQL, `statuses` is the part's leads' statuses read from the kind's narrow search table alone
 * (migration 031), for counting them when nothing else filters the part.
 */
export type ExactPart = {
  sql: string;
  params: Value[];
  recheck: boolean;
  statuses?: { sql: string; params: Value[] };
};

/**
 * The leads of a kind holding every one of a search's words, as conditions on the kind's table that
 * together give exactly what the search's own check (search.ts, `where`) gives, or null when the index
 * cannot say so for some word (shorter than three characters, a control character, and on SQLite a letter
 * FTS5 folds otherwise). PostgreSQL: LIKE on the lower-cased indexed text, after lower() of the pattern, is
 * the search's check (ILIKE on each field) itself: each word is found in one field or not at all, as no
 * word holds a space, and a phone holds no letter, so its LIKE without spaces is its ILIKE. SQLite: an
 * unmarked lead (migration 030) is found by FTS5 exactly when the search finds it, so it needs no row
 * read: when the index finds many (`few` false), a `+` keeps SQLite from reading each found row by its
 * rowid, and it reads the page's and the counts' own indexes instead, only asking the index's answer for
 * each; when few, it reads those rows alone. The few marked leads are checked by the search.
 */
export function exactParts(
  sql: SqlDialect,
  kind: LeadKind,
  words: string[],
  few = false,
): ExactPart[] | null {
  if (words.length === 0 || indexedWords(sql, words).length !== words.length) return null;
  if (sql.name === "postgres") {
    const table = kind === "enquiry" ? "enquiries" : "applications";
    const like = postgresLike(words);
    return [
      {
        ...like,
        recheck: false,
        // A word found in thousands of leads has each one checked against the pattern: in the search
        // table a page holds thirty, in the lead's own table a dozen.
        statuses: { sql: `SELECT status FROM ${table}_words WHERE ${like.sql}`, params: like.params },
      },
    ];
  }
  if (words.some((word) => [...word].some((letter) => foldedWithAnother.has(letter)))) return null;
  const table = kind === "enquiry" ? "enquiries" : "applications";
  const phrases = words.map((word) => `"${word.replace(/"/g, '""')}"`).join(" AND ");
  const found = `(SELECT rowid FROM ${table}_search WHERE ${table}_search MATCH ?)`;
  return [
    { sql: `${few ? "" : "+"}id IN ${found}`, params: [`(${phrases}) NOT "${marker}"`], recheck: false },
    { sql: `id IN ${found}`, params: [`"${marker}"`], recheck: true },
  ];
}
