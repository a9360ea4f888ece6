// Sending the job alerts, against a real SQLite file and the real PostgreSQL server, with a real SMTP
// server on loopback and the clock moved by hand: one e-mail per matching publication for immediate,
// daily and weekly alerts, with its one-click List-Unsubscribe headers; none for a pending alert, a left
// one or a vacancy of another service; never the same job twice; once with two processes sharing one
// database and after a restart.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { VacancyInput } from "#core/vacancies/schema.ts";
import {
  type Dialect,
  deliverAll,
  type Harness,
  startHarness,
  TestSmtp,
} from "../../tests/support/harness.ts";
import type { Database } from "../db/database.ts";
import { enqueueEmail } from "../delivery/outbox.ts";
import { createLogger } from "../observability/logger.ts";
import { alertLinkKey, readAlertLink } from "../protection/alert-link.ts";
import { createVacancies } from "../vacancies/vacancies.ts";
import { createAlertLinks } from "./links.ts";
import { createAlertSending, duePeriod, isoWeekOf, placeMatches, queueJobAlerts } from "./sending.ts";

const publicUrl = "https://www.cottonopolis.example";
const jobsInbox = "jobs@cottonopolis.example";
const hour = 60 * 60 * 1000;
const day = 24 * hour;
const quiet = createLogger("silent");
const key = alertLinkKey("a-test-secret");
const links = createAlertLinks(key, publicUrl);
const options = { publicUrl, links, replyTo: jobsInbox };

describe("when alerts are due, in UK time", () => {
  it("names ISO weeks by the year of their Thursday", () => {
    expect(isoWeekOf("2027-03-01")).toEqual({ week: "2027-W09", weekday: 1 });
    expect(isoWeekOf("2027-01-01")).toEqual({ week: "2026-W53", weekday: 5 });
    expect(isoWeekOf("2024-12-30")).toEqual({ week: "2025-W01", weekday: 1 });
  });

  it("sends daily ones from 07:00 and weekly ones from Monday 07:00, in GMT and in BST", () => {
    expect(duePeriod("daily", Date.parse("2027-03-01T06:59:00Z"))).toBeNull();
    expect(duePeriod("daily", Date.parse("2027-03-01T07:00:00Z"))).toBe("2027-03-01");
    // 07:00 BST is 06:00 UTC.
    expect(duePeriod("daily", Date.parse("2027-07-05T06:00:00Z"))).toBe("2027-07-05");
    expect(duePeriod("daily", Date.parse("2027-07-05T05:59:00Z"))).toBeNull();
    expect(duePeriod("weekly", Date.parse("2027-03-01T06:59:00Z"))).toBeNull();
    expect(duePeriod("weekly", Date.parse("2027-03-01T07:00:00Z"))).toBe("2027-W09");
    // A server that was down on Monday morning sends the week's e-mail when it is back.
    expect(duePeriod("weekly", Date.parse("2027-03-03T03:00:00Z"))).toBe("2027-W09");
    expect(duePeriod("weekly", Date.parse("2027-03-07T23:00:00Z"))).toBe("2027-W09");
  });
});

describe("an alert's place", () => {
  const vacancy = { location: "Salford Quays, Salford", postcode: "M50 3AZ" };
  it("matches a town, a postcode district or a whole postcode, ignoring case; '' is anywhere", () => {
    expect(placeMatches("", vacancy)).toBe(true);
    expect(placeMatches("salford", vacancy)).toBe(true);
    expect(placeMatches(" SALFORD  QUAYS ", vacancy)).toBe(true);
    expect(placeMatches("m50", vacancy)).toBe(true);
    expect(placeMatches("M50 3AZ", vacancy)).toBe(true);
    expect(placeMatches("M5", vacancy)).toBe(false);
    expect(placeMatches("Sal", vacancy)).toBe(false);
    expect(placeMatches("Trafford", vacancy)).toBe(false);
  });
});

function vacancy(overrides: Partial<VacancyInput> = {}): VacancyInput {
  return {
    title: "Event Steward",
    service: "steward",
    location: "Etihad Campus, Manchester",
    postcode: "M11 3FF",
    employmentType: "TEMPORARY",
    payFrom: 12.6,
    payTo: 12.6,
    payPeriod: "HOUR",
    hours: "Match days, about 6 hours",
    description: "Guide fans to their seats and keep the stands safe.\n- Training given",
    closesOn: "2027-12-31",
    ...overrides,
  };
}

type AlertFields = {
  id: string;
  email: string;
  services?: string;
  types?: string;
  place?: string;
  frequency: "immediate" | "daily" | "weekly";
  status?: "pending" | "active";
  confirmedAt: number;
};

/** An alert as a confirmed (or pending) sign-up leaves it. */
async function insertAlert(db: Database, alert: AlertFields): Promise<void> {
  const active = (alert.status ?? "active") === "active";
  await db.run(
    `INSERT INTO job_alerts (id, email, services, employment_types, place, frequency, status, consent,
       consent_how, created_at, confirmed_at, renewed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'Send me e-mails about new jobs that match my choices.', 'form, confirmed by e-mail', ?, ?, ?)`,
    [
      alert.id,
      alert.email,
      alert.services ?? "steward",
      alert.types ?? "TEMPORARY",
      alert.place ?? "",
      alert.frequency,
      alert.status ?? "active",
      alert.confirmedAt - hour,
      active ? alert.confirmedAt : null,
      active ? alert.confirmedAt : null,
    ],
  );
}

/** A random-looking alert id of the length sign-up makes. */
function alertId(name: string): string {
  return `${name}${"x".repeat(22)}`.slice(0, 22);
}

describe.each<Dialect>(["sqlite", "postgres"])("job alerts on %s", { timeout: 30_000 }, (dialect) => {
  const smtp = new TestSmtp();
  let h: Harness;
  let second: Harness | null = null;
  let now = 0;

  beforeEach(async () => {
    await smtp.start();
    smtp.messages = [];
    h = await startHarness(dialect, {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      APPLICATIONS_TO: jobsInbox,
      PUBLIC_URL: publicUrl,
    });
  });
  afterEach(async () => {
    await second?.close();
    second = null;
    await h.close();
    await smtp.stop();
  });

  async function delivered() {
    await deliverAll(h);
    const mails = smtp.messages;
    smtp.messages = [];
    return mails;
  }

  function publisher() {
    const vacancies = createVacancies({ db: h.services.db, now: () => now });
    return async (input: VacancyInput) => {
      const saved = await vacancies.save(null, input, "publish", null);
      if (!saved.ok) throw new Error(saved.problem);
      return saved.vacancy;
    };
  }

  it("sends an immediate alert once per matching publication, with its links and one-click headers; nothing to a pending, left or other alert", async () => {
    const db = h.services.db;
    now = Date.parse("2027-03-01T10:00:00Z");
    const publish = publisher();
    const job = createAlertSending({ db, logger: quiet, ...options, clock: () => now });
    await insertAlert(db, {
      id: alertId("steward"),
      email: "sam@example.co.uk",
      frequency: "immediate",
      confirmedAt: now - day,
    });
    await insertAlert(db, {
      id: alertId("pending"),
      email: "pending@example.co.uk",
      frequency: "immediate",
      status: "pending",
      confirmedAt: now - day,
    });
    await insertAlert(db, {
      id: alertId("left"),
      email: "left@example.co.uk",
      frequency: "immediate",
      confirmedAt: now - day,
    });
    await insertAlert(db, {
      id: alertId("cleaning"),
      email: "cleaner@example.co.uk",
      services: "cleaning",
      types: "",
      place: "Salford",
      frequency: "immediate",
      confirmedAt: now - day,
    });
    // Leaving deletes the alert.
    await db.run("DELETE FROM job_alerts WHERE id = ?", [alertId("left")]);

    expect(await job.runOnce()).toBe(0);
    now += hour;
    const steward = await publish(vacancy());
    now += 60_000;
    expect(await job.runOnce()).toBe(1);
    expect(await job.runOnce()).toBe(0);

    const [mail, ...others] = await delivered();
    expect(others).toEqual([]);
    expect(mail?.envelopeTo).toEqual(["sam@example.co.uk"]);
    expect(mail?.parsed.subject).toBe("New job: Event Steward, Etihad Campus, Manchester");
    expect(mail?.parsed.replyTo?.text).toBe(jobsInbox);
    const text = mail?.parsed.text ?? "";
    expect(text).toContain("Event Steward");
    expect(text).toContain("Where: Etihad Campus, Manchester (M11 3FF)");
    expect(text).toContain("Pay: £12.60 an hour");
    expect(text).toContain("Apply by: 31 December 2027");
    expect(text).toContain(`${publicUrl}/careers/vacancies/${steward.slug}`);
    expect(text).toContain("Steward Staff; Temporary; anywhere we work; as soon as a job is published");
    expect(text).toContain("Cottonopolis Facilities & Staffing Ltd");
    const { manage, unsubscribe } = links(alertId("steward"));
    expect(text).toContain(manage);
    expect(text).toContain(unsubscribe);
    // RFC 8058: the one-click address in angle brackets, and the exact POST body a mail program sends.
    const raw = (mail?.raw ?? "").replace(/\r\n[ \t]+/g, " ");
    expect(raw).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n");
    const token = new URL(unsubscribe).searchParams.get("link");
    expect(readAlertLink(key, token, "unsubscribe", now)).toEqual({
      alertId: alertId("steward"),
      purpose: "unsubscribe",
      expired: false,
    });
    // Sent, the outbox forgets the headers with the words.
    const [stored] = await db.all<{ reference: string; headers: string | null; body: string }>(
      "SELECT reference, headers, body FROM outbox WHERE purpose = 'job-alert'",
    );
    expect(stored).toEqual({ reference: `ALERT-${alertId("steward")}`, headers: null, body: "" });

    // Someone who confirms after the first job was published hears only of jobs published since.
    await insertAlert(db, {
      id: alertId("late"),
      email: "late@example.co.uk",
      frequency: "immediate",
      confirmedAt: now,
    });

    // A cleaning job in Salford: only the cleaning alert hears of it, and the steward's job is not repeated.
    now += hour;
    await publish(
      vacancy({
        title: "Office Cleaner",
        service: "cleaning",
        location: "Salford Quays",
        postcode: "M50 3AZ",
        employmentType: "PART_TIME",
      }),
    );
    now += 60_000;
    expect(await job.runOnce()).toBe(1);
    const cleaning = await delivered();
    expect(cleaning.map((m) => m.envelopeTo)).toEqual([["cleaner@example.co.uk"]]);
    expect(cleaning[0]?.parsed.text).toContain("Office Cleaner");
    expect(cleaning[0]?.parsed.text).not.toContain("Event Steward");

    // A second steward job: one more e-mail to Sam, with that job alone, and the late one's first.
    now += hour;
    await publish(vacancy({ title: "Turnstile Steward" }));
    now += 60_000;
    expect(await job.runOnce()).toBe(2);
    const again = await delivered();
    expect(again.map((m) => m.envelopeTo[0]).sort()).toEqual(["late@example.co.uk", "sam@example.co.uk"]);
    for (const m of again) {
      expect(m.parsed.text).toContain("Turnstile Steward");
      expect(m.parsed.text).not.toContain("Event Steward");
    }
    expect(await job.runOnce()).toBe(0);
  });

  it("sends daily alerts once a UK day and weekly ones once a UK week, from 07:00, each job once", async () => {
    const db = h.services.db;
    // Monday 1 March 2027, 06:00 GMT.
    now = Date.parse("2027-03-01T06:00:00Z");
    const publish = publisher();
    const job = createAlertSending({ db, logger: quiet, ...options, clock: () => now });
    await insertAlert(db, {
      id: alertId("daily"),
      email: "daily@example.co.uk",
      frequency: "daily",
      confirmedAt: now - day,
    });
    await insertAlert(db, {
      id: alertId("weekly"),
      email: "weekly@example.co.uk",
      frequency: "weekly",
      confirmedAt: now - day,
    });

    await publish(vacancy());
    now = Date.parse("2027-03-01T06:30:00Z");
    expect(await job.runOnce()).toBe(0);
    now = Date.parse("2027-03-01T07:00:00Z");
    expect(await job.runOnce()).toBe(2);
    expect(await job.runOnce()).toBe(0);
    expect((await delivered()).map((m) => m.envelopeTo[0]).sort()).toEqual([
      "daily@example.co.uk",
      "weekly@example.co.uk",
    ]);

    // Published later that Monday: it waits for Tuesday's daily e-mail and next week's weekly one.
    now = Date.parse("2027-03-01T08:00:00Z");
    await publish(vacancy({ title: "Concert Steward" }));
    now = Date.parse("2027-03-01T20:00:00Z");
    expect(await job.runOnce()).toBe(0);
    now = Date.parse("2027-03-02T07:00:00Z");
    expect(await job.runOnce()).toBe(1);
    const tuesday = await delivered();
    expect(tuesday.map((m) => m.envelopeTo)).toEqual([["daily@example.co.uk"]]);
    expect(tuesday[0]?.parsed.text).toContain("Concert Steward");
    expect(tuesday[0]?.parsed.text).not.toContain("Event Steward");
    // Nothing new on Wednesday: no e-mail.
    now = Date.parse("2027-03-03T07:00:00Z");
    expect(await job.runOnce()).toBe(0);
    // The next Monday: the weekly alert hears of the later job only; the daily one has had both.
    now = Date.parse("2027-03-08T07:00:00Z");
    expect(await job.runOnce()).toBe(1);
    const nextWeek = await delivered();
    expect(nextWeek.map((m) => m.envelopeTo)).toEqual([["weekly@example.co.uk"]]);
    expect(nextWeek[0]?.parsed.text).toContain("Concert Steward");
    expect(nextWeek[0]?.parsed.text).not.toContain("Event Steward");
    const [periods] = await db.all<{ daily: string; weekly: string }>(
      `SELECT (SELECT last_period FROM job_alerts WHERE id = ?) AS daily, (SELECT last_period FROM job_alerts WHERE id = ?) AS weekly`,
      [alertId("daily"), alertId("weekly")],
    );
    expect(periods).toEqual({ daily: "2027-03-02", weekly: "2027-W10" });
  });

  it("queues each alert once with two processes on one database, and nothing more after a restart", async () => {
    now = Date.parse("2027-03-01T06:00:00Z");
    const publish = publisher();
    const emails = Array.from({ length: 12 }, (_, i) => `person${i}@example.co.uk`);
    for (const [i, email] of emails.entries()) {
      await insertAlert(h.services.db, {
        id: alertId(`a${String(i).padStart(2, "0")}`),
        email,
        frequency: i % 2 === 0 ? "daily" : "immediate",
        confirmedAt: now - day,
      });
    }
    await publish(vacancy());
    second = await startHarness(dialect, {}, { sharing: h });
    now = Date.parse("2027-03-01T07:00:00Z");
    // Both processes at once, past the lease too: the conditional UPDATE and the ledger of sent jobs alone
    // keep each e-mail to one.
    const both = await Promise.all([
      queueJobAlerts(h.services.db, now, options),
      queueJobAlerts(second.services.db, now, options),
      queueJobAlerts(h.services.db, now, options),
    ]);
    expect(both.reduce((a, b) => a + b, 0)).toBe(12);
    // Through the lease, as the server runs it, and after a restart (a new holder): nothing more.
    const onEach = (harness: Harness) =>
      createAlertSending({ db: harness.services.db, logger: quiet, ...options, clock: () => now });
    expect(
      (await Promise.all([onEach(h).runOnce(), onEach(second).runOnce()])).reduce((a, b) => a + b, 0),
    ).toBe(0);
    now += hour;
    expect(await onEach(second).runOnce()).toBe(0);
    const mails = await delivered();
    expect(mails.map((m) => m.envelopeTo[0]).sort()).toEqual([...emails].sort());
  });

  it("refuses an e-mail header that is not one line", async () => {
    const mail = {
      purpose: "job-alert" as const,
      to: "sam@example.co.uk",
      replyTo: null,
      subject: "Hello",
      body: "Hello",
    };
    await expect(
      h.services.db.transaction((tx) =>
        enqueueEmail(
          tx,
          "ALERT-x",
          { ...mail, headers: { "List-Unsubscribe": "<https://a>\r\nBcc: x@example.com" } },
          0,
        ),
      ),
    ).rejects.toThrow(/one line/);
    await expect(
      h.services.db.transaction((tx) =>
        enqueueEmail(tx, "ALERT-x", { ...mail, headers: { "Bad Name": "x" } }, 0),
      ),
    ).rejects.toThrow(/one line/);
    const [row] = await h.services.db.all<{ n: number }>("SELECT COUNT(*) AS n FROM outbox");
    expect(Number(row?.n)).toBe(0);
  });
});
