// Job alert subscriptions: the double opt-in (sign-up → confirmation e-mail → confirm → active), the same
// answer for a known address, leaving by a bare one-click POST's service call, links that are not ours,
// the renewal question once and the purge of unconfirmed and unrenewed alerts, and a person's alerts in
// their access ZIP's records and their erasure. And that the form relays nothing: one confirmation per
// mailbox however it is spelt, a budget shared with the forms' acknowledgements, the network's and the
// site's hourly allowances (counted in /metrics), and nothing a stranger typed in the e-mail. Against a
// real SQLite file and the real PostgreSQL server, with a real SMTP server on loopback and the clock
// injected.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jobAlerts } from "#core/config/job-alerts.ts";
import { issueFormToken } from "#core/forms/form-token.server.ts";
import {
  type Dialect,
  deliverAll,
  type Harness,
  postEnquiry,
  startHarness,
  TestSmtp,
  validEnquiry,
} from "../../tests/support/harness.ts";
import { acknowledgementsPerDay } from "../leads/acknowledgements.ts";
import { eraseByEmail } from "../lifecycle/erase.ts";
import { ledgerFor } from "../lifecycle/ledger.ts";
import { findPerson } from "../lifecycle/person.ts";
import { replayLedger } from "../lifecycle/replay.ts";
import { createMetrics } from "../metrics.ts";
import { createLogger } from "../observability/logger.ts";
import { alertLinkKey } from "../protection/alert-link.ts";
import { createAlertLinks } from "./links.ts";
import { createAlertRenewal } from "./renewal.ts";
import {
  type AlertCounts,
  type AlertLimits,
  createSubscriptions,
  parseChoices,
  type SignUpInput,
} from "./subscriptions.ts";

const day = 24 * 60 * 60 * 1000;
const publicUrl = "https://www.cottonopolis.example";
const client = "203.0.113.9";
const quiet = createLogger("silent");
/** What a stranger typed into the place field of a sign-up that reached six mailboxes. */
const relayedWords = "Call 0800 000 000 or visit evil.example/x";

describe("the place a sign-up names", () => {
  const choices = (place: string) => parseChoices({ services: [], types: [], place, frequency: "weekly" });

  it.each([
    ["Salford", "Salford"],
    ["St. Helens", "St. Helens"],
    ["Ashton-under-Lyne", "Ashton-under-Lyne"],
    ["King's Lynn", "King's Lynn"],
    ["King\u2019s Lynn", "King\u2019s Lynn"],
    // Decomposed accents are stored composed.
    ["Ynys Mo\u0302n", "Ynys Môn"],
    ["  Newton-le-Willows  ", "Newton-le-Willows"],
    ["M4", "M4"],
    ["sk10", "sk10"],
    ["M4 6JB", "M4 6JB"],
    ["", ""],
  ])("takes %j as a place", (typed, stored) => {
    expect(choices(typed)).toMatchObject({ ok: true, choices: { place: stored } });
  });

  it.each([
    relayedWords,
    "Call 0800 000 000",
    "evil.example",
    "visit evil.example",
    "Salford/x",
    "<b>Salford</b>",
    "Salford!",
    "0161 496 0123",
    "Salford\u202e",
    "Sal\u200bford",
    // A letter of another script that shows as nothing.
    "\u3164",
    "M4 6JB 6JB",
    "a".repeat(61),
  ])("refuses %j with a message that says what a place may hold", (typed) => {
    const parsed = choices(typed);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.fields.place).toMatch(/town .* letters.* postcode district such as M4/);
  });
});

describe.each<Dialect>(["sqlite", "postgres"])(
  "job alert subscriptions on %s",
  { timeout: 30_000 },
  (dialect) => {
    const smtp = new TestSmtp();
    let h: Harness;
    let time = Date.UTC(2027, 2, 1, 9);
    const clock = () => time;

    beforeEach(async () => {
      await smtp.start();
      smtp.messages = [];
      time = Date.UTC(2027, 2, 1, 9);
      h = await startHarness(dialect, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: publicUrl });
    });
    afterEach(async () => {
      await h.close();
      await smtp.stop();
    });

    function service(options: { limits?: Partial<AlertLimits>; counts?: AlertCounts } = {}) {
      return createSubscriptions({
        db: h.services.db,
        linkKey: alertLinkKey(h.services.secrets.resultSecret),
        publicUrl,
        formSecret: h.services.secrets.resultSecret,
        ipSalt: h.services.secrets.ipSalt,
        replyTo: "jobs@cottonopolis.example",
        clock,
        limits: { ...jobAlerts, ...options.limits },
        ...(options.counts ? { counts: options.counts } : {}),
      });
    }

    /** A sign-up as the form sends it, its page served a minute before. */
    function signUp(overrides: Partial<SignUpInput> = {}): SignUpInput {
      return {
        email: "Sam.Steward@example.com",
        services: ["steward"],
        types: ["TEMPORARY"],
        place: "Salford",
        frequency: "immediate",
        honeypot: "",
        formToken: issueFormToken("careers", h.services.secrets.resultSecret, time - 60_000),
        ...overrides,
      };
    }

    /** Sends everything queued and returns what the SMTP server received. */
    async function delivered() {
      await deliverAll(h);
      return smtp.messages;
    }

    const tokenIn = (text: string, path: string) =>
      new URL(new RegExp(`${publicUrl}${path}\\?link=\\S+`).exec(text)?.[0] ?? "http://x/").searchParams.get(
        "link",
      ) ?? "";

    async function alerts() {
      return h.services.db.all<{
        id: string;
        status: string;
        consent: string;
        consent_how: string;
        confirmed_at: number | null;
      }>("SELECT id, status, consent, consent_how, confirmed_at FROM job_alerts");
    }

    it("starts an alert only once the e-mailed link's button is pressed, and records the consent", async () => {
      const alertsService = service();
      expect(await alertsService.signUp(signUp())).toMatchObject({ kind: "done" });
      expect(await alerts()).toMatchObject([{ status: "pending", confirmed_at: null }]);
      const [mail] = await delivered();
      expect(mail?.envelopeTo).toEqual(["sam.steward@example.com"]);
      const token = tokenIn(mail?.parsed.text ?? "", "/careers/alerts/confirm");
      // Opening the link (a scanner, a preview) changes nothing: only the POST confirms.
      expect(await alertsService.openConfirm(token)).toMatchObject({ active: false });
      expect((await alerts())[0]?.status).toBe("pending");
      time += 60_000;
      expect(await alertsService.confirm(token)).toMatchObject({ kind: "done" });
      const [alert] = await alerts();
      expect(alert).toMatchObject({ status: "active", confirmed_at: time });
      expect(alert?.consent).toContain(
        "Steward Staff; Temporary; in or near Salford; as soon as a job is published",
      );
      expect(alert?.consent_how).toContain("confirmed from the link we e-mailed");
    });

    it("answers a known address as any other, telling only that address", async () => {
      const alertsService = service();
      const first = await alertsService.signUp(signUp());
      const [pending] = await delivered();
      await alertsService.confirm(tokenIn(pending?.parsed.text ?? "", "/careers/alerts/confirm"));
      const again = await alertsService.signUp(
        signUp({ email: "sam.steward@example.com", services: ["cleaning"] }),
      );
      expect(again).toEqual(first);
      const messages = await delivered();
      expect(messages).toHaveLength(2);
      expect(messages[1]?.parsed.text).toContain("already gets our job alerts");
      expect(tokenIn(messages[1]?.parsed.text ?? "", "/careers/alerts/manage")).not.toBe("");
      // Still one alert, unchanged.
      expect(await alerts()).toMatchObject([{ status: "active" }]);
    });

    it("refuses bad choices with a 422 and sends nothing for a robot", async () => {
      const alertsService = service();
      expect(await alertsService.signUp(signUp({ services: ["astronaut"] }))).toMatchObject({
        kind: "refused",
        status: 422,
      });
      expect(await alertsService.signUp(signUp({ honeypot: "http://spam" }))).toMatchObject({
        kind: "done",
      });
      expect(await alertsService.signUp(signUp({ formToken: "" }))).toMatchObject({ kind: "done" });
      expect(await alerts()).toEqual([]);
    });

    it("leaves by the unsubscribe link alone, and an altered or unknown link changes nothing", async () => {
      const alertsService = service();
      await alertsService.signUp(signUp());
      const [mail] = await delivered();
      await alertsService.confirm(tokenIn(mail?.parsed.text ?? "", "/careers/alerts/confirm"));
      const [alert] = await alerts();
      const { unsubscribeUrl } = alertsService.alertLinks(alert?.id ?? "");
      const token = new URL(unsubscribeUrl).searchParams.get("link") ?? "";
      const altered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
      expect(await alertsService.leave(altered, "unsubscribe")).toEqual({ kind: "unknown" });
      expect(await alertsService.leave("nonsense", "unsubscribe")).toEqual({ kind: "unknown" });
      // A manage token is not an unsubscribe token.
      const manage =
        new URL(alertsService.alertLinks(alert?.id ?? "").manageUrl).searchParams.get("link") ?? "";
      expect(await alertsService.leave(manage, "unsubscribe")).toEqual({ kind: "unknown" });
      expect(await alerts()).toHaveLength(1);
      expect(await alertsService.leave(token, "unsubscribe")).toEqual({ kind: "left" });
      expect(await alerts()).toEqual([]);
      expect(await h.services.db.all("SELECT * FROM outbox WHERE reference LIKE 'ALERT-%'")).toEqual([]);
    });

    it("keeps a left alert gone after a restore: the erasure ledger holds its id, never the address", async () => {
      // The composition root's own service, wired to the ledger as the server is.
      const alertsService = h.services.app.alerts;
      await alertsService.signUp(
        signUp({
          formToken: issueFormToken("careers", h.services.secrets.resultSecret, Date.now() - 60_000),
        }),
      );
      const [mail] = await delivered();
      await alertsService.confirm(tokenIn(mail?.parsed.text ?? "", "/careers/alerts/confirm"));
      const [row] = await h.services.db.all<Record<string, unknown>>("SELECT * FROM job_alerts");
      if (!row) throw new Error("No alert was made");
      const token = new URL(alertsService.alertLinks(String(row.id)).unsubscribeUrl).searchParams.get("link");
      expect(await alertsService.leave(token ?? "", "unsubscribe")).toEqual({ kind: "left" });

      const ledger = ledgerFor(
        { DATA_DIR: h.store.dataDir, ERASURE_LEDGER: undefined },
        h.services.secrets.ipSalt,
      );
      const entries = ledger.read();
      expect(entries).toContainEqual(expect.objectContaining({ alert: row.id, reason: "erasure request" }));
      expect(JSON.stringify(entries)).not.toContain("example.com");

      // A backup from before the leaving is restored: the replay deletes the alert again.
      const columns = Object.keys(row);
      await h.services.db.run(
        `INSERT INTO job_alerts (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
        Object.values(row) as (string | number | null)[],
      );
      await replayLedger(h.services.db, ledger, Date.now());
      expect(await alerts()).toEqual([]);
    });

    it("deletes an unconfirmed sign-up after 7 days, asks once a month before lapsing, and deletes an unrenewed alert", async () => {
      const alertsService = service();
      await alertsService.signUp(signUp({ email: "never@example.com" }));
      await alertsService.signUp(signUp());
      const messages = await delivered();
      const confirmToken = tokenIn(
        messages.find((m) => m.envelopeTo[0] === "sam.steward@example.com")?.parsed.text ?? "",
        "/careers/alerts/confirm",
      );
      await alertsService.confirm(confirmToken);
      const renewal = createAlertRenewal({
        db: h.services.db,
        logger: quiet,
        links: createAlertLinks(alertLinkKey(h.services.secrets.resultSecret), publicUrl),
        replyTo: "jobs@cottonopolis.example",
        clock,
      });
      time += 6 * day;
      await renewal.runOnce();
      expect(await alerts()).toHaveLength(2);
      time += day + 1;
      await renewal.runOnce();
      expect(await alerts()).toMatchObject([{ status: "active" }]);

      // A month before it lapses (12 months from confirming): one question, however often the job runs.
      time = Date.UTC(2028, 1, 2, 10);
      expect(await renewal.runOnce()).toBe(1);
      expect(await renewal.runOnce()).toBe(0);
      // It carries the one-click leave of RFC 8058, as the alerts themselves do.
      const [queued] = await h.services.db.all<{ headers: string }>(
        "SELECT headers FROM outbox WHERE purpose = 'alert-renewal'",
      );
      expect(JSON.parse(queued?.headers ?? "{}")).toMatchObject({
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
      const asked = (await delivered()).filter((m) => m.parsed.subject?.startsWith("Shall we keep"));
      expect(asked).toHaveLength(1);
      expect(asked[0]?.parsed.text).toContain("Keep my alerts");
      time = Date.UTC(2028, 2, 1, 10);
      await renewal.runOnce();
      expect(await alerts()).toEqual([]);
    });

    it("keeps an alert renewed from the manage page", async () => {
      const alertsService = service();
      await alertsService.signUp(signUp());
      const [mail] = await delivered();
      await alertsService.confirm(tokenIn(mail?.parsed.text ?? "", "/careers/alerts/confirm"));
      const [alert] = await alerts();
      const manage =
        new URL(alertsService.alertLinks(alert?.id ?? "").manageUrl).searchParams.get("link") ?? "";
      time = Date.UTC(2028, 1, 10, 10);
      expect(await alertsService.renew(manage)).toMatchObject({ kind: "done" });
      const renewal = createAlertRenewal({
        db: h.services.db,
        logger: quiet,
        links: createAlertLinks(alertLinkKey(h.services.secrets.resultSecret), publicUrl),
        replyTo: "jobs@cottonopolis.example",
        clock,
      });
      time = Date.UTC(2028, 2, 5, 10);
      await renewal.runOnce();
      expect(await alerts()).toHaveLength(1);
      expect(await alertsService.followers()).toMatchObject({
        total: 1,
        services: { steward: 1, cleaning: 0 },
        types: { TEMPORARY: 1 },
      });
    });

    it("shows a person's alerts with their consent, and erases them with their e-mails", async () => {
      const alertsService = service();
      await alertsService.signUp(signUp());
      const [mail] = await delivered();
      await alertsService.confirm(tokenIn(mail?.parsed.text ?? "", "/careers/alerts/confirm"));
      const person = await findPerson(h.services.db, "SAM.STEWARD@example.com", (stored) => stored);
      expect(person.alerts).toMatchObject([
        { status: "active", choices: expect.stringContaining("Steward Staff") },
      ]);
      expect(person.alerts[0]?.consentHow).toContain("confirmed from the link");
      const result = await eraseByEmail(h.services.db, "sam.steward@example.com", {
        now: time,
        staffId: null,
      });
      expect(result.emails).toBe(1);
      expect(await alerts()).toEqual([]);
      expect((await findPerson(h.services.db, "sam.steward@example.com", (stored) => stored)).alerts).toEqual(
        [],
      );
    });

    /** The sign-up e-mails queued to each address, by purpose. */
    async function confirmationsQueued() {
      return h.services.db.all<{ to_address: string }>(
        "SELECT to_address FROM outbox WHERE purpose = 'alert-confirm' ORDER BY id",
      );
    }

    it("sends one confirmation to one mailbox however its address is spelt, and keeps the first link working", async () => {
      const alertsService = service();
      const answers = [];
      for (const email of ["a1+news@example.net", "a.1@example.net", "A1@example.net"])
        answers.push(await alertsService.signUp(signUp({ email })));
      // Every spelling is told the same, so nothing says the mailbox was written to before.
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      expect(answers[0]).toMatchObject({
        kind: "done",
        message: expect.stringContaining("one such link a day"),
      });
      const messages = await delivered();
      expect(messages.map((m) => m.envelopeTo)).toEqual([["a1+news@example.net"]]);
      // The refused spellings changed nothing: the first sign-up waits, and its link confirms it.
      expect(await alerts()).toMatchObject([{ status: "pending" }]);
      const token = tokenIn(messages[0]?.parsed.text ?? "", "/careers/alerts/confirm");
      expect(await alertsService.confirm(token)).toMatchObject({ kind: "done" });

      // A day later the mailbox may be asked again.
      time += 24 * 60 * 60 * 1000 + 1;
      await alertsService.signUp(
        signUp({
          email: "a.1@example.net",
          formToken: issueFormToken("careers", h.services.secrets.resultSecret, time - 60_000),
        }),
      );
      expect((await delivered()).map((m) => m.envelopeTo)).toEqual([
        ["a1+news@example.net"],
        ["a.1@example.net"],
      ]);
    });

    it("sends a waiting sign-up's own link again on request, within the mailbox's daily share, and nothing for anyone else", async () => {
      const alertsService = service();
      await alertsService.signUp(signUp({ email: "sam.steward@example.com" }));
      const again = await alertsService.resend({ email: "Sam.Steward@example.com" });
      expect(again).toMatchObject({ kind: "done", message: expect.stringContaining("sent its link again") });
      // An address with no sign-up waiting is told the same, and sent nothing.
      expect(await alertsService.resend({ email: "nobody@example.com" })).toEqual(again);
      for (let i = 0; i < acknowledgementsPerDay; i++)
        await alertsService.resend({ email: "sam.steward@example.com" });
      const queued = await confirmationsQueued();
      expect(queued).toEqual(Array(acknowledgementsPerDay).fill({ to_address: "sam.steward@example.com" }));
      // Every one carries the same link, and only one alert waits.
      const bodies = await h.services.db.all<{ body: string }>(
        "SELECT body FROM outbox WHERE purpose = 'alert-confirm' ORDER BY id",
      );
      const links = bodies.map((row) => tokenIn(row.body, "/careers/alerts/confirm"));
      expect(new Set(links).size).toBe(1);
      expect(await alerts()).toMatchObject([{ status: "pending" }]);
      expect(await alertsService.resend({ email: "not an address" })).toMatchObject({
        kind: "refused",
        status: 422,
      });
    });

    it("sends six victim+N@ sign-ups, from one form token, one confirmation", async () => {
      const alertsService = service();
      const formToken = issueFormToken("careers", h.services.secrets.resultSecret, time - 60_000);
      for (let n = 1; n <= 6; n++)
        expect(
          await alertsService.signUp(
            signUp({ email: `victim+${n}@example.org`, place: "Salford", formToken }),
          ),
        ).toMatchObject({ kind: "done" });
      expect(await confirmationsQueued()).toEqual([{ to_address: "victim+1@example.org" }]);
      expect(await delivered()).toHaveLength(1);

      // All at once, to another mailbox: its row is taken by one sign-up at a time.
      const answers = await Promise.all(
        [1, 2, 3, 4, 5, 6].map((n) =>
          alertsService.signUp(signUp({ email: `other.victim+${n}@example.org`, formToken })),
        ),
      );
      expect(answers.every((answer) => answer.kind === "done")).toBe(true);
      const queued = await confirmationsQueued();
      expect(queued.filter((row) => row.to_address.startsWith("other.victim"))).toHaveLength(1);
    });

    it("spends from the mailbox's budget shared with the forms' acknowledgements, both ways", async () => {
      // The enquiries are acknowledged by the server's own clock: the sign-ups go by it too.
      time = Date.now();
      const alertsService = service();
      // A mailbox acknowledged as often as a day allows gets no confirmation.
      for (let i = 0; i < acknowledgementsPerDay; i++)
        expect((await postEnquiry(h.url, validEnquiry({ email: "jo.bloggs@example.org" }))).status).toBe(200);
      await alertsService.signUp(signUp({ email: "Jo.Bloggs+jobs@example.org" }));
      expect(await confirmationsQueued()).toEqual([]);

      // A confirmation spends a place too: two enquiries later, the third goes unacknowledged.
      await alertsService.signUp(signUp({ email: "sam.steward+jobs@example.org" }));
      expect(await confirmationsQueued()).toEqual([{ to_address: "sam.steward+jobs@example.org" }]);
      for (let i = 0; i < acknowledgementsPerDay; i++)
        expect((await postEnquiry(h.url, validEnquiry({ email: "samsteward@example.org" }))).status).toBe(
          200,
        );
      const [acknowledged] = await h.services.db.all<{ n: number }>(
        "SELECT COUNT(*) AS n FROM outbox WHERE purpose = 'acknowledgement' AND to_address = ?",
        ["samsteward@example.org"],
      );
      expect(Number(acknowledged?.n)).toBe(acknowledgementsPerDay - 1);
    });

    it("refuses past the network's and the site's hourly allowances in words, and /metrics counts each", async () => {
      const metrics = createMetrics({ db: h.services.db });
      const alertsService = service({
        limits: { signUpsPerNetworkPerHour: 2, signUpsPerHour: 3 },
        counts: { sent: metrics.alertConfirmationSent, refused: metrics.alertSignUpRefused },
      });
      // The network: counted before a body is read, an IPv6 client by its /64.
      expect(await alertsService.admitSignUp("2001:db8:1:2::1")).toBeNull();
      expect(await alertsService.admitSignUp("2001:db8:1:2::ffff")).toBeNull();
      const paused = await alertsService.admitSignUp("2001:db8:1:2:3:4:5:6");
      expect(paused).toMatchObject({
        kind: "refused",
        status: 429,
        message: expect.stringContaining("sent nothing"),
        retryAfterSeconds: expect.any(Number),
      });
      expect(await alertsService.admitSignUp(client)).toBeNull();

      // The site: three sign-ups an hour from anywhere, the fourth refused in words with nothing sent.
      for (const email of ["one@example.com", "two@example.com", "three@example.com"])
        expect(await alertsService.signUp(signUp({ email }))).toMatchObject({ kind: "done" });
      const fourth = await alertsService.signUp(signUp({ email: "four@example.com" }));
      expect(fourth).toMatchObject({
        kind: "refused",
        status: 429,
        message: expect.stringMatching(/paused them and sent nothing\. Please try again in an hour/),
      });
      expect(await confirmationsQueued()).toHaveLength(3);
      expect(await delivered()).toHaveLength(3);
      // The refusal says nothing of the address: a known one is refused the same.
      expect(await alertsService.signUp(signUp({ email: "one@example.com" }))).toEqual(fourth);
      // The hour over, sign-ups go again.
      time += 60 * 60 * 1000;
      const later = issueFormToken("careers", h.services.secrets.resultSecret, time - 60_000);
      expect(
        await alertsService.signUp(signUp({ email: "four@example.com", formToken: later })),
      ).toMatchObject({
        kind: "done",
      });

      // /metrics, as Prometheus reads it.
      const server = createServer(metrics.wrap((_req, res) => res.end()));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
      try {
        const port = (server.address() as AddressInfo).port;
        const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
        expect(text).toMatch(/^site_job_alert_confirmations_total 4$/m);
        expect(text).toMatch(/^site_job_alert_signup_refusals_total\{limit="network"\} 1$/m);
        expect(text).toMatch(/^site_job_alert_signup_refusals_total\{limit="site"\} 2$/m);
        expect(text).toMatch(/^site_job_alert_signup_refusals_total\{limit="mailbox"\} 0$/m);
      } finally {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });

    it("counts the server's own sign-ups in its /metrics: the e-mails sent and the mailbox's refusals", async () => {
      const alertsService = h.services.app.alerts;
      const formToken = issueFormToken("careers", h.services.secrets.resultSecret, Date.now() - 60_000);
      await alertsService.signUp(signUp({ email: "pat.lee@example.com", formToken }));
      await alertsService.signUp(signUp({ email: "patlee+again@example.com", formToken }));
      const text = await h.services.metrics.registry.metrics();
      expect(text).toMatch(/^site_job_alert_confirmations_total 1$/m);
      expect(text).toMatch(/^site_job_alert_signup_refusals_total\{limit="mailbox"\} 1$/m);
    });

    it("repeats none of a sign-up's free text in its e-mails, and shows the place only behind the link", async () => {
      const alertsService = service();
      const relayed = await alertsService.signUp(
        signUp({ email: "victim@example.org", place: relayedWords }),
      );
      expect(relayed).toMatchObject({ kind: "refused", status: 422, fields: { place: expect.any(String) } });
      expect(await confirmationsQueued()).toEqual([]);

      const place = "Ashton-under-Lyne";
      await alertsService.signUp(signUp({ place }));
      const [confirmation] = await delivered();
      const text = confirmation?.parsed.text ?? "";
      expect(text).toContain("Steward Staff; Temporary; in or near the place given on our form;");
      expect(text).not.toContain(place);
      expect(confirmation?.parsed.subject).not.toContain(place);
      const token = tokenIn(text, "/careers/alerts/confirm");
      // The mailbox's owner sees it on the page the link opens.
      expect(await alertsService.openConfirm(token)).toMatchObject({ choices: { place } });
      await alertsService.confirm(token);

      // The note to an address that already has alerts repeats nothing typed either.
      await alertsService.signUp(signUp({ place: "Wigan" }));
      const note = (await delivered()).at(-1);
      expect(note?.parsed.text).toContain("already gets our job alerts");
      expect(note?.parsed.text).not.toContain("Wigan");
    });
  },
);
