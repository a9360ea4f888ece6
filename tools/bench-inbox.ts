// Speed of the staff inbox's queries: `npm run bench:inbox`.
// Fills a fresh SQLite file (and a throwaway PostgreSQL schema, when PostgreSQL answers) with sample
// leads (tests/support/sample-leads.ts), then times, in one run: a baseline (the newest 50 enquiries straight
// from their index, the least any inbox page could cost), the inbox's first page with its counts, with no
// filters and with each of the usual filters, a page deep in the list, a CSV export, and each kind of
// search twice: through the search index and, beside it, reading every lead as the search did before it
// (listLeads' byIndex: false). Prints the median, 95th and 99th percentiles and each one's ratio to the
// baseline, whether every first page stays under 50 ms (the median) and every indexed search under 50 ms
// (the 99th percentile).
//
// BENCH_LEADS: how many leads, as a list measured in turn on the same database (default 20000,100000:
// the second adds 80,000 to the first). BENCH_RUNS: timed runs per case (default 30).
// BENCH_POSTGRES_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { InboxQuery } from "#core/leads/inbox-query.ts";
import { type Database, openDatabase } from "../server/db/database.ts";
import { migrate } from "../server/db/migrate.ts";
import { listLeads, type Viewer } from "../server/tables/leads/search.ts";
import { exportLeads } from "../server/workspace/inbox/export.ts";
import { addSampleLeads } from "../tests/support/sample-leads.ts";

const sizes = (process.env.BENCH_LEADS ?? "20000,100000")
  .split(",")
  .map((size) => Number(size.trim()))
  .filter((size) => Number.isInteger(size) && size > 0)
  .sort((a, b) => a - b);
if (sizes.length === 0) throw new Error("BENCH_LEADS must list whole numbers of leads, such as 20000,100000");
const runs = Number(process.env.BENCH_RUNS ?? 30);
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** The most a first page of the inbox may take, by its median. */
const firstPageBudgetMs = 50;
/** The most a search through the index may take, by its 99th percentile. */
const searchBudgetMs = 50;
const now = Date.now();

let staffId = 0;
const vacancies = ["VAC-NIGHTS", "VAC-STEWARD"];

type Case = {
  name: string;
  firstPage?: boolean;
  /** A search through the index, held to searchBudgetMs. */
  search?: boolean;
  run: (db: Database) => Promise<unknown>;
};

const viewer = (): Viewer => ({ me: staffId, now });
const page = (query: InboxQuery) => (db: Database) => listLeads(db, query, viewer());

// One of each kind of term staff search by; the sample leads' e-mail addresses are first.last.n@...
// and their phones 0161 496 nnnn.
const searches: { kind: string; q: string }[] = [
  { kind: "reference", q: "enq-0000dw" },
  { kind: "name (non-ASCII)", q: "łukasz" },
  { kind: "full name", q: "siobhán o'neill" },
  { kind: "e-mail", q: "siobhan.nowak.4242@example.co.uk" },
  { kind: "phone with spaces", q: "0161 496 0042" },
  { kind: "phone without spaces", q: "01614960042" },
  { kind: "phone +44", q: "+44 161 496 0042" },
  { kind: "company", q: "ancoats" },
  { kind: "message word", q: "reception" },
  { kind: "part of a word", q: "kowal" },
  { kind: "three words", q: "siobhán evening office" },
];
const searchCases: Case[] = searches.flatMap(({ kind, q }) => [
  {
    name: `search ${kind}, every lead`,
    run: (db: Database) => listLeads(db, { q }, viewer(), { byIndex: false }),
  },
  { name: `search ${kind}, by index`, search: true, run: page({ q }) },
]);

const cases: Case[] = [
  {
    name: "baseline: newest 50 enquiries",
    run: (db) =>
      db.all(
        "SELECT reference, first_name, last_name, email, service, status, created_at FROM enquiries ORDER BY created_at DESC LIMIT 50",
      ),
  },
  { name: "inbox, first page + counts", firstPage: true, run: page({}) },
  { name: "enquiries", firstPage: true, run: page({ kind: "enquiry" }) },
  { name: "applications", firstPage: true, run: page({ kind: "application" }) },
  { name: "status new", firstPage: true, run: page({ status: "new" }) },
  { name: "status won", firstPage: true, run: page({ status: "won" }) },
  { name: "spam", firstPage: true, run: page({ status: "spam" }) },
  { name: "service cleaning", firstPage: true, run: page({ service: "cleaning" }) },
  {
    name: "enquiries, cleaning, contacted",
    firstPage: true,
    run: page({ kind: "enquiry", service: "cleaning", status: "contacted" }),
  },
  { name: "mine", firstPage: true, run: page({ owner: "mine" }) },
  { name: "unassigned", firstPage: true, run: page({ owner: "unassigned" }) },
  { name: "overdue", firstPage: true, run: page({ overdue: true }) },
  { name: "due soonest first", firstPage: true, run: page({ sort: "due" }) },
  { name: "a vacancy's applications", firstPage: true, run: page({ vacancy: "VAC-NIGHTS" }) },
  { name: "inbox, page 100", run: page({ page: 100 }) },
  {
    name: "CSV export, mine, status new",
    run: (db) => exportLeads(db, { status: "new", owner: "mine" }, { staffId, now }),
  },
  ...searchCases,
  // A search with a filter beside it: counted from the leads the index finds, each then filtered.
  { name: "search message word, mine", search: true, run: page({ q: "reception", owner: "mine" }) },
  { name: "search reference, cleaning", search: true, run: page({ q: "enq-0000dw", service: "cleaning" }) },
];

async function time(db: Database, c: Case): Promise<{ p50: number; p95: number; p99: number }> {
  for (let i = 0; i < 3; i++) await c.run(db);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    await c.run(db);
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return {
    p50: samples[Math.floor(samples.length / 2)] ?? 0,
    p95: samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.95))] ?? 0,
    p99: samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.99))] ?? 0,
  };
}

/** Fills the database up to each size in turn and times every case there. */
async function bench(label: string, db: Database, settle: () => Promise<void>): Promise<string[]> {
  await migrate(db);
  const owners: number[] = [];
  for (const name of ["Bench", "Jo Bloggs", "Sam Patel", "Ali Hassan"]) {
    // Owners for the "Mine" and "Unassigned" filters; the first is the one looking.
    const [staff] = await db.all<{ id: number }>(
      "INSERT INTO staff (email, name, user_handle, created_at) VALUES (?, ?, ?, 0) RETURNING id",
      [
        `${name.toLowerCase().replace(/\W+/g, ".")}@cottonopolis.example`,
        name,
        randomBytes(8).toString("hex"),
      ],
    );
    owners.push(Number(staff?.id));
  }
  staffId = owners[0] ?? 0;
  const verdicts: string[] = [];
  let filled = 0;
  for (const size of sizes) {
    const filling = Date.now();
    await addSampleLeads(db, { count: size - filled, now, owners, vacancies, firstNumber: filled });
    filled = size;
    await settle();
    console.log(
      `\n${label}: ${size} leads (filled in ${((Date.now() - filling) / 1000).toFixed(1)} s), ${runs} runs each`,
    );
    let baseline = 0;
    const slow: string[] = [];
    const slowSearches: string[] = [];
    for (const c of cases) {
      const { p50, p95, p99 } = await time(db, c);
      if (!baseline) baseline = p50;
      if (c.firstPage && p50 >= firstPageBudgetMs) slow.push(c.name);
      if (c.search && p99 >= searchBudgetMs) slowSearches.push(c.name);
      console.log(
        `  ${c.name.padEnd(44)} p50 ${p50.toFixed(2).padStart(8)} ms   p95 ${p95.toFixed(2).padStart(8)} ms   p99 ${p99.toFixed(2).padStart(8)} ms   ×${(p50 / baseline).toFixed(1)}`,
      );
    }
    verdicts.push(
      `${label}, ${size} leads: ${
        slow.length === 0
          ? `every first page under ${firstPageBudgetMs} ms`
          : `over ${firstPageBudgetMs} ms: ${slow.join(", ")}`
      }; ${
        slowSearches.length === 0
          ? `every search by index under ${searchBudgetMs} ms (p99)`
          : `searches over ${searchBudgetMs} ms (p99): ${slowSearches.join(", ")}`
      }`,
    );
  }
  return verdicts;
}

const verdicts: string[] = [];
const dir = mkdtempSync(path.join(tmpdir(), "bench-inbox-"));
try {
  const sqlite = openDatabase(path.join(dir, "site.sqlite"));
  try {
    // SQLite runs as the server runs it: no statistics gathered.
    verdicts.push(...(await bench("SQLite", sqlite, async () => {})));
  } finally {
    await sqlite.close();
  }

  const schema = `bench_inbox_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  );
  if (!reachable) {
    console.log("\nPostgreSQL: not reachable, skipped");
  } else {
    await admin.query(`CREATE SCHEMA ${schema}`);
    const postgres = openDatabase(postgresUrl, { schema });
    try {
      // A live database is vacuumed and analysed by autovacuum within a minute or so of a bulk change;
      // doing it at once here measures that settled state instead of a race with the daemon.
      const settle = async () => {
        for (const table of ["enquiries", "applications", "staff", "enquiries_words", "applications_words"]) {
          await admin.query(`VACUUM (ANALYZE) ${schema}.${table}`);
        }
      };
      verdicts.push(...(await bench("PostgreSQL", postgres, settle)));
    } finally {
      await postgres.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`\n${verdicts.join("\n")}`);
