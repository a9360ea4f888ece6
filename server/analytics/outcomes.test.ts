// Where leads came from and what became of them, on both databases, through the real lead endpoints and
// page-view beacon: the source each lead keeps (its landing page's own source, even after an earlier
// visit that day without one), conversion rates that never pass 100%, and the report's replies against
// the promise and clients and hires by source, campaign and page, with an injected clock.
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageViewEndpoint } from "#core/analytics/page-view.ts";
import { site } from "#core/config/site.ts";
import {
  applicationForm,
  type Dialect,
  type Harness,
  postApplication,
  postEnquiry,
  startHarness,
  validEnquiry,
} from "../../tests/support/harness.ts";
import { createHttpServer } from "../app.ts";
import type { Database } from "../db/database.ts";
import { deleteLead } from "../lifecycle/erase.ts";
import { recordEvent } from "../tables/timeline.ts";
import { changeStatus } from "../workspace/inbox/commands.ts";
import { replySentAction } from "./outcomes.ts";
import { buildReport, exportCsv } from "./report.ts";

const dialects: Dialect[] = ["sqlite", "postgres"];
const chrome =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const hour = 3_600_000;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(dialects)("outcomes by source on %s", (dialect) => {
  let h: Harness;
  let db: Database;
  let beacon: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    h = await startHarness(dialect);
    db = h.services.db;
    // The beacon on its own server, seeing the client as the lead endpoints do (127.0.0.1, no proxy), so
    // a browser's views and its posts are the same visitor.
    const app = express();
    app.use(h.services.analytics.router);
    const server = createHttpServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    beacon = {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      async close() {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  });
  afterAll(async () => {
    await beacon?.close();
    await h?.close();
  });

  /** A browser of its own: its page views (as the page sends them) and its form posts. */
  function browser(name: string) {
    const ua = `${chrome} ${name}-${dialect}`;
    return {
      async view(page: string, referrer = "") {
        const response = await fetch(`${beacon.url}${pageViewEndpoint}`, {
          method: "POST",
          headers: { "Content-Type": "text/plain;charset=UTF-8", "User-Agent": ua },
          body: JSON.stringify({ page, referrer }),
        });
        expect(response.status).toBe(204);
      },
      async enquire(from: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
        const reply = await postEnquiry(h.url, validEnquiry(fields), {
          "User-Agent": ua,
          Referer: `${h.url}${from}`,
          ...headers,
        });
        expect(reply.status).toBe(200);
        const { message } = (await reply.json()) as { message: string };
        return /ENQ-\w{6}/.exec(message)?.[0] ?? "";
      },
      async apply(from: string) {
        const reply = await postApplication(h.url, applicationForm(), {
          "User-Agent": ua,
          Referer: `${h.url}${from}`,
        });
        expect(reply.status).toBe(200);
        const { message } = (await reply.json()) as { message: string };
        return /APP-\w{6}/.exec(message)?.[0] ?? "";
      },
    };
  }

  async function sourceOf(reference: string) {
    return until(
      () =>
        db.all<Record<string, string>>(
          `SELECT referrer_host, utm_source, utm_medium, utm_campaign, landing_page, sent_from
           FROM lead_sources WHERE reference = ?`,
          [reference],
        ),
      (rows) => rows.length > 0,
    ).then((rows) => rows[0]);
  }

  async function receivedAt(reference: string): Promise<number> {
    const table = reference.startsWith("ENQ") ? "enquiries" : "applications";
    const [row] = await db.all<{ created_at: unknown }>(
      `SELECT created_at FROM ${table} WHERE reference = ?`,
      [reference],
    );
    return Number(row?.created_at);
  }

  it("gives a lead its landing page's own source, even when the same visitor came earlier that day without one", async () => {
    const visitor = browser("came-back");
    // In the morning, straight to the home page: no source.
    await visitor.view("/");
    await visitor.view("/about");
    // In the afternoon, from an advert: a new visit, from that campaign, landing on the cleaning page.
    await visitor.view("/services/cleaning?utm_source=adverts-one&utm_medium=cpc&utm_campaign=winter");
    await visitor.view("/contact?service=cleaning");
    const reference = await visitor.enquire("/contact?service=cleaning");
    expect(await sourceOf(reference)).toEqual({
      referrer_host: "",
      utm_source: "adverts-one",
      utm_medium: "cpc",
      utm_campaign: "winter",
      landing_page: "/services/cleaning",
      sent_from: "/contact",
    });
    // The enquiry and the advert's visit are counted for the advert; the morning's visit for no source.
    const rows = await until(
      () =>
        db.all<{ page: string; utm_source: string; visits: unknown; enquiries: unknown }>(
          `SELECT page, utm_source, visits, enquiries FROM analytics_daily
           WHERE utm_source = 'adverts-one' OR (utm_source = '' AND page IN ('/', '/about') AND device = 'desktop')
           ORDER BY page`,
        ),
      (found) => found.some((row) => Number(row.enquiries) > 0),
    );
    expect(rows.map((row) => [row.page, row.utm_source, Number(row.visits), Number(row.enquiries)])).toEqual(
      expect.arrayContaining([
        ["/", "", 1, 0],
        ["/services/cleaning", "adverts-one", 1, 0],
        ["/contact", "adverts-one", 0, 1],
      ]),
    );
  });

  it("keeps a referring site as a lead's source, and the sending page's own tags for a visitor without JavaScript", async () => {
    const searcher = browser("searcher");
    await searcher.view("/services/security-officers", "https://www.bing.com/search?q=security");
    await searcher.view("/contact");
    const fromBing = await searcher.enquire("/contact");
    expect(await sourceOf(fromBing)).toMatchObject({
      referrer_host: "bing.com",
      utm_source: "",
      landing_page: "/services/security-officers",
    });
    // No views were counted (no JavaScript): the page the form was sent from gives what it can.
    const noScript = await browser("no-script").enquire("/contact?utm_source=flyer-one");
    expect(await sourceOf(noScript)).toEqual({
      referrer_host: "",
      utm_source: "flyer-one",
      utm_medium: "",
      utm_campaign: "",
      landing_page: "",
      sent_from: "/contact",
    });
    // A sender who asks not to be tracked keeps no source at all; nothing identifying is kept for anyone.
    const objector = await browser("objector").enquire(
      "/contact?utm_source=flyer-one",
      {},
      { "Sec-GPC": "1" },
    );
    await until(
      () => db.all("SELECT reference FROM lead_sources WHERE reference = ?", [noScript]),
      (rows) => rows.length > 0,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await db.all("SELECT reference FROM lead_sources WHERE reference = ?", [objector])).toEqual([]);
    const kept = JSON.stringify(await db.all("SELECT * FROM lead_sources"));
    for (const secret of ["127.0.0.1", "Chrome/140", "example.co.uk"]) expect(kept).not.toContain(secret);
  });

  it("never reads a conversion rate above 100%, however many forms one visit sends", async () => {
    const keen = browser("keen");
    await keen.view("/?utm_source=rate-test");
    await keen.view("/contact");
    for (const message of ["First", "Second", "Third"]) {
      await keen.enquire("/contact", { message: `${message} enquiry about an office clean.` });
    }
    // And two from a visitor we could not count, with the same campaign tag on the page they sent from.
    const unseen = browser("unseen");
    await unseen.enquire("/contact?utm_source=rate-test", { message: "One without JavaScript." });
    await unseen.enquire("/contact?utm_source=rate-test", { message: "Another without JavaScript." });
    await until(
      () =>
        db.all<{ n: unknown }>(
          "SELECT SUM(enquiries) AS n FROM analytics_daily WHERE utm_source = 'rate-test'",
        ),
      (rows) => Number(rows[0]?.n) === 5,
    );
    const report = await buildReport(db, 7, Date.now());
    const source = report.sources.find((line) => line.source === "rate-test");
    expect(source).toMatchObject({ visits: 1, enquiries: 5, converted: 1 });
    const contact = report.pages.find((line) => line.page === "/contact");
    expect(contact?.converted).toBeLessThanOrEqual(contact?.visitors ?? 0);
    expect(report.totals.converted).toBeLessThanOrEqual(report.totals.visits);
    for (const line of [...report.sources, ...report.campaigns]) {
      expect(line.converted, JSON.stringify(line)).toBeLessThanOrEqual(line.visits);
    }
    for (const line of report.pages) expect(line.converted, line.page).toBeLessThanOrEqual(line.visitors);
  });

  it("reports replies against the promise by service, and clients and hires by source, campaign and page, as the statuses were set", async () => {
    // A fresh database, so the figures are these leads' alone.
    const own = await startHarness(dialect);
    try {
      const app = express();
      app.use(own.services.analytics.router);
      const server = createHttpServer(app);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
      const beaconUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const odb = own.services.db;
      const [staff] = await odb.all<{ id: number }>(
        `INSERT INTO staff (email, name, is_admin, user_handle, created_at) VALUES (?, ?, 1, ?, ?) RETURNING id`,
        ["sam@example.co.uk", "Sam Patel", `sam-${dialect}`, Date.now()],
      );
      const who = Number(staff?.id);
      const person = (name: string) => {
        const ua = `${chrome} ${name}`;
        const view = (page: string, referrer = "") =>
          fetch(`${beaconUrl}${pageViewEndpoint}`, {
            method: "POST",
            headers: { "Content-Type": "text/plain;charset=UTF-8", "User-Agent": ua },
            body: JSON.stringify({ page, referrer }),
          });
        const post = async (service: string, headers: Record<string, string> = {}) => {
          const reply = await postEnquiry(
            own.url,
            validEnquiry({ service, message: `About ${service} (${name}).` }),
            {
              "User-Agent": ua,
              Referer: `${own.url}/contact`,
              ...headers,
            },
          );
          const { message } = (await reply.json()) as { message: string };
          return /ENQ-\w{6}/.exec(message)?.[0] ?? "";
        };
        return { ua, view, post };
      };
      const adverts = { page: "/services/cleaning?utm_source=adverts&utm_medium=cpc&utm_campaign=spring" };
      const won = person("won");
      await won.view(adverts.page);
      const wonRef = await won.post("cleaning");
      const late = person("late");
      await late.view("/services/security-officers", "https://www.google.com/");
      const lateRef = await late.post("security");
      const overdue = await person("overdue").post("warehouse");
      const spam = await person("spam").post("warehouse");
      const untracked = await person("untracked").post("cleaning", { "Sec-GPC": "1" });
      const applicant = person("applicant");
      await applicant.view("/careers?utm_source=adverts&utm_medium=cpc&utm_campaign=spring");
      const applied = await postApplication(own.url, applicationForm(), {
        "User-Agent": applicant.ua,
        Referer: `${own.url}/careers`,
      });
      const appRef = /APP-\w{6}/.exec(((await applied.json()) as { message: string }).message)?.[0] ?? "";
      await until(
        () => odb.all<{ n: unknown }>("SELECT COUNT(*) AS n FROM lead_sources"),
        (rows) => Number(rows[0]?.n) === 5,
      );
      const at = async (reference: string, hours: number) => {
        const table = reference.startsWith("ENQ") ? "enquiries" : "applications";
        const [row] = await odb.all<{ created_at: unknown }>(
          `SELECT created_at FROM ${table} WHERE reference = ?`,
          [reference],
        );
        return Number(row?.created_at) + hours * hour;
      };
      const set = async (reference: string, status: string, hours: number) =>
        expect(
          await changeStatus(odb, { reference, status, staffId: who, now: await at(reference, hours) }),
        ).toMatchObject({ ok: true });
      // Answered in 2 hours by a status change, and later won.
      await set(wonRef, "contacted", 2);
      await set(wonRef, "won", 50);
      // Answered after 30 hours by a reply sent from the workspace; its status moved later still.
      await recordEvent(odb, {
        reference: lateRef,
        action: replySentAction,
        staffId: who,
        now: await at(lateRef, 30),
      });
      await set(lateRef, "quoted", 40);
      // Never answered; and one that was spam, which stops the clock and leaves the figures.
      await set(spam, "spam", 1);
      // Answered in an hour, and hired.
      await set(appRef, "interview", 1);
      await set(appRef, "hired", 60);
      await set(untracked, "won", 3);

      const now = (await at(overdue, 0)) + 3 * 24 * hour;
      const report = await buildReport(odb, 7, now);
      expect(report.promiseHours).toBe(site.replyClock.promiseHours);
      const replies = Object.fromEntries(report.replies.map((line) => [line.label, line]));
      expect(replies["Professional cleaning"]).toMatchObject({
        received: 2,
        answeredInTime: 2,
        answeredLate: 0,
        overdue: 0,
        share: 1,
        medianMs: 2.5 * hour,
      });
      expect(replies["Security officers"]).toMatchObject({
        received: 1,
        answeredInTime: 0,
        answeredLate: 1,
        share: 0,
        medianMs: 30 * hour,
      });
      expect(replies["Warehouse workers"]).toMatchObject({
        received: 1,
        overdue: 1,
        share: 0,
        medianMs: null,
      });
      expect(replies["All services"]).toMatchObject({
        received: 4,
        answeredInTime: 2,
        answeredLate: 1,
        overdue: 1,
        waiting: 0,
        share: 0.5,
        medianMs: 3 * hour,
      });

      const { bySource, byCampaign, byPage } = report.outcomes;
      expect(bySource).toEqual([
        { key: "adverts", label: "adverts", enquiries: 1, won: 1, applications: 1, hired: 1 },
        { key: null, label: "Not recorded", enquiries: 1, won: 1, applications: 0, hired: 0 },
        { key: "", label: "Direct or not known", enquiries: 1, won: 0, applications: 0, hired: 0 },
        { key: "google.com", label: "google.com", enquiries: 1, won: 0, applications: 0, hired: 0 },
      ]);
      expect(byCampaign).toEqual([
        {
          key: "adverts\u0000cpc\u0000spring",
          label: "adverts / cpc / spring",
          utmSource: "adverts",
          utmMedium: "cpc",
          utmCampaign: "spring",
          enquiries: 1,
          won: 1,
          applications: 1,
          hired: 1,
        },
      ]);
      expect(
        byPage.map((line) => [line.label, line.enquiries, line.won, line.applications, line.hired]),
      ).toEqual([
        ["Careers", 0, 0, 1, 1],
        ["Not recorded", 1, 1, 0, 0],
        ["Professional Cleaning", 1, 1, 0, 0],
        ["Not known (no JavaScript)", 1, 0, 0, 0],
        ["Security Officers", 1, 0, 0, 0],
      ]);

      // The same figures in the CSV export.
      const { csv } = await exportCsv(odb, 7, now);
      const [, replyTable = "", outcomeTable = ""] = csv.trim().split("\n\n");
      expect(replyTable.split("\n")).toContain("cleaning,2,2,0,0,0,1.000,2.5");
      expect(replyTable.split("\n")).toContain("all,4,2,1,1,0,0.500,3.0");
      expect(outcomeTable.split("\n")).toEqual(
        expect.arrayContaining([
          "source,adverts,,,1,1,1,1",
          "source,not recorded,,,1,1,0,0",
          "campaign,adverts,cpc,spring,1,1,1,1",
          "landing_page,/careers,,,0,0,1,1",
          "landing_page,/services/security-officers,,,1,0,0,0",
        ]),
      );

      // A lead deleted under the retention rules takes its source with it.
      await odb.transaction((tx) => deleteLead(tx, { kind: "enquiry", reference: wonRef }, "retention", now));
      expect(await odb.all("SELECT * FROM lead_sources WHERE reference = ?", [wonRef])).toEqual([]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    } finally {
      await own.close();
    }
  });

  it("leaves out of the figures a lead received outside the period", async () => {
    const reference = await browser("long-ago").enquire("/contact", { service: "housekeeping" });
    const received = await receivedAt(reference);
    const report = await buildReport(db, 7, received + 10 * 24 * hour);
    expect(report.replies.find((line) => line.service === "housekeeping")).toBeUndefined();
  });
});
