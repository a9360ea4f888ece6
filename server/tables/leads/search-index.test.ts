// The inbox's search by index (migration 030) gives exactly the answers of reading every lead, for every
// kind of term staff search by, on both databases; and it is the index that finds them.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InboxQuery } from "#core/leads/inbox-query.ts";
import { postgresUrl } from "../../../tests/support/harness.ts";
import { addSampleLeads } from "../../../tests/support/sample-leads.ts";
import { type Database, openDatabase, type Value } from "../../db/database.ts";
import { postgres, sqlite } from "../../db/dialect.ts";
import { migrate } from "../../db/migrate.ts";
import { listLeads, type Viewer } from "./search.ts";
import { exactParts, foldedWithAnother, indexedCondition, indexedWords } from "./search-index.ts";

const day = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 20, 12, 0, 0);

// Leads given awkward details after they arrive (so the index's update trigger is exercised too):
// letters beyond ASCII in both cases, a capital dotted I, phones written three ways, LIKE's own
// characters, double quotes, an apostrophe.
const awkward: {
  first: string;
  last: string;
  email: string;
  phone: string;
  company: string;
  message: string;
}[] = [
  {
    first: "ŁUKASZ",
    last: "Wiśniewski",
    email: "Lukasz.W@Example.co.uk",
    phone: "0161 496 0999",
    company: "100% Clean_Co",
    message: 'Quote for "deep clean" of 3 floors',
  },
  {
    first: "İbrahim",
    last: "Öztürk",
    email: "ibrahim@example.co.uk",
    phone: "01614960999",
    company: "Öztürk & Sons",
    message: "Evening cover, ÉTÉ rota",
  },
  {
    first: "Zoë",
    last: "O'Neill",
    email: "zoe.oneill@example.co.uk",
    phone: "+44 161 496 0999",
    company: "ZOË's Café",
    message: "Weekend stewards for the Ancoats market",
  },
  {
    first: "Siobhán",
    last: "NÍ BHRIAIN",
    email: "siobhan@example.co.uk",
    phone: "+44 (0)161 496 0998",
    company: "Back\\slash Ltd",
    message: "Ring after 5pm, ΟΔΟΣ works",
  },
  // Characters FTS5 folds otherwise than the search compares them: the Kelvin sign (FTS5: "k"), the long
  // s (FTS5: "s"), the micro sign (FTS5: Greek mu), the final sigma, a Cherokee capital FTS5 leaves as it
  // is. Such a lead is marked in the index and checked by the search itself.
  {
    first: "\u212aasia",
    last: "Groſe",
    email: "k.g@example.co.uk",
    phone: "0161 496 0997",
    company: "µ-Systems",
    message: "Σοφός asked, Ꭰ ᏗᎦᎳ",
  },
];

// One of each kind of term, as staff type them, and the partial words and odd input today's search allows.
const terms = [
  // names, whole and in part, in any case, with and without their accents
  "łukasz",
  "ŁUKASZ",
  "lukasz",
  "wiśniewski",
  "wiśn",
  "kowal",
  "İbrahim",
  "ibrahim",
  "öztürk",
  "zoë",
  "zoe",
  "o'neill",
  "neill",
  "siobhán o'neill",
  "ní",
  "bhriain",
  "grace moore",
  // e-mail addresses, whole and in part
  "lukasz.w@example.co.uk",
  "zoe.oneill@example.co.uk",
  "example.co.uk",
  "@example",
  // phones in several spacings, and parts of them
  "0161 496 0999",
  "01614960999",
  "+44 161 496 0999",
  "+44",
  "(0)161",
  "4960042",
  "0042",
  // companies
  "ancoats",
  "Ancoats Bakery",
  "100%",
  "clean_co",
  "_",
  "%",
  "back\\slash",
  "café",
  "& sons",
  // references
  "enq-00000a",
  "ENQ-00000A",
  "app-00",
  "APP-0000",
  // words of the message
  "reception",
  "warehouse cover",
  '"deep',
  "ΟΔΟΣ",
  "οδος",
  "été",
  "5pm",
  // short words and words nobody wrote
  "a",
  "jo",
  "zz",
  "nobody-wrote-this",
  "qx qx qx",
  // what FTS5 folds otherwise than the search: found only where the search itself finds them
  "kasia",
  "\u212aasia",
  "grose",
  "groſe",
  "μ-systems",
  "µ-systems",
  "σοφός",
  "σοφοσ",
  "ꭰ ꮧꭶꮃ",
  "ꮧꭶꮃ",
  // words found in many leads, whose counts and pages the index gives alone
  "siobhan",
  "example",
  "0161",
  "evening",
  "siobhán evening office",
];

// The filters a search is used with: each must give the same page, counts and total either way.
const variants: InboxQuery[] = [
  {},
  { kind: "enquiry" },
  { kind: "application" },
  { status: "spam" },
  { page: 2 },
  { sort: "due", page: 2 },
  { status: "new", owner: "mine" },
  { overdue: true, kind: "enquiry" },
];

describe.each(["sqlite", "postgres"] as const)("the inbox's search by index on %s", (dialect) => {
  let db: Database;
  let dir: string;
  const schema = `inbox_search_${randomBytes(5).toString("hex")}`;
  let viewer: Viewer;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "inbox-search-"));
    if (dialect === "postgres") {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
    }
    db =
      dialect === "sqlite"
        ? openDatabase(path.join(dir, "site.sqlite"))
        : openDatabase(postgresUrl, { schema });
    await migrate(db);
    const [staff] = await db.all<{ id: number }>(
      "INSERT INTO staff (email, name, user_handle, created_at) VALUES (?, ?, ?, 0) RETURNING id",
      ["jo@cottonopolis.example", "Jo", "jo"] as Value[],
    );
    viewer = { me: Number(staff?.id), now };
    await addSampleLeads(db, { count: 400, now, spanMs: 60 * day, owners: [Number(staff?.id)] });
    // Each awkward lead twice over: as an enquiry and as an application.
    const enquiries = await db.all<{ reference: string }>(
      "SELECT reference FROM enquiries ORDER BY id LIMIT ?",
      [awkward.length],
    );
    const applications = await db.all<{ reference: string }>(
      "SELECT reference FROM applications ORDER BY id LIMIT ?",
      [awkward.length],
    );
    for (const [i, lead] of awkward.entries()) {
      await db.run(
        "UPDATE enquiries SET first_name = ?, last_name = ?, email = ?, phone = ?, company = ?, message = ? WHERE reference = ?",
        [
          lead.first,
          lead.last,
          lead.email,
          lead.phone,
          lead.company,
          lead.message,
          enquiries[i]?.reference ?? "",
        ],
      );
      await db.run(
        "UPDATE applications SET first_name = ?, last_name = ?, email = ?, phone = ? WHERE reference = ?",
        [lead.first, lead.last, lead.email, lead.phone, applications[i]?.reference ?? ""],
      );
    }
  });

  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
    if (dialect === "postgres") {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
  });

  it("finds exactly the leads, page, counts and total that reading every lead finds, for every kind of term", async () => {
    let found = 0;
    for (const q of terms) {
      for (const variant of variants) {
        const query = { ...variant, q };
        const byIndex = await listLeads(db, query, viewer);
        const everyLead = await listLeads(db, query, viewer, { byIndex: false });
        expect(byIndex, JSON.stringify(query)).toEqual(everyLead);
        // SQLite reads a few leads found by rowid and answers many from its indexes: both the same.
        if (dialect === "sqlite") {
          const many = await listLeads(db, query, viewer, { fewLeads: 0 });
          expect(many, `${JSON.stringify(query)}, as many`).toEqual(everyLead);
        }
        if (byIndex.total > 0) found += 1;
      }
    }
    // Not a comparison of empty pages: most of the searches find something.
    expect(found).toBeGreaterThan(terms.length * 2);
  });

  it("looks up every word of three letters or more in the index, leaving the rest to the search's own check", () => {
    const words = ["łukasz", "0161", "+44", "jo", "a", "zoë", "ab\u0000c"];
    expect(indexedWords(dialect === "sqlite" ? sqlite : postgres, words)).toEqual([
      "łukasz",
      "0161",
      "+44",
      "zoë",
    ]);
  });

  it("counts a lead under its new status, and not at all once it is deleted, the moment either is done", async () => {
    const counted = async (q: string) => {
      const byIndex = await listLeads(db, { q }, viewer);
      expect(byIndex, q).toEqual(await listLeads(db, { q }, viewer, { byIndex: false }));
      return byIndex.counts;
    };
    const before = await counted("ancoats");
    expect(before.new).toBeGreaterThan(1);
    const [lead, other] = await db.all<{ id: number }>(
      "SELECT id FROM enquiries WHERE status = 'new' AND lower(company) LIKE '%ancoats%' ORDER BY id LIMIT 2",
    );
    await db.run("UPDATE enquiries SET status = 'won' WHERE id = ?", [Number(lead?.id)]);
    expect(await counted("ancoats")).toEqual({ ...before, new: before.new - 1, won: before.won + 1 });
    await db.run("DELETE FROM enquiries WHERE id = ?", [Number(other?.id)]);
    expect(await counted("ancoats")).toEqual({ ...before, new: before.new - 2, won: before.won + 1 });
  });

  it("finds the leads through the index, not by reading every lead", async () => {
    if (dialect === "sqlite") {
      // Emptied, the index finds nothing (what reading every lead finds is unchanged); filled again, all.
      await db.exec("INSERT INTO enquiries_search (enquiries_search) VALUES ('delete-all')");
      expect((await listLeads(db, { q: "ancoats", kind: "enquiry" }, viewer)).total).toBe(0);
      expect(
        (await listLeads(db, { q: "ancoats", kind: "enquiry" }, viewer, { byIndex: false })).total,
      ).toBeGreaterThan(0);
      // Filled again as migration 030 fills it.
      const migration = readFileSync(
        fileURLToPath(new URL("../../db/migrations/sqlite/030_inbox_search.sql", import.meta.url)),
        "utf8",
      );
      await db.exec(
        migration.match(/^INSERT INTO enquiries_search \(rowid, words\) SELECT[^;]*;/m)?.[0] ?? "",
      );
      expect((await listLeads(db, { q: "ancoats", kind: "enquiry" }, viewer)).total).toBeGreaterThan(0);
      return;
    }
    // PostgreSQL: the condition the search adds is answered by each kind's trigram index.
    for (const [kind, index] of [
      ["enquiry", "enquiries_search"],
      ["application", "applications_search"],
    ] as const) {
      const condition = indexedCondition(postgres, kind, ["łukasz", "0161"]);
      const plan = await db.transaction(async (tx) => {
        await tx.run("SET LOCAL enable_seqscan = off");
        return tx.all<{ "QUERY PLAN": string }>(
          `EXPLAIN SELECT id FROM ${kind === "enquiry" ? "enquiries" : "applications"} WHERE ${condition.sql}`,
          condition.params,
        );
      });
      expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toContain(`Bitmap Index Scan on ${index}`);
    }
  });

  it("trusts the index alone only with words it can answer exactly", () => {
    const dialectOf = dialect === "sqlite" ? sqlite : postgres;
    expect(exactParts(dialectOf, "enquiry", ["ancoats", "łukasz"])).not.toBeNull();
    expect(exactParts(dialectOf, "enquiry", ["ancoats", "jo"])).toBeNull();
    expect(exactParts(dialectOf, "application", ["ab\u0000c"])).toBeNull();
    // SQLite: every unmarked lead by the index alone, the marked ones by the search's own check.
    if (dialect === "sqlite") {
      expect(exactParts(sqlite, "enquiry", ["łukasz"])?.map((part) => part.recheck)).toEqual([false, true]);
      expect(exactParts(sqlite, "enquiry", ["groſe"])).toBeNull();
      expect(exactParts(sqlite, "enquiry", ["σοφός"])).toBeNull();
    }
  });

  if (dialect === "sqlite")
    it("marks every lead holding a character SQLite's index folds otherwise than the search, and trusts no word with a letter it folds with another", () => {
      // FTS5's folding of every character, read from its own list of the trigrams it indexed.
      const fts = new DatabaseSync(":memory:");
      try {
        fts.exec(`CREATE VIRTUAL TABLE t USING fts5 (words, content = '', tokenize = 'trigram');
          CREATE VIRTUAL TABLE v USING fts5vocab (t, instance);`);
        const insert = fts.prepare("INSERT INTO t (rowid, words) VALUES (?, ?)");
        fts.exec("BEGIN");
        for (let code = 1; code < 0x30000; code++) {
          if (code >= 0xd800 && code < 0xe000) continue;
          insert.run(code, `${String.fromCodePoint(code)}zz`);
        }
        fts.exec("COMMIT");
        const folded = new Map<string, string>();
        for (const row of fts.prepare("SELECT doc, term FROM v WHERE offset = 0").all()) {
          folded.set(String.fromCodePoint(Number(row.doc)), [...String(row.term)][0] ?? "");
        }
        const fold = (text: string) => [...text].map((letter) => folded.get(letter) ?? letter).join("");
        // Lower-case letters (as JavaScript lower-cases them) that FTS5 folds together: all but one of
        // each group (the one FTS5 folds to) are letters a word may not trust the index with.
        const groups = new Map<string, Set<string>>();
        for (const letter of folded.keys()) {
          const lower = letter.toLowerCase();
          if ([...lower].length !== 1) continue;
          const key = fold(lower);
          groups.set(key, (groups.get(key) ?? new Set()).add(lower));
        }
        const withAnother = new Set<string>();
        for (const [key, group] of groups) {
          if (group.size < 2) continue;
          const kept = group.has(key) ? key : [...group].sort()[0];
          for (const letter of group) if (letter !== kept) withAnother.add(letter);
        }
        expect([...withAnother].sort()).toEqual([...foldedWithAnother].sort());
        // Characters after which FTS5 would find what the search does not (or miss what it finds): folded
        // into ASCII, folded otherwise than their lower case, lower-cased to a letter folded with another,
        // and the capital sigma (lower-cased as the final sigma at a word's end).
        const misfolded = [...folded.keys()].filter((letter) => {
          if (/^[\0-\x7f]$/.test(letter)) return false;
          const lower = letter.toLowerCase();
          return (
            /[\0-\x7f]/.test(fold(letter)) ||
            fold(letter) !== fold(lower) ||
            [...lower].some((each) => withAnother.has(each)) ||
            letter === "Σ"
          );
        });
        expect(misfolded.length).toBeGreaterThan(400);
        // Migration 030's class of the characters that mark a lead, as SQLite's GLOB reads it.
        const migration = readFileSync(
          fileURLToPath(new URL("../../db/migrations/sqlite/030_inbox_search.sql", import.meta.url)),
          "utf8",
        );
        const marks = migration.match(/GLOB '\*\[' \|\| char\([\d, ]+\) \|\| '\]\*'/g) ?? [];
        expect(marks.length).toBe(10);
        expect(new Set(marks).size).toBe(1);
        const marked = fts.prepare(`SELECT ? ${marks[0]} AS marked`);
        expect(misfolded.filter((letter) => !marked.get(`ab${letter}cd`)?.marked)).toEqual([]);
        expect(
          ["a", "ł", "ö", "é", "σ", "ꭰ", " "].filter((letter) => marked.get(`ab${letter}cd`)?.marked),
        ).toEqual([]);
      } finally {
        fts.close();
      }
    });

  if (dialect === "sqlite")
    it("never looks up a word with a letter SQLite's index folds otherwise than the search does", () => {
      // Every letter, written in a lead as it is: the lead is found by the letter lower-cased (the word
      // staff would type) unless the search keeps such words out of the index.
      const fts = new DatabaseSync(":memory:");
      try {
        fts.exec("CREATE VIRTUAL TABLE t USING fts5 (words, content = '', tokenize = 'trigram')");
        const insert = fts.prepare(
          "INSERT INTO t (rowid, words) VALUES (?, replace(?, char(304), char(105, 775)))",
        );
        const letters: string[] = [];
        fts.exec("BEGIN");
        for (let code = 0x80; code < 0x30000; code++) {
          const letter = String.fromCodePoint(code);
          if (!/\p{L}/u.test(letter) || (code >= 0xd800 && code < 0xe000)) continue;
          letters.push(letter);
          insert.run(letters.length, `xq${letter}qx`);
        }
        fts.exec("COMMIT");
        const match = fts.prepare("SELECT rowid FROM t WHERE t MATCH ?");
        const missed = letters.filter((letter, i) => {
          const word = `xq${letter}qx`.toLowerCase();
          const looked = indexedWords(sqlite, [word]).length > 0;
          return looked && !match.all(`"${word}"`).some((row) => Number(row.rowid) === i + 1);
        });
        expect(missed).toEqual([]);
      } finally {
        fts.close();
      }
    });
});
