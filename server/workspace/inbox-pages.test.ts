// The inbox's pages over many leads of both kinds, with arrival times shared to the millisecond: every
// page, count and total is the one a single list of every lead, in the page's order, gives; and on
// SQLite the first page is read from the indexes of migration 022, never by sorting every lead.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InboxQuery, inboxPageSize } from "#core/leads/inbox-query.ts";
import type { LeadKind } from "#core/leads/model.ts";
import { promiseMs } from "#core/leads/reply-promise.ts";
import { postgresUrl } from "../../tests/support/harness.ts";
import { addSampleLeads } from "../../tests/support/sample-leads.ts";
import { type Database, openDatabase, type Value } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
import { listLeads, type Viewer } from "../tables/leads/search.ts";

const day = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 20, 12, 0, 0);

type Lead = {
  kind: string;
  reference: string;
  status: string;
  service: string;
  owner_id: number | null;
  vacancy_reference: string | null;
  answered_at: number | null;
  due_at: number | null;
};

/** Every lead in the order the page sorts by, as one SQL list (the inbox's order, without paging). */
async function everyLead(db: Database, sort: InboxQuery["sort"]): Promise<Lead[]> {
  const due = (kind: LeadKind) => {
    const ms = promiseMs(kind);
    return ms === null ? "CAST(NULL AS BIGINT)" : `created_at + ${Math.trunc(ms)}`;
  };
  const order =
    sort === "due"
      ? "CASE WHEN status = 'new' AND answered_at IS NULL AND due_at IS NOT NULL THEN 0 ELSE 1 END, due_at, created_at DESC, reference DESC"
      : "created_at DESC, reference DESC";
  const rows = await db.all<Lead>(
    `SELECT * FROM (
       SELECT 'enquiry' AS kind, reference, status, service, owner_id, NULL AS vacancy_reference, answered_at,
         created_at, ${due("enquiry")} AS due_at FROM enquiries
       UNION ALL
       SELECT 'application' AS kind, reference, status, '' AS service, owner_id, vacancy_reference, answered_at,
         created_at, ${due("application")} AS due_at FROM applications
     ) leads ORDER BY ${order}`,
  );
  return rows.map((row) => ({
    ...row,
    owner_id: row.owner_id === null ? null : Number(row.owner_id),
    answered_at: row.answered_at === null ? null : Number(row.answered_at),
    due_at: row.due_at === null ? null : Number(row.due_at),
  }));
}

/** Whether a lead meets a query's filters (not its status), as the inbox describes them. */
function meets(lead: Lead, query: InboxQuery, viewer: Viewer): boolean {
  if (query.kind && lead.kind !== query.kind) return false;
  if (query.service && lead.service !== query.service) return false;
  if (query.vacancy && lead.vacancy_reference !== query.vacancy) return false;
  if (query.owner === "mine" && lead.owner_id !== viewer.me) return false;
  if (query.owner === "unassigned" && lead.owner_id !== null) return false;
  if (query.overdue) {
    const awaiting = lead.status === "new" && lead.answered_at === null && lead.due_at !== null;
    if (!awaiting || (lead.due_at ?? 0) > viewer.now) return false;
  }
  return true;
}

const queries: InboxQuery[] = [
  {},
  { sort: "due" },
  { kind: "enquiry" },
  { kind: "application", sort: "due" },
  { status: "new" },
  { status: "spam" },
  { status: "contacted", kind: "enquiry" },
  { service: "cleaning" },
  { service: "security", status: "won" },
  { owner: "mine" },
  { owner: "mine", sort: "due" },
  { owner: "unassigned" },
  { overdue: true },
  { overdue: true, sort: "due" },
  { vacancy: "VAC-NIGHTS" },
  { vacancy: "VAC-NIGHTS", service: "cleaning" },
];

describe.each(["sqlite", "postgres"] as const)("the inbox's pages over many leads on %s", (dialect) => {
  let db: Database;
  let dir: string;
  const schema = `inbox_pages_${randomBytes(5).toString("hex")}`;
  let viewer: Viewer;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "inbox-pages-"));
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
    const owners: number[] = [];
    for (const name of ["Jo", "Sam", "Ali"]) {
      const [row] = await db.all<{ id: number }>(
        "INSERT INTO staff (email, name, user_handle, created_at) VALUES (?, ?, ?, 0) RETURNING id",
        [`${name.toLowerCase()}@cottonopolis.example`, name, name] as Value[],
      );
      owners.push(Number(row?.id));
    }
    viewer = { me: owners[0] ?? null, now };
    const vacancies = ["VAC-NIGHTS", "VAC-STEWARD"];
    // Two months of leads, then two hundred within 60 ms two days ago: many share their millisecond,
    // and those still New are overdue.
    await addSampleLeads(db, { count: 400, now, spanMs: 60 * day, owners, vacancies });
    await addSampleLeads(db, {
      count: 200,
      now: now - 2 * day,
      spanMs: 60,
      owners,
      vacancies,
      firstNumber: 400,
    });
  });

  afterAll(async () => {
    await db?.close();
    if (dialect === "postgres") {
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(queries.map((query) => [JSON.stringify(query), query] as const))(
    "%s: every page, the counts and the total are those of one list of every lead",
    async (_, query) => {
      const all = (await everyLead(db, query.sort)).filter((lead) => meets(lead, query, viewer));
      const counts: Record<string, number> = {};
      for (const lead of all) counts[lead.status] = (counts[lead.status] ?? 0) + 1;
      const shown = all.filter((lead) =>
        query.status ? lead.status === query.status : lead.status !== "spam",
      );
      const pages = Math.max(1, Math.ceil(shown.length / inboxPageSize));

      for (let page = 1; page <= pages + 1; page++) {
        const result = await listLeads(db, { ...query, page }, viewer);
        expect(result.total).toBe(shown.length);
        expect(result.pages).toBe(pages);
        expect(Object.fromEntries(Object.entries(result.counts).filter(([, n]) => n > 0))).toEqual(counts);
        expect(result.rows.map((row) => row.reference)).toEqual(
          shown.slice((page - 1) * inboxPageSize, page * inboxPageSize).map((lead) => lead.reference),
        );
      }
    },
  );

  it("has leads of both kinds, shared milliseconds, overdue leads and leads for a vacancy to page through", async () => {
    const all = await everyLead(db, undefined);
    expect(all.filter((lead) => lead.kind === "application").length).toBeGreaterThan(100);
    expect(new Set(all.map((lead) => lead.reference)).size).toBe(600);
    const overdue = (await listLeads(db, { overdue: true }, viewer)).total;
    expect(overdue).toBeGreaterThan(inboxPageSize);
    expect((await listLeads(db, { vacancy: "VAC-NIGHTS" }, viewer)).total).toBeGreaterThan(0);
    const times = await db.all<{ n: number }>(
      "SELECT COUNT(*) AS n FROM (SELECT created_at FROM enquiries UNION ALL SELECT created_at FROM applications) t GROUP BY created_at HAVING COUNT(*) > 1",
    );
    expect(times.length).toBeGreaterThan(20);
  });

  // SQLite's plans follow from the schema alone, so they can be checked here; PostgreSQL's planner chooses
  // by its statistics, and `npm run bench:inbox` measures its first pages at 100,000 leads instead.
  if (dialect === "sqlite")
    it.each([
      {},
      { sort: "due" },
      { status: "new" },
      { owner: "mine" },
      { owner: "unassigned" },
      { service: "cleaning" },
      {
        overdue: true,
      },
      { kind: "application" },
    ] satisfies InboxQuery[])(
      "reads the first page of %j from indexes, without sorting every lead",
      async (query) => {
        const statements: { sql: string; params: Value[] }[] = [];
        const all = db.all.bind(db);
        const watched = Object.assign(Object.create(db) as Database, {
          all: (sql: string, params: Value[] = []) => {
            statements.push({ sql, params });
            return all(sql, params);
          },
        });
        await listLeads(watched, query, viewer);
        expect(statements).toHaveLength(2);
        for (const { sql, params } of statements) {
          const plan = await all<{ parent: number; detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, params);
          const details = plan.map((step) => step.detail);
          // Each kind's leads through an index: never a scan of a whole table.
          expect(details.filter((detail) => /^SCAN (enquiries|applications)$/.test(detail))).toEqual([]);
          expect(details.some((detail) => /(SCAN|SEARCH) (enquiries|applications) USING/.test(detail))).toBe(
            true,
          );
          // Only the page's own few rows are sorted (the merge of each kind's first rows, at the top level).
          expect(
            plan.filter((step) => step.detail === "USE TEMP B-TREE FOR ORDER BY" && step.parent !== 0),
          ).toEqual([]);
        }
      },
    );
});
