import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retention } from "#core/config/retention.ts";
import { addPeriod } from "#core/retention-periods.ts";
import { type Dialect, type Harness, startHarness } from "../../tests/support/harness.ts";
import {
  addNote,
  addStaff,
  applicationId,
  count,
  day,
  footprint,
  sendApplication,
  sendEnquiry,
  setLead,
  token,
} from "../../tests/support/lifecycle.ts";
import { acquireLease, releaseLease } from "../jobs/lease.ts";
import { createLogger } from "../observability/logger.ts";
import { idleTimeoutMs } from "../workspace/sessions.ts";
import { hashToken } from "../workspace/tokens.ts";
import { deleteDue, duePlan, purge, purgeLeaseMs } from "./purge.ts";
import { startPurging } from "./schedule.ts";

const dialects: Dialect[] = ["sqlite", "postgres"];
const at = (iso: string) => Date.parse(iso);
const hour = 60 * 60 * 1000;
const rateLimitWindowMs = hour;

describe.each(dialects)("the retention purge on %s", (dialect) => {
  let h: Harness;
  let staffId: number;

  beforeAll(async () => {
    h = await startHarness(dialect);
    staffId = await addStaff(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  const run = (asOf: number, extra: { dryRun?: boolean } = {}) =>
    purge(h.services.db, { asOf, rateLimitWindowMs, sessionIdleMs: idleTimeoutMs, ...extra });

  it("deletes an unsuccessful application, with its CV, mail rows and notes, the day after its period and not the day before", async () => {
    const reference = await sendApplication(h);
    const id = await applicationId(h, reference);
    const received = at("2026-03-20T09:00:00Z");
    const told = at("2026-03-31T11:00:00Z");
    await setLead(h, reference, {
      created_at: received,
      status: "unsuccessful",
      status_changed_at: told,
      last_activity_at: told,
    });
    await addNote(h, reference, staffId, "Strong on warehouse experience; no forklift licence.", told - day);
    await h.services.db.run(
      "UPDATE audit_log SET created_at = ? WHERE reference = ? AND action = 'received'",
      [received, reference],
    );
    const before = await footprint(h, reference, id);
    expect(before).toEqual({ lead: 1, documents: 1, outbox: 2, notes: 1, timelineDetail: 1 });

    const due = addPeriod(told, retention.applications.unsuccessful);
    expect(due).toBe(at("2027-03-31T11:00:00Z"));
    const dayBefore = await run(due - day);
    expect(dayBefore.leads.map((lead) => lead.reference)).not.toContain(reference);
    expect(await footprint(h, reference, id)).toEqual(before);

    const dayAfter = await run(due + day);
    expect(dayAfter.ran).toBe(true);
    expect(dayAfter.leads.map((lead) => lead.reference)).toContain(reference);
    expect(await footprint(h, reference, id)).toEqual({
      lead: 0,
      documents: 0,
      outbox: 0,
      notes: 0,
      timelineDetail: 0,
    });
    // The timeline keeps what happened and when, without the detail, and says why the lead went.
    const timeline = await h.services.db.all<{ action: string; detail: string; created_at: number }>(
      "SELECT action, detail, created_at FROM audit_log WHERE reference = ? ORDER BY id",
      [reference],
    );
    expect(timeline.map((entry) => [entry.action, entry.detail, Number(entry.created_at)])).toEqual([
      ["received", "", received],
      ["note-added", "", told - day],
      ["deleted", "retention", due + day],
    ]);
    const [tombstone] = await h.services.db.all("SELECT * FROM tombstones WHERE reference = ?", [reference]);
    expect(tombstone).toEqual({
      reference,
      kind: "application",
      received_at: received,
      deleted_at: due + day,
      reason: "retention",
    });
  });

  it("keeps a Won enquiry five years after the last activity, and deletes it after six", async () => {
    const reference = await sendEnquiry(h);
    const won = at("2026-02-02T10:00:00Z");
    await setLead(h, reference, {
      created_at: won - 20 * day,
      status: "won",
      status_changed_at: won,
      last_activity_at: won,
    });
    await run(addPeriod(won, { years: 5 }));
    expect((await footprint(h, reference)).lead).toBe(1);
    await run(addPeriod(won, { years: 6 }) - day);
    expect((await footprint(h, reference)).lead).toBe(1);
    const report = await run(addPeriod(won, { years: 6 }) + day);
    expect(report.leads.find((lead) => lead.reference === reference)).toMatchObject({ rule: "client" });
    expect((await footprint(h, reference)).lead).toBe(0);
  });

  it("deletes spam 30 days after it arrived", async () => {
    const reference = await sendEnquiry(h, { website: "https://spam.example" });
    const [row] = await h.services.db.all<{ status: string }>(
      "SELECT status FROM enquiries WHERE reference = ?",
      [reference],
    );
    expect(row?.status).toBe("spam");
    const arrived = at("2026-06-01T08:00:00Z");
    await setLead(h, reference, { created_at: arrived, last_activity_at: arrived });
    await run(arrived + 29 * day);
    expect((await footprint(h, reference)).lead).toBe(1);
    const report = await run(arrived + 31 * day);
    expect(report.leads.find((lead) => lead.reference === reference)).toMatchObject({ rule: "spam" });
    expect((await footprint(h, reference)).lead).toBe(0);
    expect(await count(h, "tombstones", "reference = ? AND kind = 'enquiry'", [reference])).toBe(1);
  });

  it("counts a note as activity: an enquiry that led nowhere goes 12 months after its last note", async () => {
    const reference = await sendEnquiry(h);
    const received = at("2026-01-05T09:00:00Z");
    await setLead(h, reference, {
      created_at: received,
      status: "lost",
      status_changed_at: received,
      last_activity_at: received,
    });
    const noted = received + 90 * day;
    await addNote(h, reference, staffId, "They may come back in the spring.", noted);
    await run(addPeriod(received, { months: 12 }) + day);
    expect((await footprint(h, reference)).lead).toBe(1);
    await run(addPeriod(noted, { months: 12 }) + day);
    expect((await footprint(h, reference)).lead).toBe(0);
  });

  it("keeps an application 12 months after the applicant agreed to be kept for future roles", async () => {
    const reference = await sendApplication(h);
    const told = at("2026-04-10T10:00:00Z");
    const agreed = told + 40 * day;
    await setLead(h, reference, {
      created_at: told - 30 * day,
      status: "unsuccessful",
      status_changed_at: told,
      last_activity_at: agreed,
      keep_consent_at: agreed,
    });
    await run(addPeriod(told, retention.applications.unsuccessful) + day);
    expect((await footprint(h, reference)).lead).toBe(1);
    const report = await run(addPeriod(agreed, { months: 12 }) + day);
    expect(report.leads.find((lead) => lead.reference === reference)).toMatchObject({ rule: "future-roles" });
  });

  it("with --dry-run says what would go and why, and deletes nothing", async () => {
    const reference = await sendApplication(h);
    const hired = at("2026-05-01T09:00:00Z");
    await setLead(h, reference, {
      created_at: hired - 10 * day,
      status: "hired",
      status_changed_at: hired,
      last_activity_at: hired,
    });
    const asOf = addPeriod(hired, retention.applications.hired) + day;
    const report = await run(asOf, { dryRun: true });
    expect(report.dryRun).toBe(true);
    expect(report.leads.find((lead) => lead.reference === reference)).toMatchObject({
      kind: "application",
      status: "hired",
      rule: "hired",
      deleteAt: addPeriod(hired, retention.applications.hired),
      because: "Hired 1 May 2026; kept one year after that",
    });
    expect((await footprint(h, reference)).lead).toBe(1);
    expect(await count(h, "tombstones", "reference = ?", [reference])).toBe(0);
    await run(asOf);
    expect((await footprint(h, reference)).lead).toBe(0);
  });

  it("deletes ended sessions, used or expired invitations, expired challenges, old rate-limit windows, mailboxes' counts and staff's e-mail counts over a day old", async () => {
    const now = at("2026-11-01T12:00:00Z");
    const tag = token(6);
    const session = (name: string, lastSeen: number, expires: number) =>
      h.services.db.run(
        "INSERT INTO sessions (id_hash, staff_id, created_at, last_seen_at, confirmed_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
        [`${tag}-${name}`, staffId, lastSeen, lastSeen, lastSeen, expires],
      );
    await session("live", now - hour, now + day);
    await session("expired", now - hour, now - 1);
    await session("idle", now - 13 * hour, now + day);
    const invitation = (name: string, expires: number, used: number | null) =>
      h.services.db.run(
        "INSERT INTO invitations (token_hash, staff_id, created_at, expires_at, used_at) VALUES (?, ?, ?, ?, ?)",
        [hashToken(`${tag}-${name}`), staffId, now - day, expires, used],
      );
    await invitation("open", now + hour, null);
    await invitation("expired", now - 1, null);
    await invitation("used", now + hour, now - hour);
    const challenge = (name: string, expires: number) =>
      h.services.db.run(
        "INSERT INTO webauthn_challenges (challenge, purpose, expires_at) VALUES (?, 'sign-in', ?)",
        [`${tag}-${name}`, expires],
      );
    await challenge("open", now + 60_000);
    await challenge("expired", now - 1);
    const counter = (name: string, windowStart: number) =>
      h.services.db.run("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 3)", [
        `${tag}-${name}`,
        windowStart,
      ]);
    await counter("current", now - (now % hour));
    await counter("old", now - (now % hour) - 2 * hour);
    const mailbox = (name: string, lastSent: number) =>
      h.services.db.run(
        "INSERT INTO acknowledged_mailboxes (mailbox, sent_at, last_sent_at) VALUES (?, ?, ?)",
        [`${tag}-${name}`, String(lastSent), lastSent],
      );
    await mailbox("today", now - 23 * hour);
    await mailbox("yesterday", now - day - 1);
    // What the caps on staff's e-mails count looks back a day at most, and so do their alerts.
    const staffMail = (reference: string, sentAt: number) =>
      h.services.db.run(
        "INSERT INTO staff_mail (staff_id, reference, kind, sent_at) VALUES (?, ?, 'reply', ?)",
        [staffId, `${tag}-${reference}`, sentAt],
      );
    await staffMail("today", now - 23 * hour);
    await staffMail("yesterday", now - day - 1);
    const capAlert = (cap: string, windowStart: number) =>
      h.services.db.run(
        "INSERT INTO staff_cap_alerts (staff_id, cap, window_start, created_at) VALUES (?, ?, ?, ?)",
        [staffId, cap, windowStart, windowStart],
      );
    await capAlert("person", now - (now % hour));
    await capAlert("lead", now - (now % day) - day - 1);

    const dry = await run(now, { dryRun: true });
    const swept = {
      sessions: 2,
      invitations: 2,
      challenges: 1,
      rateLimits: 1,
      mailboxes: 1,
      staffMail: 2,
    };
    expect(dry.housekeeping).toMatchObject(swept);
    const report = await run(now);
    expect(report.housekeeping).toEqual(swept);
    const left = async (table: string, column: string) =>
      (
        await h.services.db.all<{ v: string }>(`SELECT ${column} AS v FROM ${table} WHERE ${column} LIKE ?`, [
          `${tag}-%`,
        ])
      ).map((row) => row.v);
    expect(await left("sessions", "id_hash")).toEqual([`${tag}-live`]);
    expect(await count(h, "invitations", "token_hash = ?", [hashToken(`${tag}-open`)])).toBe(1);
    expect(await count(h, "invitations", "staff_id = ?", [staffId])).toBe(1);
    expect(await left("webauthn_challenges", "challenge")).toEqual([`${tag}-open`]);
    expect(await left("rate_limits", "key")).toEqual([`${tag}-current`]);
    expect(await left("acknowledged_mailboxes", "mailbox")).toEqual([`${tag}-today`]);
    expect(await left("staff_mail", "reference")).toEqual([`${tag}-today`]);
    expect(await count(h, "staff_cap_alerts", "staff_id = ?", [staffId])).toBe(1);
  });

  it("as of a later date judges leads by it, but ends sessions and the like only by the real clock", async () => {
    const tag = token(6);
    const now = Date.now();
    await h.services.db.run(
      "INSERT INTO sessions (id_hash, staff_id, created_at, last_seen_at, confirmed_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
      [`${tag}-live`, staffId, now, now, now, now + day],
    );
    const reference = await sendEnquiry(h);
    const report = await run(now + 400 * day);
    expect(report.leads.map((lead) => lead.reference)).toContain(reference);
    expect(await count(h, "sessions", "id_hash = ?", [`${tag}-live`])).toBe(1);
  });

  it("lets one holder at a time have the lease, until it expires or is given back", async () => {
    const db = h.services.db;
    const name = `test-${token(6)}`;
    const now = Date.now();
    expect(await acquireLease(db, name, "a", now, 60_000)).toBe(true);
    expect(await acquireLease(db, name, "b", now + 1_000, 60_000)).toBe(false);
    expect(await acquireLease(db, name, "a", now + 2_000, 60_000)).toBe(true);
    // Expired: the next holder takes it, and the old one can neither renew nor give it back.
    expect(await acquireLease(db, name, "b", now + 62_001, 60_000)).toBe(true);
    expect(await acquireLease(db, name, "a", now + 62_002, 60_000)).toBe(false);
    await releaseLease(db, name, "a");
    expect(await acquireLease(db, name, "c", now + 62_003, 60_000)).toBe(false);
    await releaseLease(db, name, "b");
    expect(await acquireLease(db, name, "c", now + 62_004, 60_000)).toBe(true);
  });

  it("with two processes purging at once, deletes each lead once and crashes nowhere", async () => {
    const second = await startHarness(dialect, {}, { sharing: h });
    try {
      const old = at("2025-01-01T09:00:00Z");
      const makeDue = async () => {
        const references: string[] = [];
        for (let i = 0; i < 6; i++) {
          const reference = i % 2 ? await sendApplication(h) : await sendEnquiry(h);
          await setLead(h, reference, { created_at: old, status: "spam", last_activity_at: old });
          references.push(reference);
        }
        return references;
      };
      const asOf = at("2026-01-01T00:00:00Z");

      // Under the lease: one process purges, the other sees it held and does nothing.
      const first = await makeDue();
      const reports = await Promise.all([
        purge(h.services.db, {
          asOf,
          rateLimitWindowMs,
          sessionIdleMs: idleTimeoutMs,
          holder: "process-one",
        }),
        purge(second.services.db, {
          asOf,
          rateLimitWindowMs,
          sessionIdleMs: idleTimeoutMs,
          holder: "process-two",
        }),
      ]);
      expect(reports.filter((report) => report.ran)).toHaveLength(1);
      const deleted = reports.flatMap((report) => report.leads.map((lead) => lead.reference));
      expect(deleted.filter((reference) => first.includes(reference)).sort()).toEqual([...first].sort());
      // The lease was given back: the next purge runs.
      expect(
        (await purge(second.services.db, { asOf, rateLimitWindowMs, sessionIdleMs: idleTimeoutMs })).ran,
      ).toBe(true);

      // Without it (two plans made before either deletes), each lead is still deleted exactly once.
      const again = await makeDue();
      const plans = await Promise.all([duePlan(h.services.db, asOf), duePlan(second.services.db, asOf)]);
      const results = await Promise.all([
        deleteDue(h.services.db, plans[0], { asOf }),
        deleteDue(second.services.db, plans[1], { asOf }),
      ]);
      const both = results.flatMap((result) => result.leads.map((lead) => lead.reference));
      expect(both.filter((reference) => again.includes(reference)).sort()).toEqual([...again].sort());
      expect(results[0].deleted.records + results[1].deleted.records).toBe(again.length);
      for (const reference of [...first, ...again]) {
        expect(await count(h, "tombstones", "reference = ?", [reference])).toBe(1);
        expect(await count(h, "audit_log", "reference = ? AND action = 'deleted'", [reference])).toBe(1);
        expect((await footprint(h, reference)).lead).toBe(0);
      }
    } finally {
      await second.close();
    }
  });

  it("stops deleting as soon as another process has taken its lease, sweeping nothing and leaving the lease", async () => {
    const second = await startHarness(dialect, {}, { sharing: h });
    try {
      const old = at("2025-01-01T09:00:00Z");
      const asOf = at("2026-01-01T00:00:00Z");
      const due: string[] = [];
      for (let i = 0; i < 12; i++) {
        const reference = i % 3 ? await sendEnquiry(h) : await sendApplication(h);
        await setLead(h, reference, { created_at: old, status: "spam", last_activity_at: old });
        due.push(reference);
      }
      const tag = token(6);
      let now = Date.now();
      await h.services.db.run(
        "INSERT INTO sessions (id_hash, staff_id, created_at, last_seen_at, confirmed_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
        [`${tag}-ended`, staffId, asOf - day, asOf - day, asOf - day, asOf - 1],
      );
      // The first process is held up after its fifth deletion until its lease has run out, and the
      // second takes the lease in the meantime.
      const db = h.services.db;
      let transactions = 0;
      let holdUpAfter = 5;
      const heldUp: typeof db = {
        ...db,
        async transaction(fn) {
          const result = await db.transaction(fn);
          if (++transactions === holdUpAfter) {
            now += purgeLeaseMs + 1;
            expect(await acquireLease(second.services.db, "purge", "process-two", now, purgeLeaseMs)).toBe(
              true,
            );
          }
          return result;
        },
      };
      const report = await purge(heldUp, {
        asOf,
        rateLimitWindowMs,
        sessionIdleMs: idleTimeoutMs,
        holder: "process-one",
        clock: () => now,
      });
      expect(report).toMatchObject({ ran: true, stopped: "lease-lost" });
      expect(report.leads).toHaveLength(5);
      expect(report.housekeeping).toEqual({
        sessions: 0,
        invitations: 0,
        challenges: 0,
        rateLimits: 0,
        mailboxes: 0,
        staffMail: 0,
      });
      const planned = [...due].sort();
      const gone = [];
      for (const reference of planned) gone.push((await footprint(h, reference)).lead === 0);
      expect(gone).toEqual(planned.map((_, i) => i < 5));
      expect(await count(h, "sessions", "id_hash = ?", [`${tag}-ended`])).toBe(1);
      // The second process still holds the lease, and its purge finishes the work.
      expect(await db.all("SELECT holder FROM leases WHERE name = 'purge'")).toEqual([
        { holder: "process-two" },
      ]);
      const rest = await purge(second.services.db, {
        asOf,
        rateLimitWindowMs,
        sessionIdleMs: idleTimeoutMs,
        holder: "process-two",
        clock: () => now,
      });
      expect(rest.stopped).toBeUndefined();
      expect(rest.leads.map((lead) => lead.reference).sort()).toEqual(planned.slice(5));
      expect(await count(h, "sessions", "id_hash = ?", [`${tag}-ended`])).toBe(0);

      // The server's hourly purge says so in its log.
      const more = [await sendEnquiry(h), await sendEnquiry(h)].sort();
      for (const reference of more) {
        await setLead(h, reference, { created_at: old, status: "spam", last_activity_at: old });
      }
      transactions = 0;
      holdUpAfter = 1;
      const logs: Record<string, unknown>[] = [];
      const logger = createLogger("info", { write: (line: string) => void logs.push(JSON.parse(line)) });
      const purging = await startPurging({
        db: heldUp,
        logger,
        rateLimitWindowMs,
        sessionIdleMs: idleTimeoutMs,
        clock: () => now,
      });
      purging.stop();
      expect(logs.find((line) => line.level === "warn")).toMatchObject({
        msg: "retention purge stopped: its lease ran out and another process took it over",
        references: more.slice(0, 1),
      });
      expect((await footprint(h, more[1] as string)).lead).toBe(1);
      // The second finishes, and gives the lease back.
      await purge(second.services.db, {
        asOf,
        rateLimitWindowMs,
        sessionIdleMs: idleTimeoutMs,
        holder: "process-two",
        clock: () => now,
      });
      expect((await footprint(h, more[1] as string)).lead).toBe(0);
    } finally {
      await second.close();
    }
  });

  it("runs when the server starts, so a restored backup is purged before use, and then on a timer", async () => {
    const reference = await sendEnquiry(h);
    const longAgo = Date.now() - 400 * day;
    await setLead(h, reference, {
      created_at: longAgo,
      status: "lost",
      status_changed_at: longAgo,
      last_activity_at: longAgo,
    });
    const logs: Record<string, unknown>[] = [];
    const logger = createLogger("info", { write: (line: string) => void logs.push(JSON.parse(line)) });
    const purging = await startPurging({
      db: h.services.db,
      logger,
      rateLimitWindowMs,
      sessionIdleMs: idleTimeoutMs,
      everyMs: 50,
    });
    try {
      // Already gone when startPurging resolves, before the server would take its first request.
      expect((await footprint(h, reference)).lead).toBe(0);
      expect(logs.find((line) => line.msg === "retention purge")).toMatchObject({ references: [reference] });
      const later = await sendEnquiry(h);
      await setLead(h, later, {
        created_at: longAgo,
        status: "lost",
        status_changed_at: longAgo,
        last_activity_at: longAgo,
      });
      await expect.poll(async () => (await footprint(h, later)).lead, { timeout: 5_000 }).toBe(0);
    } finally {
      purging.stop();
    }
  });
});
