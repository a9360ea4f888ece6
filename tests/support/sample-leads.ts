/**
 * Realistic sample leads in bulk, on SQLite or PostgreSQL: for the audit (the workspace scored with a
 * full inbox) and `npm run bench:inbox`. Enquiries and applications (one in five), spread over the eleven
 * months before `now`, in every status (older leads have mostly moved on, the last few days are mostly
 * New), for every service, about two in three with an owner, spam now and then, some applications made
 * for a vacancy. Every lead is one the retention rules still keep at `now` (a lead they would delete is
 * given a status they keep instead), so the server's purge at start leaves them all. Their reminders and escalations count as already sent, so a server started on the database
 * does not e-mail the team about every old lead at once. Names, e-mail addresses and phone numbers are
 * made up (example.co.uk, Ofcom's drama range 0161 496).
 */
import { createHash } from "node:crypto";
import { retention } from "#core/config/retention.ts";
import type { Database, Value } from "../../server/db/database.ts";
import { retentionOf } from "../../server/lifecycle/rules.ts";

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
  "Callum",
  "Niamh",
  "Oluwaseun",
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
  "Hughes",
];
const companies = [
  "Ancoats Bakery Ltd",
  "Piccadilly Lofts",
  "Salford Quays Media",
  "Northern Quarter Studio",
  "Trafford Park Logistics",
  "",
];
const services = [
  "cleaning",
  "security",
  "housekeeping",
  "warehouse",
  "steward",
  "maintenance",
  "multiple",
  "",
];
const words = ["office", "evening", "weekend", "warehouse", "event", "guards", "deep clean", "reception"];
const streets = ["Jersey Street", "Oldham Road", "Deansgate", "Chapel Street", "Stockport Road"];
const enquiryMovedOn = ["contacted", "contacted", "quoted", "won", "lost"] as const;
const applicationMovedOn = ["contacted", "interview", "hired", "unsuccessful", "unsuccessful"] as const;

const hour = 60 * 60 * 1000;
const day = 24 * hour;

function pick<T>(list: readonly T[], i: number): T {
  return list[i % list.length] as T;
}

/** A small, repeatable pseudo-random number in [0, 1) for lead i. */
function chance(i: number, salt: number): number {
  const x = Math.sin(i * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

export type SampleOptions = {
  /** How many leads to add. */
  count: number;
  /** The moment the newest lead arrives just before. */
  now: number;
  /** How far back the oldest lead goes (default eleven months, within the retention rules). */
  spanMs?: number;
  /** The staff ids leads are given to; none leaves every lead unassigned. */
  owners?: readonly number[];
  /** Vacancy references some applications are made for. */
  vacancies?: readonly string[];
  /** The number the references count from, so two batches in one database never share one. */
  firstNumber?: number;
};

/** Adds `count` sample leads in transactions of a few hundred rows each. */
export async function addSampleLeads(db: Database, options: SampleOptions): Promise<void> {
  const { count, now, owners = [], vacancies = [], firstNumber = 0 } = options;
  const span = options.spanMs ?? 330 * day;
  const batch = 250;
  for (let from = 0; from < count; from += batch) {
    const enquiries: Value[][] = [];
    const applications: Value[][] = [];
    for (let i = from; i < Math.min(count, from + batch); i++) {
      const n = firstNumber + i;
      // Newest last; a little bunching so several leads can share a minute.
      const age = ((count - i) / count) * span * (0.98 + 0.02 * chance(n, 1));
      const createdAt = Math.round(now - age);
      const isApplication = n % 5 === 0;
      const reference = `${isApplication ? "APP" : "ENQ"}-${n.toString(36).toUpperCase().padStart(6, "0")}`;
      const first = pick(firstNames, n);
      const last = pick(lastNames, Math.floor(n / 7));
      const email = `${first}.${last}.${n}@example.co.uk`
        .normalize("NFD")
        .toLowerCase()
        .replace(/[^a-z0-9.@]/g, "");
      const phone = `0161 496 ${String(n % 10_000).padStart(4, "0")}`;
      // Spam now and then; otherwise the older a lead, the likelier it has moved on from New.
      const spam = n % 40 === 7;
      const movedOn = !spam && (age > 3 * day ? chance(n, 2) < 0.95 : chance(n, 2) < 0.4);
      let status: string = spam
        ? "spam"
        : movedOn
          ? pick(isApplication ? applicationMovedOn : enquiryMovedOn, Math.floor(chance(n, 3) * 1000))
          : "new";
      const changedAt =
        status === "new" ? null : Math.min(now, createdAt + Math.round(chance(n, 4) * 3 * day));
      const facts = {
        receivedAt: createdAt,
        statusChangedAt: changedAt,
        lastActivityAt: changedAt ?? createdAt,
      };
      const kind = isApplication ? "application" : "enquiry";
      // Older spam, and applicants turned down or hired long ago, are gone by now: contacted instead.
      if (retentionOf({ ...facts, kind, status }, retention).deleteAt <= now) status = "contacted";
      const answeredAt = status === "new" || status === "spam" ? null : changedAt;
      const openedAt = status === "new" && chance(n, 5) < 0.5 ? null : createdAt + 20 * 60 * 1000;
      const ownerId = owners.length > 0 && chance(n, 6) < 0.65 ? pick(owners, n) : null;
      const spamSignal = status === "spam" ? "honeypot" : chance(n, 7) < 0.02 ? "too-fast" : null;
      const lastActivity = changedAt ?? createdAt;
      const contentHash = createHash("sha256").update(reference).digest("hex");
      const common: Value[] = [
        reference,
        status,
        contentHash,
        first,
        last,
        email,
        phone,
        "sample",
        "Mozilla/5.0 (sample)",
        createdAt,
        changedAt,
        lastActivity,
        openedAt,
        ownerId,
        answeredAt,
        createdAt,
        createdAt,
        spamSignal,
        spamSignal === "too-fast" ? 900 : null,
      ];
      if (isApplication) {
        const vacancy = vacancies.length > 0 && chance(n, 8) < 0.3 ? pick(vacancies, n) : null;
        applications.push([
          ...common,
          `${(n % 200) + 1} ${pick(streets, n)}, Manchester M4 6JB`,
          chance(n, 9) < 0.5 ? "yes" : "no",
          chance(n, 10) < 0.6 ? "yes" : "no",
          "yes",
          // Not a real encrypted number: the workspace shows it as unreadable.
          "v1.sample.sample.sample",
          vacancy,
        ]);
      } else {
        const message = `We need ${pick(words, n)} cover at our ${pick(words, n + 3)} site from next month, around ${(n % 30) + 10} hours a week. Could someone call to talk it through?`;
        enquiries.push([...common, pick(companies, n), pick(services, Math.floor(n / 5) + n), message]);
      }
    }
    const commonColumns = `reference, status, content_hash, first_name, last_name, email, phone, ip_hash, user_agent,
      created_at, status_changed_at, last_activity_at, opened_at, owner_id, answered_at, reminded_at, escalated_at,
      spam_signal, form_age_ms`;
    const placeholders = (row: Value[]) => `(${row.map(() => "?").join(", ")})`;
    await db.transaction(async (tx) => {
      if (enquiries.length > 0) {
        await tx.run(
          `INSERT INTO enquiries (${commonColumns}, company, service, message)
           VALUES ${enquiries.map(placeholders).join(", ")}`,
          enquiries.flat(),
        );
      }
      if (applications.length > 0) {
        await tx.run(
          `INSERT INTO applications (${commonColumns}, address, has_car, has_uk_licence, right_to_work,
             ni_number_encrypted, vacancy_reference)
           VALUES ${applications.map(placeholders).join(", ")}`,
          applications.flat(),
        );
      }
    });
  }
}
