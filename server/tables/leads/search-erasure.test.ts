// A person erased, or a lead the purge deletes, cannot be found by any of their words afterwards: not by
// the inbox's search, and not in the search index's own storage (SQLite's FTS5 tables, read raw;
// PostgreSQL's trigram indexes, asked directly), on both databases. Everyone else still is.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresUrl } from "../../../tests/support/harness.ts";
import { addSampleLeads } from "../../../tests/support/sample-leads.ts";
import { type Database, openDatabase } from "../../db/database.ts";
import { postgres } from "../../db/dialect.ts";
import { migrate } from "../../db/migrate.ts";
import { eraseByEmail } from "../../lifecycle/erase.ts";
import { deleteDue, duePlan } from "../../lifecycle/purge.ts";
import { listLeads } from "./search.ts";
import { indexedCondition } from "./search-index.ts";

const day = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 20, 12, 0, 0);

// Words nobody else's lead holds, so any trace of them left anywhere is theirs.
const erased = {
  first: "Quorvath",
  last: "Zyzzmorph",
  email: "quorvath.zyzzmorph@example.co.uk",
  phone: "0161 496 7171",
  company: "Vexqwar Holdings",
  message: "Blorptastic glimmerjax atrium",
};
const purged = {
  first: "Thraxwell",
  last: "Jubbleknot",
  email: "thraxwell@example.co.uk",
  phone: "0161 496 7272",
  company: "Plonkwhistle Ltd",
  message: "Snorfblat frimbulation",
};
const words = (person: typeof erased) =>
  [person.first, person.last, person.email, person.company, ...person.message.split(" ")].map((word) =>
    word.toLowerCase(),
  );

/** The runs of three characters (lower case) in `text`: what a trigram index keeps of it. */
function trigrams(text: string): Set<string> {
  const chars = [...text.toLowerCase()];
  return new Set(chars.slice(0, -2).map((_, i) => chars.slice(i, i + 3).join("")));
}

describe.each(["sqlite", "postgres"] as const)(
  "erased and purged leads in the search index on %s",
  (dialect) => {
    let db: Database;
    let dir: string;
    const schema = `inbox_erasure_${randomBytes(5).toString("hex")}`;
    const viewer = { me: null, now };

    /** Gives the first enquiry and application not yet given someone's details this person's details. */
    async function become(person: typeof erased, nth: number): Promise<string[]> {
      const [enquiry] = await db.all<{ reference: string }>(
        "SELECT reference FROM enquiries ORDER BY id LIMIT 1 OFFSET ?",
        [nth],
      );
      const [application] = await db.all<{ reference: string }>(
        "SELECT reference FROM applications ORDER BY id LIMIT 1 OFFSET ?",
        [nth],
      );
      await db.run(
        "UPDATE enquiries SET first_name = ?, last_name = ?, email = ?, phone = ?, company = ?, message = ? WHERE reference = ?",
        [
          person.first,
          person.last,
          person.email,
          person.phone,
          person.company,
          person.message,
          enquiry?.reference ?? "",
        ],
      );
      await db.run(
        "UPDATE applications SET first_name = ?, last_name = ?, email = ?, phone = ? WHERE reference = ?",
        [person.first, person.last, person.email, person.phone, application?.reference ?? ""],
      );
      return [enquiry?.reference ?? "", application?.reference ?? ""];
    }

    /** Whether any of `words` is found by the search, through the index or by reading every lead. */
    async function findable(list: string[]): Promise<string[]> {
      const found: string[] = [];
      for (const q of list) {
        for (const byIndex of [true, false]) {
          const page = await listLeads(db, { q }, viewer, { byIndex });
          const spam = await listLeads(db, { q, status: "spam" }, viewer, { byIndex });
          if (page.total + spam.total > 0) found.push(`${q}${byIndex ? "" : " (every lead)"}`);
        }
      }
      return found;
    }

    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), "inbox-erasure-"));
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
      await addSampleLeads(db, { count: 200, now, spanMs: 60 * day });
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

    it("finds nobody by an erased person's words, or a purged lead's, in the search or in the index", async () => {
      await become(erased, 3);
      const purgedLeads = await become(purged, 5);
      // Before: each of them is found by each of their words.
      expect((await findable(words(erased))).length).toBe(words(erased).length * 2);
      expect((await findable(words(purged))).length).toBe(words(purged).length * 2);
      const before = await listLeads(db, { q: "example.co.uk" }, viewer);

      const result = await eraseByEmail(db, erased.email, { now, staffId: null });
      expect(result.records).toBe(2);
      const plan = (await duePlan(db, now + 3650 * day)).filter((lead) =>
        purgedLeads.includes(lead.reference),
      );
      expect((await deleteDue(db, plan, { asOf: now + 3650 * day })).leads).toHaveLength(2);

      expect(await findable(words(erased))).toEqual([]);
      expect(await findable(words(purged))).toEqual([]);
      // Everyone else is found as before (the four leads erased and purged aside).
      expect((await listLeads(db, { q: "example.co.uk" }, viewer)).total).toBe(before.total - 4);

      // Every run of three characters only they had: what the index's own storage would keep of them.
      const others = await db.all<{ text: string }>(
        `SELECT reference || ' ' || first_name || ' ' || last_name || ' ' || email || ' ' || phone || ' '
         || company || ' ' || message AS text FROM enquiries
       UNION ALL SELECT reference || ' ' || first_name || ' ' || last_name || ' ' || email || ' ' || phone
         FROM applications`,
      );
      const kept = trigrams(others.map((row) => row.text).join("\n"));
      const theirs = [...trigrams([...words(erased), ...words(purged)].join("\n"))].filter(
        (trigram) => !kept.has(trigram) && !/\s/.test(trigram),
      );
      expect(theirs.length).toBeGreaterThan(40);

      if (dialect === "sqlite") {
        // The FTS5 tables' pages, byte by byte (secure-delete removed the entries rather than marking
        // them deleted), and the terms FTS5 itself lists.
        for (const table of ["enquiries_search", "applications_search"]) {
          const blocks = await db.all<{ block: Uint8Array }>(`SELECT block FROM ${table}_data`);
          const raw = Buffer.concat(blocks.map((row) => Buffer.from(row.block))).toString("latin1");
          expect(theirs.filter((trigram) => raw.includes(Buffer.from(trigram).toString("latin1")))).toEqual(
            [],
          );
          await db.exec(`CREATE VIRTUAL TABLE temp.${table}_terms USING fts5vocab(main, '${table}', 'row')`);
          const terms = new Set(
            (await db.all<{ term: string }>(`SELECT term FROM temp.${table}_terms`)).map((row) => row.term),
          );
          expect(terms.size).toBeGreaterThan(100);
          expect(theirs.filter((trigram) => terms.has(trigram))).toEqual([]);
        }
        return;
      }
      // PostgreSQL: each kind's trigram indexes, asked alone (no table scan to fall back on), find no lead
      // for any of their words: the lead table's lives in the lead's own indexes, so its entries went with
      // the row, and the kind's words table (migration 031) lost its row with the lead's, read row by row.
      for (const [kind, table] of [
        ["enquiry", "enquiries"],
        ["application", "applications"],
      ] as const) {
        const found = await db.transaction(async (tx) => {
          await tx.run("SET LOCAL enable_seqscan = off");
          const counts: number[] = [];
          for (const word of [...words(erased), ...words(purged)]) {
            const condition = indexedCondition(postgres, kind, [word]);
            const plan = await tx.all<{ "QUERY PLAN": string }>(
              `EXPLAIN SELECT id FROM ${table} WHERE ${condition.sql}`,
              condition.params,
            );
            expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toContain(
              `Bitmap Index Scan on ${table}_search`,
            );
            const [row] = await tx.all<{ n: number }>(
              `SELECT COUNT(*) AS n FROM ${table} WHERE ${condition.sql}`,
              condition.params,
            );
            counts.push(Number(row?.n));
            const words = `SELECT id FROM ${table}_words WHERE ${condition.sql}`;
            const wordsPlan = await tx.all<{ "QUERY PLAN": string }>(`EXPLAIN ${words}`, condition.params);
            expect(wordsPlan.map((line) => line["QUERY PLAN"]).join("\n")).toContain(
              `Bitmap Index Scan on ${table}_words_text`,
            );
            counts.push((await tx.all(words, condition.params)).length);
            const [held] = await tx.all<{ n: number }>(
              `SELECT COUNT(*) AS n FROM ${table}_words WHERE strpos(search_text, ?) > 0`,
              [word],
            );
            counts.push(Number(held?.n));
          }
          return counts;
        });
        expect(found.every((n) => n === 0)).toBe(true);
      }
    });
  },
);
