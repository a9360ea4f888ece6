// Benchmark of the retention purge on SQLite: `npm run bench:purge`.
// Seeds two identical databases with enquiries and applications (each with a CV), a fifth of them due
// for deletion, then in one run measures:
//   - baseline: a bare connection (no secure_delete, no auto_vacuum) deleting the same rows by id in one
//     transaction, with no checks, tombstones or timeline, and no space reclaimed;
//   - the purge's dry run (reading every lead and judging it by the rules);
//   - the real purge (one transaction per lead, tombstones, timeline, then incremental vacuum and
//     WAL truncation).
// It prints times, the share of the baseline, and each file's size after. BENCH_LEADS (default 2000 of
// each kind) and BENCH_CV_KB (default 40) change it.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { type Database, openDatabase } from "../server/db/database.ts";
import { migrate } from "../server/db/migrate.ts";
import { purge } from "../server/lifecycle/purge.ts";
import { recordEvent } from "../server/tables/timeline.ts";
import { idleTimeoutMs } from "../server/workspace/sessions.ts";

const leadsOfEachKind = Number(process.env.BENCH_LEADS ?? 2000);
const cvBytes = Number(process.env.BENCH_CV_KB ?? 40) * 1024;
const day = 24 * 60 * 60 * 1000;
const asOf = Date.parse("2026-11-01T00:00:00Z");

type Seeded = { dueEnquiries: number[]; dueApplications: number[] };

async function seed(db: Database): Promise<Seeded> {
  const dueEnquiries: number[] = [];
  const dueApplications: number[] = [];
  await db.transaction(async (tx) => {
    for (let i = 0; i < leadsOfEachKind; i++) {
      const due = i % 5 === 0;
      const at = due ? asOf - 400 * day : asOf - 30 * day;
      const [enquiry] = await tx.all<{ id: number }>(
        `INSERT INTO enquiries (reference, status, content_hash, first_name, last_name, email, phone, company, service,
           message, ip_hash, user_agent, created_at, last_activity_at)
         VALUES (?, 'lost', ?, 'Aisha', 'Khan', ?, '0161 496 0999', 'Ancoats Bakery Ltd', 'cleaning', ?, 'x', 'bench', ?, ?)
         RETURNING id`,
        [`ENQ-B${i}`, `h${i}`, `aisha.${i}@example.co.uk`, `We need an evening office clean. ${i}`, at, at],
      );
      const [application] = await tx.all<{ id: number }>(
        `INSERT INTO applications (reference, status, content_hash, first_name, last_name, email, phone, address,
           has_car, has_uk_licence, right_to_work, ni_number_encrypted, ip_hash, user_agent, created_at,
           status_changed_at, last_activity_at)
         VALUES (?, 'unsuccessful', ?, 'Tomasz', 'Nowak', ?, '07700 900123', '12 Jersey Street', 'yes', 'no', 'yes',
           ?, 'x', 'bench', ?, ?, ?) RETURNING id`,
        [
          `APP-B${i}`,
          `a${i}`,
          `tomasz.${i}@example.com`,
          `v1.${randomBytes(24).toString("base64url")}`,
          at,
          at,
          at,
        ],
      );
      await tx.run(
        "INSERT INTO documents (application_id, field, file_name, content_type, size, content) VALUES (?, 'resume', 'cv.pdf', 'application/pdf', ?, ?)",
        [Number(application?.id), cvBytes, randomBytes(cvBytes)],
      );
      for (const reference of [`ENQ-B${i}`, `APP-B${i}`]) {
        await recordEvent(tx, { reference, action: "received", now: at });
        await tx.run(
          `INSERT INTO outbox (reference, purpose, to_address, subject, body, status, next_attempt_at, created_at, sent_at)
           VALUES (?, 'acknowledgement', 'someone@example.com', 'We have it', 'Dear Aisha, thank you.', 'sent', ?, ?, ?)`,
          [reference, at, at, at],
        );
      }
      if (due) {
        dueEnquiries.push(Number(enquiry?.id));
        dueApplications.push(Number(application?.id));
      }
    }
  });
  return { dueEnquiries, dueApplications };
}

function size(file: string): string {
  const bytes =
    statSync(file).size +
    (() => {
      try {
        return statSync(`${file}-wal`).size;
      } catch {
        return 0;
      }
    })();
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = process.hrtime.bigint();
  const value = await fn();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, value };
}

const dir = mkdtempSync(path.join(tmpdir(), "bench-purge-"));
try {
  // Baseline: the same schema and rows, on a bare connection without secure_delete or auto_vacuum.
  const baseFile = path.join(dir, "baseline.sqlite");
  const bare = new DatabaseSync(baseFile);
  // A first table fixes the file's auto_vacuum at none before the server's connection could set it.
  bare.exec("PRAGMA auto_vacuum = NONE; PRAGMA journal_mode = WAL; CREATE TABLE bench_marker (x)");
  bare.close();
  const baseDb = openDatabase(baseFile);
  await migrate(baseDb);
  const baseSeed = await seed(baseDb);
  await baseDb.all("PRAGMA wal_checkpoint(TRUNCATE)");
  await baseDb.close();
  const plain = new DatabaseSync(baseFile);
  plain.exec(
    "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA secure_delete = OFF",
  );
  const baseline = await timed(async () => {
    plain.exec("BEGIN IMMEDIATE");
    const byId = (table: string, ids: number[]) => {
      const statement = plain.prepare(`DELETE FROM ${table} WHERE id = ?`);
      for (const id of ids) statement.run(id);
    };
    byId("enquiries", baseSeed.dueEnquiries);
    byId("applications", baseSeed.dueApplications);
    plain.exec("COMMIT");
  });
  plain.close();

  const file = path.join(dir, "purged.sqlite");
  const db = openDatabase(file);
  await migrate(db);
  await seed(db);
  await db.all("PRAGMA wal_checkpoint(TRUNCATE)");
  const before = size(file);
  const dry = await timed(() =>
    purge(db, { asOf, dryRun: true, rateLimitWindowMs: 60 * 60 * 1000, sessionIdleMs: idleTimeoutMs }),
  );
  const real = await timed(() =>
    purge(db, { asOf, rateLimitWindowMs: 60 * 60 * 1000, sessionIdleMs: idleTimeoutMs }),
  );
  const after = size(file);
  await db.close();

  const due = dry.value.leads.length;
  if (real.value.leads.length !== due)
    throw new Error(`Dry run listed ${due}, purge deleted ${real.value.leads.length}`);
  const rows = [
    ["baseline: bare DELETE by id, one transaction", baseline.ms, `${size(baseFile)} after`],
    ["purge --dry-run (judge every lead)", dry.ms, ""],
    ["purge (checks, tombstones, timeline, vacuum, WAL truncate)", real.ms, `${before} → ${after}`],
  ] as const;
  process.stdout.write(
    `\n${leadsOfEachKind * 2} leads (${leadsOfEachKind} applications with a ${cvBytes / 1024} KB CV), ${due} due\n\n`,
  );
  process.stdout.write(
    `${"".padEnd(62)}${"ms".padStart(9)}${"× baseline".padStart(12)}${"per lead".padStart(11)}  files\n`,
  );
  for (const [name, ms, note] of rows) {
    process.stdout.write(
      `${name.padEnd(62)}${ms.toFixed(0).padStart(9)}${(ms / baseline.ms).toFixed(1).padStart(12)}${`${(ms / due).toFixed(2)} ms`.padStart(11)}  ${note}\n`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
