// Job alert subscriptions: the double opt-in (sign-up → confirmation e-mail → confirm → active), the same
// answer for a known address, leaving by a bare one-click POST's service call, links that are not ours,
// the renewal question once and the purge of unconfirmed and unrenewed alerts, and a person's alerts in
// their access ZIP's records and their erasure. Against a real SQLite file and the real PostgreSQL
// server, with a real SMTP server on loopback and the clock injected.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { issueFormToken } from "#core/forms/form-token.server.ts";
import {
  type Dialect,
  deliverAll,
  type Harness,
  startHarness,
  TestSmtp,
} from "../../tests/support/harness.ts";
import { eraseByEmail } from "../lifecycle/erase.ts";
import { ledgerFor } from "../lifecycle/ledger.ts";
import { findPerson } from "../lifecycle/person.ts";
import { replayLedger } from "../lifecycle/replay.ts";
import { createLogger } from "../observability/logger.ts";
import { alertLinkKey } from "../protection/alert-link.ts";
import { createAlertLinks } from "./links.ts";
import { createAlertRenewal } from "./renewal.ts";
import { createSubscriptions, type SignUpInput } from "./subscriptions.ts";

const day = 24 * 60 * 60 * 1000;
const publicUrl = "https://www.cottonopolis.example";
const client = "203.0.113.9";
const quiet = createLogger("silent");

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

    function service() {
      return createSubscriptions({
        db: h.services.db,
        linkKey: alertLinkKey(h.services.secrets.resultSecret),
        publicUrl,
        formSecret: h.services.secrets.resultSecret,
        ipSalt: h.services.secrets.ipSalt,
        replyTo: "jobs@cottonopolis.example",
        clock,
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
      expect(await alertsService.signUp(signUp(), client)).toMatchObject({ kind: "done" });
      expect(await alerts()).toMatchObject([{ status: "pending", confirmed_at: null }]);
      const [mail] = await delivered();
      expect(mail?.envelopeTo).toEqual(["sam.steward@example.com"]);
      const token = tokenIn(mail?.parsed.text ?? "", "/careers/alerts/confirm");
      // Opening the link (a scanner, a preview) changes nothing: only the POST confirms.
      expect(await alertsService.openConfirm(token)).toMatchObject({ active: false });
      expect((await alerts())[0]?.status).toBe("pending");
      time += 60_000;
      expect(await alertsService.confirm(token, client)).toMatchObject({ kind: "done" });
      const [alert] = await alerts();
      expect(alert).toMatchObject({ status: "active", confirmed_at: time });
      expect(alert?.consent).toContain(
        "Steward Staff; Temporary; in or near Salford; as soon as a job is published",
      );
      expect(alert?.consent_how).toContain("confirmed from the link we e-mailed");
    });

    it("answers a known address as any other, telling only that address", async () => {
      const alertsService = service();
      const first = await alertsService.signUp(signUp(), client);
      const [pending] = await delivered();
      await alertsService.confirm(tokenIn(pending?.parsed.text ?? "", "/careers/alerts/confirm"), client);
      const again = await alertsService.signUp(
        signUp({ email: "sam.steward@example.com", services: ["cleaning"] }),
        client,
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
      expect(await alertsService.signUp(signUp({ services: ["astronaut"] }), client)).toMatchObject({
        kind: "refused",
        status: 422,
      });
      expect(await alertsService.signUp(signUp({ honeypot: "http://spam" }), client)).toMatchObject({
        kind: "done",
      });
      expect(await alertsService.signUp(signUp({ formToken: "" }), client)).toMatchObject({ kind: "done" });
      expect(await alerts()).toEqual([]);
    });

    it("leaves by the unsubscribe link alone, and an altered or unknown link changes nothing", async () => {
      const alertsService = service();
      await alertsService.signUp(signUp(), client);
      const [mail] = await delivered();
      await alertsService.confirm(tokenIn(mail?.parsed.text ?? "", "/careers/alerts/confirm"), client);
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
        client,
      );
      const [mail] = await delivered();
      await alertsService.confirm(tokenIn(mail?.parsed.text ?? "", "/careers/alerts/confirm"), client);
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
      await alertsService.signUp(signUp({ email: "never@example.com" }), client);
      await alertsService.signUp(signUp(), client);
      const messages = await delivered();
      const confirmToken = tokenIn(
        messages.find((m) => m.envelopeTo[0] === "sam.steward@example.com")?.parsed.text ?? "",
        "/careers/alerts/confirm",
      );
      await alertsService.confirm(confirmToken, client);
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
      await alertsService.signUp(signUp(), client);
      const [mail] = await delivered();
      await alertsService.confirm(tokenIn(mail?.parsed.text ?? "", "/careers/alerts/confirm"), client);
      const [alert] = await alerts();
      const manage =
        new URL(alertsService.alertLinks(alert?.id ?? "").manageUrl).searchParams.get("link") ?? "";
      time = Date.UTC(2028, 1, 10, 10);
      expect(await alertsService.renew(manage, client)).toMatchObject({ kind: "done" });
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
      await alertsService.signUp(signUp(), client);
      const [mail] = await delivered();
      await alertsService.confirm(tokenIn(mail?.parsed.text ?? "", "/careers/alerts/confirm"), client);
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
  },
);
