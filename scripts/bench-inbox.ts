// Speed of the staff inbox's queries: `npm run bench:inbox`.
// Fills a fresh SQLite file (and a throwaway PostgreSQL schema, when PostgreSQL answers) with leads,
// then times, in one run: a baseline (the newest 50 enquiries straight from their index, the least
// any inbox page could cost), the inbox's first page with its counts, searches, a filtered page deep
// in the list, and a CSV export. Prints the median and 95th percentile and each one's ratio to the
// baseline. BENCH_LEADS sets how many leads (default 20000, a fifth of them applications).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { InboxQuery } from "../app/lib/staff/leads.ts";
import { type Database, openDatabase, type Value } from "../server/db/database.ts";
import { migrate } from "../server/db/migrate.ts";
import { exportLeads, listLeads } from "../server/workspace/inbox.ts";

const total = Number(process.env.BENCH_LEADS ?? 20_000);
const runs = Number(process.env.BENCH_RUNS ?? 30);
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const firstNames = [
  "Aisha",
  "Tomasz",
  "Zoë",
  "Łukasz",
  "Siobhán",
  "Priya",
  "Daniel",
  "Grace",
  "Mohammed",
  "Ewa",
];
const lastNames = [
  "Khan",
  "Nowak",
  "Brown",
  "Kowalski",
  "O'Neill",
  "Shah",
  "Moore",
  "Okafor",
  "Ali",
  "Wiśniewska",
];
const companies = [
  "Ancoats Bakery Ltd",
  "Piccadilly Lofts",
  "Salford Quays Media",
  "Northern Quarter Studio",
  "",
];
const services = ["cleaning", "security", "housekeeping", "warehouse", "steward", "maintenance", ""];
const words = ["office", "evening", "weekend", "warehouse", "event", "guards", "deep clean", "reception"];

function pick<T>(list: readonly T[], i: number): T {
  return list[i % list.length] as T;
}

/** Leads spread over the last year; one in fifty is spam, a few in each status. */
async function fill(db: Database): Promise<void> {
  const started = Date.now() - 365 * 24 * 60 * 60 * 1000;
  const step = Math.floor((365 * 24 * 60 * 60 * 1000) / total);
  const batch = 250;
  for (let from = 0; from < total; from += batch) {
    const enquiries: Value[][] = [];
    const applications: Value[][] = [];
    for (let i = from; i < Math.min(total, from + batch); i++) {
      const at = started + i * step;
      const reference = `${i % 5 === 0 ? "APP" : "ENQ"}-${i.toString(36).toUpperCase().padStart(6, "0")}`;
      const first = pick(firstNames, i);
      const last = pick(lastNames, Math.floor(i / 7));
      const email = `${first}.${last}.${i}@example.co.uk`.toLowerCase().replace(/[^a-z0-9.@]/g, "");
      const phone = `0161 496 ${String(i % 10_000).padStart(4, "0")}`;
      const status = i % 50 === 0 ? "spam" : i % 3 === 0 ? "contacted" : "new";
      const common = [reference, status, randomBytes(8).toString("hex"), first, last, email, phone];
      if (i % 5 === 0) {
        applications.push([
          ...common,
          `${i} Jersey Street, Manchester M4 6JB`,
          "yes",
          "no",
          "yes",
          "v1.a.b.c",
          "x",
          "bench",
          at,
          at,
        ]);
      } else {
        const message = `We need ${pick(words, i)} cover at our ${pick(words, i + 3)} site, reference ${i}.`;
        enquiries.push([...common, pick(companies, i), pick(services, i), message, "x", "bench", at, at]);
      }
    }
    await db.transaction(async (tx) => {
      if (enquiries.length) {
        await tx.run(
          `INSERT INTO enquiries (reference, status, content_hash, first_name, last_name, email, phone, company, service,
             message, ip_hash, user_agent, created_at, last_activity_at)
           VALUES ${enquiries.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
          enquiries.flat(),
        );
      }
      if (applications.length) {
        await tx.run(
          `INSERT INTO applications (reference, status, content_hash, first_name, last_name, email, phone, address, has_car,
             has_uk_licence, right_to_work, ni_number_encrypted, ip_hash, user_agent, created_at, last_activity_at)
           VALUES ${applications.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
          applications.flat(),
        );
      }
    });
  }
}

let staffId = 0;

type Case = { name: string; run: (db: Database) => Promise<unknown> };

const cases: Case[] = [
  {
    name: "baseline: newest 50 enquiries",
    run: (db) =>
      db.all(
        "SELECT reference, first_name, last_name, email, service, status, created_at FROM enquiries ORDER BY created_at DESC LIMIT 50",
      ),
  },
  { name: "inbox, first page + counts", run: (db) => listLeads(db, {}) },
  { name: "inbox, page 100", run: (db) => listLeads(db, { page: 100 }) },
  {
    name: "enquiries, cleaning, contacted",
    run: (db) => listLeads(db, { kind: "enquiry", service: "cleaning", status: "contacted" }),
  },
  { name: "search a reference", run: (db) => listLeads(db, { q: "enq-0000dw" }) },
  { name: "search a name (non-ASCII)", run: (db) => listLeads(db, { q: "łukasz" }) },
  { name: "search three words", run: (db) => listLeads(db, { q: "siobhán evening office" }) },
  { name: "search a phone without spaces", run: (db) => listLeads(db, { q: "01614960042" }) },
  {
    name: "CSV export, status new",
    run: (db) => exportLeads(db, { status: "new" } satisfies InboxQuery, { staffId, now: Date.now() }),
  },
];

async function time(db: Database, c: Case): Promise<{ p50: number; p95: number }> {
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
  };
}

async function bench(label: string, db: Database): Promise<void> {
  await migrate(db);
  // The export writes its audit line; a staff row keeps the foreign key satisfied.
  const [staff] = await db.all<{ id: number }>(
    "INSERT INTO staff (email, name, user_handle, created_at) VALUES ('bench@cottonopolis.example', 'Bench', 'bench', 0) RETURNING id",
  );
  staffId = Number(staff?.id);
  const filling = Date.now();
  await fill(db);
  console.log(
    `\n${label}: ${total} leads (filled in ${((Date.now() - filling) / 1000).toFixed(1)} s), ${runs} runs each`,
  );
  let baseline = 0;
  for (const c of cases) {
    const { p50, p95 } = await time(db, c);
    if (!baseline) baseline = p50;
    console.log(
      `  ${c.name.padEnd(34)} p50 ${p50.toFixed(2).padStart(8)} ms   p95 ${p95.toFixed(2).padStart(8)} ms   ×${(p50 / baseline).toFixed(1)}`,
    );
  }
}

const dir = mkdtempSync(path.join(tmpdir(), "bench-inbox-"));
try {
  const sqlite = openDatabase(path.join(dir, "site.sqlite"));
  try {
    await bench("SQLite", sqlite);
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
      await bench("PostgreSQL", postgres);
    } finally {
      await postgres.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
