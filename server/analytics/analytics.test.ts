// The visit counts on both databases: the page-view endpoint over HTTP, the daily salt and its
// destruction, retention, several processes at once, and leads counted through the real lead endpoints.
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pageViewEndpoint } from "#core/analytics/page-view.ts";
import { londonDate, vacanciesPath } from "#core/vacancies/model.ts";
import {
  applicationFields,
  applicationForm,
  type Dialect,
  type Harness,
  postApplication,
  postEnquiry,
  startHarness,
  validEnquiry,
} from "../../tests/support/harness.ts";
import { createHttpServer } from "../app.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { createLogger } from "../observability/logger.ts";
import type { DailyRow } from "../tables/analytics.ts";
import { type Analytics, createAnalytics } from "./analytics.ts";
import { analyticsReport, buildReport, exportCsv } from "./report.ts";
import { analyticsRetentionMonths, maxViewsPerVisitorPerDay, recordConversion, recordView } from "./store.ts";
import { dayOf, monthsBefore, noSource, visitorHash } from "./visitor.ts";

const dialects: Dialect[] = ["sqlite", "postgres"];
const chrome =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const silent = createLogger("silent");

async function daily(db: Database, where = "1 = 1", params: string[] = []): Promise<DailyRow[]> {
  const rows = await db.all<DailyRow>(
    `SELECT * FROM analytics_daily WHERE ${where}
     ORDER BY day, page, device, referrer_host, utm_source, utm_medium, utm_campaign`,
    params,
  );
  return rows.map((row) => ({
    ...row,
    views: Number(row.views),
    visitors: Number(row.visitors),
    landings: Number(row.landings),
    enquiries: Number(row.enquiries),
    applications: Number(row.applications),
    visits: Number(row.visits),
    converted_visits: Number(row.converted_visits),
    converted_visitors: Number(row.converted_visitors),
  }));
}

async function countRows(db: Database, table: string, where = "1 = 1", params: string[] = []) {
  const [row] = await db.all<{ n: unknown }>(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`, params);
  return Number(row?.n ?? 0);
}

/** Waits for a condition the server reaches on its own time (a lead is counted after its reply). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

type Served = { url: string; close(): Promise<void> };

/**
 * Serves an analytics instance's endpoint over HTTP. Behind a "proxy" (trust proxy on), so a test can
 * send each view from the address it names in X-Forwarded-For.
 */
async function serve(analytics: Analytics, { proxy = true } = {}): Promise<Served> {
  const app = express();
  if (proxy) app.set("trust proxy", true);
  app.use(analytics.router);
  const server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type ViewOptions = {
  page: string;
  referrer?: string;
  ip?: string;
  ua?: string;
  headers?: Record<string, string>;
};

/** Sends the beacon as the page does: a JSON text body, from a browser. */
function view(url: string, { page, referrer = "", ip, ua = chrome, headers = {} }: ViewOptions) {
  return fetch(`${url}${pageViewEndpoint}`, {
    method: "POST",
    headers: {
      "Content-Type": "text/plain;charset=UTF-8",
      "User-Agent": ua,
      ...(ip ? { "X-Forwarded-For": ip } : {}),
      ...headers,
    },
    body: JSON.stringify({ page, referrer }),
  });
}

async function expectCounted(response: Response) {
  expect(response.status).toBe(204);
}

describe.each(dialects)("visit counts on %s", (dialect) => {
  let h: Harness;
  let db: Database;
  let clock = Date.parse("2026-11-20T10:00:00Z");
  const today = "2026-11-20";
  const open: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    h = await startHarness(dialect);
    db = h.services.db;
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    clock = Date.parse("2026-11-20T10:00:00Z");
    for (const table of [
      "analytics_daily",
      "analytics_visitors",
      "analytics_visitor_pages",
      "analytics_salts",
      "rate_limits",
      "analytics_networks",
    ]) {
      await db.run(`DELETE FROM ${table}`);
    }
  });
  afterEach(async () => {
    while (open.length > 0) await open.pop()?.close();
  });

  it("takes the day's cap on new visitors per network from VISITS_NEW_VISITORS_PER_DAY", async () => {
    const configured = await startHarness(dialect, { VISITS_NEW_VISITORS_PER_DAY: "3" });
    open.push(configured);
    const served = await serve(configured.services.analytics);
    open.push(served);
    for (let i = 0; i < 8; i++) {
      await expectCounted(
        await view(served.url, { ip: "203.0.113.88", ua: `${chrome} Set/${i}`, page: "/" }),
      );
    }
    expect(await countRows(configured.services.db, "analytics_visitors")).toBe(3);
  });

  it("takes the page views a network may send a minute from VISITS_VIEWS_PER_MINUTE", async () => {
    const configured = await startHarness(dialect, { VISITS_VIEWS_PER_MINUTE: "2" });
    open.push(configured);
    const served = await serve(configured.services.analytics);
    open.push(served);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await view(served.url, { ip: "203.0.113.89", page: "/" })).status);
    expect(statuses).toEqual([204, 204, 429]);
  });

  /** An analytics instance on the clock the test moves, served over HTTP. */
  async function startProcess(
    options: { database?: Database; viewsPerMinute?: number; newVisitorsPerNetworkPerDay?: number } = {},
  ) {
    const analytics = createAnalytics({
      db: options.database ?? db,
      logger: silent,
      clock: () => clock,
      ...(options.viewsPerMinute ? { viewsPerMinute: options.viewsPerMinute } : {}),
      ...(options.newVisitorsPerNetworkPerDay
        ? { newVisitorsPerNetworkPerDay: options.newVisitorsPerNetworkPerDay }
        : {}),
    });
    const served = await serve(analytics);
    open.push(served);
    return { analytics, url: served.url };
  }

  /** A second server process: its own connection to the same database. */
  async function secondConnection(): Promise<Database> {
    const other = openDatabase(h.store.databaseUrl, h.store.schema ? { schema: h.store.schema } : {});
    open.push({ close: () => other.close() });
    return other;
  }

  it("counts each view, each visitor once per page and once a day, each credited to the source of its visit", async () => {
    const { url } = await startProcess();
    const a = { ip: "203.0.113.9", ua: chrome };
    await expectCounted(
      await view(url, {
        ...a,
        page: "/?utm_source=newsletter&utm_medium=email&utm_campaign=spring",
        referrer: "https://www.google.com/search?q=office+cleaning",
      }),
    );
    await expectCounted(await view(url, { ...a, page: "/about" }));
    await expectCounted(await view(url, { ...a, page: "/about/" }));
    // Arriving again from another site begins a new visit, credited to that site and landing here.
    await expectCounted(
      await view(url, { ...a, page: "/services/cleaning", referrer: "https://elsewhere.example/" }),
    );
    await expectCounted(await view(url, { ip: "198.51.100.7", ua: iphone, page: "/about" }));

    const source = {
      referrer_host: "google.com",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "spring",
    };
    const elsewhere = {
      referrer_host: "elsewhere.example",
      utm_source: "",
      utm_medium: "",
      utm_campaign: "",
    };
    const none = { referrer_host: "", utm_source: "", utm_medium: "", utm_campaign: "" };
    const counts = { enquiries: 0, applications: 0, converted_visits: 0, converted_visitors: 0 };
    expect(await daily(db)).toEqual([
      {
        day: today,
        page: "/",
        ...source,
        device: "desktop",
        views: 1,
        visitors: 1,
        landings: 1,
        visits: 1,
        ...counts,
      },
      {
        day: today,
        page: "/about",
        ...source,
        device: "desktop",
        views: 2,
        visitors: 1,
        landings: 0,
        visits: 0,
        ...counts,
      },
      {
        day: today,
        page: "/about",
        ...none,
        device: "phone",
        views: 1,
        visitors: 1,
        landings: 1,
        visits: 1,
        ...counts,
      },
      {
        day: today,
        page: "/services/cleaning",
        ...elsewhere,
        device: "desktop",
        views: 1,
        visitors: 1,
        landings: 0,
        visits: 1,
        ...counts,
      },
    ]);
    // What is kept about today's visitors names no address and no browser.
    const kept = JSON.stringify([
      ...(await db.all("SELECT * FROM analytics_visitors")),
      ...(await db.all("SELECT * FROM analytics_visitor_pages")),
      ...(await db.all("SELECT * FROM analytics_daily")),
    ]);
    for (const secret of ["203.0.113.9", "198.51.100.7", "Chrome/140", "iPhone"])
      expect(kept).not.toContain(secret);
  });

  it("is one visitor for one address and browser across two server processes; another /64 or browser is another", async () => {
    const first = await startProcess();
    const second = await startProcess({ database: await secondConnection() });
    await expectCounted(await view(first.url, { ip: "2001:db8:1:2::1", page: "/" }));
    await expectCounted(await view(second.url, { ip: "2001:db8:1:2:aaaa:bbbb:cccc:dddd", page: "/about" }));
    await expectCounted(await view(second.url, { ip: "2001:db8:1:3::1", page: "/about" }));
    await expectCounted(await view(first.url, { ip: "2001:db8:1:2::1", ua: iphone, page: "/about" }));

    expect(await countRows(db, "analytics_salts")).toBe(1);
    const rows = await daily(db);
    expect(rows.reduce((sum, row) => sum + row.landings, 0)).toBe(3);
    expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(4);
    const about = rows.filter((row) => row.page === "/about");
    expect(about.reduce((sum, row) => sum + row.visitors, 0)).toBe(3);
  });

  it("loses no count when two processes take many views at the same moment", async () => {
    const first = await startProcess();
    const second = await startProcess({ database: await secondConnection() });
    const pages = ["/", "/about", "/contact"];
    const sends: Promise<Response>[] = [];
    for (let visitor = 0; visitor < 10; visitor++) {
      for (const page of pages) {
        for (const target of [first.url, second.url]) {
          sends.push(view(target, { ip: `192.0.2.${visitor + 1}`, page }));
        }
      }
    }
    const statuses = (await Promise.all(sends)).map((response) => response.status);
    expect(statuses.every((status) => status === 204)).toBe(true);
    const rows = await daily(db);
    expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(60);
    expect(rows.reduce((sum, row) => sum + row.landings, 0)).toBe(10);
    for (const page of pages) {
      expect(rows.filter((row) => row.page === page).reduce((sum, row) => sum + row.visitors, 0)).toBe(10);
    }
    expect(await countRows(db, "analytics_visitors")).toBe(10);
  });

  it("counts nothing for Global Privacy Control, Do Not Track, robots, the staff pages or unknown pages", async () => {
    const { url } = await startProcess();
    const answers = [
      await view(url, { page: "/", headers: { "Sec-GPC": "1" } }),
      await view(url, { page: "/", headers: { DNT: "1" } }),
      await view(url, {
        page: "/",
        ua: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      }),
      await view(url, { page: "/", ua: "" }),
      await view(url, { page: "/staff/analytics" }),
      await view(url, { page: "/staff" }),
      await view(url, { page: "/no-such-page" }),
    ];
    expect(answers.map((response) => response.status)).toEqual([204, 204, 204, 204, 204, 204, 204]);
    expect(await countRows(db, "analytics_daily")).toBe(0);
    expect(await countRows(db, "analytics_visitors")).toBe(0);
  });

  it("answers bad input with a 4xx and a message, never a 5xx", async () => {
    const { url } = await startProcess();
    const endpoint = `${url}${pageViewEndpoint}`;
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(endpoint, {
        method: "POST",
        headers: { "Content-Type": "text/plain", "User-Agent": chrome, ...headers },
        body,
      });
    const cases: [string, Promise<Response>, number][] = [
      ["GET", fetch(endpoint), 405],
      ["not JSON", post("page=/"), 400],
      ["empty", post(""), 400],
      ["an array", post("[]"), 400],
      ["no page", post(JSON.stringify({ referrer: "" })), 400],
      ["a page that is not a path", post(JSON.stringify({ page: "https://evil.example/" })), 400],
      ["a page that is not text", post(JSON.stringify({ page: 42 })), 400],
      ["an unknown field", post(JSON.stringify({ page: "/", visitorId: "abc" })), 400],
      ["a long page", post(JSON.stringify({ page: `/${"a".repeat(1200)}` })), 400],
      ["too large", post(JSON.stringify({ page: "/", referrer: "x".repeat(5000) })), 413],
      ["a form post", post("page=/", { "Content-Type": "application/x-www-form-urlencoded" }), 415],
      ["from another site", post(JSON.stringify({ page: "/" }), { "Sec-Fetch-Site": "cross-site" }), 403],
    ];
    for (const [name, pending, status] of cases) {
      const response = await pending;
      expect(response.status, name).toBe(status);
      if (status !== 405)
        expect(((await response.json()) as { message: string }).message, name).toMatch(/\w/);
      else expect(response.headers.get("allow")).toBe("POST");
    }
    expect(await countRows(db, "analytics_daily")).toBe(0);
  });

  it("refuses an address sending too many views a minute with 429, and takes them again the next minute", async () => {
    const { url } = await startProcess({ viewsPerMinute: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await view(url, { ip: "203.0.113.50", page: "/" })).status);
    expect(statuses).toEqual([204, 204, 204, 429]);
    expect((await view(url, { ip: "203.0.113.51", page: "/" })).status).toBe(204);
    clock += 60_000;
    expect((await view(url, { ip: "203.0.113.50", page: "/" })).status).toBe(204);
    const rows = await daily(db);
    expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(5);
  });

  it("shares one allowance between processes, however many views arrive at once", async () => {
    const first = await startProcess({ viewsPerMinute: 5 });
    const second = await startProcess({ viewsPerMinute: 5, database: await secondConnection() });
    const sends: Promise<Response>[] = [];
    for (let i = 0; i < 12; i++) {
      sends.push(view(i % 2 === 0 ? first.url : second.url, { ip: "203.0.113.60", page: "/" }));
    }
    const statuses = (await Promise.all(sends)).map((response) => response.status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it("lets one address add only so many new visitors a day, however many browsers and sources it claims", async () => {
    const cap = 5;
    const { url } = await startProcess({ newVisitorsPerNetworkPerDay: cap, viewsPerMinute: 1000 });
    const flood: number[] = [];
    for (let i = 0; i < 40; i++) {
      const response = await view(url, {
        ip: i % 2 === 0 ? "203.0.113.77" : "2001:db8:7:7::1",
        ua: `${chrome} Flood/${i}`,
        page: `/?utm_source=source${i}&utm_campaign=campaign${i}`,
        referrer: `https://site${i}.example/`,
      });
      flood.push(response.status);
    }
    // Not counted, and not told apart from counted.
    expect(flood.every((status) => status === 204)).toBe(true);
    // The IPv6 sender varies its address within its /64: still one network.
    expect(await countRows(db, "analytics_visitors")).toBe(2 * cap);
    expect(await countRows(db, "analytics_daily")).toBe(2 * cap);
    expect(await countRows(db, "analytics_networks")).toBe(2);
    // A visitor counted before the cap still counts; another address is untouched.
    await expectCounted(await view(url, { ip: "203.0.113.77", ua: `${chrome} Flood/0`, page: "/about" }));
    await expectCounted(await view(url, { ip: "198.51.100.20", page: "/" }));
    const rows = await daily(db);
    expect(rows.reduce((sum, row) => sum + row.landings, 0)).toBe(2 * cap + 1);
    expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(2 * cap + 2);
    // A new day, a new allowance.
    clock += 86_400_000;
    await expectCounted(await view(url, { ip: "203.0.113.77", ua: `${chrome} Flood/99`, page: "/" }));
    expect(await countRows(db, "analytics_visitors", "day = ?", [dayOf(clock)])).toBe(1);
    expect(await countRows(db, "analytics_networks", "day < ?", [dayOf(clock)])).toBe(0);
  });

  it("keeps no referrer that is not a host name and no campaign tag that is not a campaign's", async () => {
    const { url } = await startProcess();
    const junk: [string, string][] = [
      ["/?utm_source==HYPERLINK(1)&utm_medium=<script>", "https://203.0.113.9/"],
      [`/?utm_campaign=${"x".repeat(101)}`, "http://exa_mple.com/"],
      ["/?utm_source=%EF%BC%9Dcmd", "http://localhost:8080/"],
    ];
    for (const [i, [page, referrer]] of junk.entries()) {
      await expectCounted(await view(url, { ip: `192.0.2.${100 + i}`, page, referrer }));
    }
    const rows = await daily(db);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      page: "/",
      referrer_host: "",
      utm_source: "",
      utm_medium: "",
      utm_campaign: "",
      views: 3,
      landings: 3,
    });
  });

  it("stops counting one visitor's views past the daily cap", async () => {
    const base = {
      day: today,
      visitor: "replayed-visitor",
      network: "replaying-network",
      page: "/",
      source: noSource,
      device: "desktop" as const,
    };
    const outcomes: string[] = [];
    for (let i = 0; i < maxViewsPerVisitorPerDay + 2; i++) outcomes.push(await recordView(db, base));
    expect(outcomes[0]).toBe("first-visit");
    expect(outcomes.filter((outcome) => outcome === "over-cap")).toHaveLength(2);
    const [row] = await daily(db);
    expect(row).toMatchObject({ views: maxViewsPerVisitorPerDay, visitors: 1, landings: 1 });
  });

  it("gives each day its own salt and destroys it, with that day's visitors, once the day is over", async () => {
    const { analytics, url } = await startProcess();
    const visitor = { ip: "203.0.113.9", ua: chrome };
    await expectCounted(await view(url, { ...visitor, page: "/?utm_source=flyer" }));
    const [firstSalt] = await db.all<{ day: string; salt: string }>("SELECT day, salt FROM analytics_salts");
    expect(firstSalt?.day).toBe(today);
    const [firstVisitor] = await db.all<{ visitor: string }>("SELECT visitor FROM analytics_visitors");
    expect(firstVisitor?.visitor).toBe(visitorHash(firstSalt?.salt ?? "", "203.0.113.9", chrome));

    // Half a minute after midnight in London: the first view of the day destroys yesterday's salt.
    clock = Date.parse("2026-11-21T00:00:30Z");
    await expectCounted(await view(url, { ...visitor, page: "/about" }));
    const salts = await db.all<{ day: string; salt: string }>("SELECT day, salt FROM analytics_salts");
    expect(salts.map((salt) => salt.day)).toEqual(["2026-11-21"]);
    expect(salts[0]?.salt).not.toBe(firstSalt?.salt);
    expect(await countRows(db, "analytics_visitors", "day = ?", [today])).toBe(0);
    expect(await countRows(db, "analytics_visitor_pages", "day = ?", [today])).toBe(0);
    // The same person is a new visitor on the new day, with no memory of yesterday's source.
    expect(await daily(db, "day = ?", ["2026-11-21"])).toMatchObject([
      { page: "/about", utm_source: "", views: 1, visitors: 1, landings: 1 },
    ]);
    // Yesterday's figures stay.
    expect(await daily(db, "day = ?", [today])).toMatchObject([
      { page: "/", utm_source: "flyer", landings: 1 },
    ]);

    // With no visitor at all the next day, the upkeep (which the server runs every minute) destroys the salt.
    clock = Date.parse("2026-11-22T03:00:00Z");
    const result = await (async () => {
      await analytics.upkeep();
      return db.all<{ day: string }>("SELECT day FROM analytics_salts");
    })();
    expect(result).toEqual([]);
    expect(await countRows(db, "analytics_visitors")).toBe(0);
  });

  it(`deletes daily figures older than ${analyticsRetentionMonths} months and keeps the rest`, async () => {
    expect(analyticsRetentionMonths).toBe(25);
    const cutoff = monthsBefore(today, analyticsRetentionMonths);
    expect(cutoff).toBe("2024-10-20");
    for (const day of ["2023-01-05", "2024-10-19", cutoff, "2025-06-01", today]) {
      await recordConversion(db, {
        kind: "enquiry",
        day,
        page: "/contact",
        source: noSource,
        device: "desktop",
      });
    }
    const { analytics } = await startProcess();
    await analytics.upkeep();
    expect((await daily(db)).map((row) => row.day)).toEqual([cutoff, "2025-06-01", today]);
  });

  describe("leads, through the real lead endpoints", () => {
    // The lead endpoints see the client as 127.0.0.1, so this server must too (no proxy); each test is
    // a different browser, and so a different visitor.
    let served: Served;
    beforeAll(async () => {
      served = await serve(h.services.analytics, { proxy: false });
    });
    afterAll(async () => {
      await served?.close();
    });
    const browser = (name: string) => `${chrome} ${name}`;
    const from = (path: string) => `${h.url}${path}`;

    it("an enquiry sent from /services/cleaning?utm_source=newsletter counts for that page and that source", async () => {
      const ua = browser("subscriber");
      const reply = await postEnquiry(h.url, validEnquiry(), {
        "User-Agent": ua,
        Referer: from("/services/cleaning?utm_source=newsletter"),
      });
      expect(reply.status).toBe(200);
      const rows = await until(
        () => daily(db, "enquiries > 0"),
        (found) => found.length > 0,
      );
      expect(rows).toMatchObject([
        {
          day: dayOf(Date.now()),
          page: "/services/cleaning",
          referrer_host: "",
          utm_source: "newsletter",
          device: "desktop",
          enquiries: 1,
          applications: 0,
          views: 0,
        },
      ]);
    });

    it("credits an enquiry from /contact to the source today's visit began with", async () => {
      const ua = browser("campaign-visitor");
      await expectCounted(
        await view(served.url, {
          ua,
          page: "/services/cleaning?utm_source=flyer&utm_campaign=autumn",
          referrer: "https://www.bing.com/",
        }),
      );
      await expectCounted(await view(served.url, { ua, page: "/contact" }));
      const reply = await postEnquiry(h.url, validEnquiry(), { "User-Agent": ua, Referer: from("/contact") });
      expect(reply.status).toBe(200);
      const rows = await until(
        () => daily(db, "enquiries > 0"),
        (found) => found.length > 0,
      );
      expect(rows).toMatchObject([
        {
          page: "/contact",
          referrer_host: "bing.com",
          utm_source: "flyer",
          utm_campaign: "autumn",
          views: 1,
          visitors: 1,
          enquiries: 1,
        },
      ]);
    });

    it("counts an application as an application, for the careers page", async () => {
      const ua = browser("applicant");
      const reply = await postApplication(h.url, applicationForm(), {
        "User-Agent": ua,
        Referer: from("/careers"),
      });
      expect(reply.status).toBe(200);
      const rows = await until(
        () => daily(db, "applications > 0"),
        (found) => found.length > 0,
      );
      expect(rows).toMatchObject([{ page: "/careers", applications: 1, enquiries: 0 }]);
    });

    it("counts views of the vacancy list and of a published vacancy's page, and an application sent from it as that page's", async () => {
      const vacancies = h.services.app.vacancies;
      const vacancy = (overrides: { title: string }) => ({
        service: "warehouse",
        location: "Trafford Park, Manchester",
        postcode: "M17 1AA",
        employmentType: "TEMPORARY" as const,
        payFrom: 12.21,
        payTo: 13.5,
        payPeriod: "HOUR" as const,
        hours: "Nights, 4 on 4 off",
        description: "Picking and packing orders.",
        closesOn: londonDate(Date.now() + 10 * 86_400_000),
        ...overrides,
      });
      const published = await vacancies.save(
        null,
        vacancy({ title: "Warehouse Operative" }),
        "publish",
        null,
      );
      const draft = await vacancies.save(null, vacancy({ title: "Forklift Driver" }), "draft", null);
      if (!published.ok || !draft.ok) throw new Error("not saved");
      const jobPage = `${vacanciesPath}/${published.vacancy.slug}`;

      const ua = browser("job-seeker");
      for (const page of [
        `${vacanciesPath}?service=warehouse&utm_source=jobs-board`,
        jobPage,
        // Neither an address that names no vacancy nor a draft's is a page of the site.
        `${vacanciesPath}/no-such-job-zz9zz9`,
        `${vacanciesPath}/${draft.vacancy.slug}`,
      ]) {
        await expectCounted(await view(served.url, { ua, page }));
      }
      const views = await daily(db, "views > 0");
      expect(views.map((row) => [row.page, row.views])).toEqual([
        [vacanciesPath, 1],
        [jobPage, 1],
      ]);

      // Applied for from the vacancy's page: a conversion of that page, credited to the visit's source.
      const reply = await postApplication(
        h.url,
        applicationForm(applicationFields({ vacancy: published.vacancy.reference })),
        { "User-Agent": ua, Referer: from(`${jobPage}#apply`) },
      );
      expect(reply.status).toBe(200);
      const rows = await until(
        () => daily(db, "applications > 0"),
        (found) => found.length > 0,
      );
      expect(rows).toMatchObject([{ page: jobPage, utm_source: "jobs-board", applications: 1, views: 1 }]);

      // An application whose Referer names no vacancy is not credited to that address.
      await postApplication(h.url, applicationForm(), {
        "User-Agent": browser("guesser"),
        Referer: from(`${vacanciesPath}/no-such-job-zz9zz9`),
      });
      const all = await until(
        () => daily(db, "applications > 0"),
        (found) => found.length > 1,
      );
      expect(all.map((row) => [row.page, row.applications])).toEqual([
        ["", 1],
        [jobPage, 1],
      ]);
    });

    it("does not count spam, a repeat, a visitor who objects or a robot", async () => {
      const ua = browser("not-counted");
      const headers = { "User-Agent": ua, Referer: from("/contact") };
      expect(
        (await postEnquiry(h.url, validEnquiry({ website: "http://spam.example" }), headers)).status,
      ).toBe(200);
      const once = validEnquiry();
      const key = { "Idempotency-Key": "analytics-repeat-0001" };
      expect((await postEnquiry(h.url, once, { ...headers, ...key })).status).toBe(200);
      expect((await postEnquiry(h.url, once, { ...headers, ...key })).status).toBe(200);
      expect((await postEnquiry(h.url, validEnquiry(), { ...headers, "Sec-GPC": "1" })).status).toBe(200);
      expect((await postEnquiry(h.url, validEnquiry(), { ...headers, DNT: "1" })).status).toBe(200);
      expect(
        (await postEnquiry(h.url, validEnquiry(), { ...headers, "User-Agent": "curl/8.5.0" })).status,
      ).toBe(200);
      // Then one that counts, sent from another page, to know the others had their chance.
      await postEnquiry(h.url, validEnquiry(), { "User-Agent": ua, Referer: from("/about") });
      const rows = await until(
        () => daily(db, "page = ?", ["/about"]),
        (found) => found.length > 0,
      );
      expect(rows).toMatchObject([{ enquiries: 1 }]);
      expect(await daily(db, "page = ?", ["/contact"])).toMatchObject([{ enquiries: 1 }]);
    });

    it("counts an enquiry with no Referer, or another site's, for a page not known", async () => {
      const ua = browser("no-referrer");
      await postEnquiry(h.url, validEnquiry(), { "User-Agent": ua });
      await postEnquiry(h.url, validEnquiry(), {
        "User-Agent": ua,
        Referer: "https://elsewhere.example/contact",
      });
      const rows = await until(
        () => daily(db, "enquiries > 0"),
        (found) => found[0]?.enquiries === 2,
      );
      expect(rows).toMatchObject([{ page: "", utm_source: "", enquiries: 2 }]);
    });

    it("never costs a lead when counting it fails", async () => {
      await db.exec("ALTER TABLE analytics_daily RENAME TO analytics_daily_away");
      try {
        const reply = await postEnquiry(h.url, validEnquiry(), {
          "User-Agent": browser("unlucky"),
          Referer: from("/contact"),
        });
        expect(reply.status).toBe(200);
        const { message } = (await reply.json()) as { message: string };
        const reference = /ENQ-\w{6}/.exec(message)?.[0] ?? "";
        expect(await countRows(db, "enquiries", "reference = ?", [reference])).toBe(1);
        const logged = await until(
          async () => h.logs.filter((line) => line.msg === "lead not counted"),
          (found) => found.length > 0,
        );
        expect(logged.length).toBeGreaterThan(0);
      } finally {
        await db.exec("ALTER TABLE analytics_daily_away RENAME TO analytics_daily");
      }
    });
  });

  describe("the report", () => {
    async function seed() {
      const day = (offset: number) => dayOf(clock - offset * 86_400_000);
      const news = { ...noSource, utmSource: "newsletter", utmMedium: "email", utmCampaign: "=HYPERLINK(1)" };
      const google = { ...noSource, referrerHost: "google.com" };
      const views: [number, string, string, typeof noSource, "phone" | "desktop"][] = [
        [0, "v1", "/services/cleaning", news, "phone"],
        [0, "v1", "/contact", news, "phone"],
        [0, "v2", "/", google, "desktop"],
        [0, "v2", "/services/cleaning", google, "desktop"],
        [2, "v3", "/", noSource, "desktop"],
        [2, "v3", "/", noSource, "desktop"],
        // Outside the last 7 days.
        [9, "v4", "/about", google, "desktop"],
      ];
      for (const [offset, visitor, page, source, device] of views) {
        await recordView(db, { day: day(offset), visitor, network: visitor, page, source, device });
      }
      await recordConversion(db, {
        kind: "enquiry",
        day: day(0),
        page: "/contact",
        visitor: "v1",
        source: noSource,
        device: "phone",
      });
      await recordConversion(db, {
        kind: "application",
        day: day(2),
        page: "/careers",
        source: noSource,
        device: "desktop",
      });
    }

    it("sums each day, page, source, campaign and device over the period", async () => {
      await seed();
      const report = await buildReport(db, 7, clock);
      expect(report.from).toBe("2026-11-14");
      expect(report.to).toBe(today);
      expect(report.days).toHaveLength(7);
      expect(report.days[6]).toEqual({ day: today, visitors: 2, views: 4, enquiries: 1, applications: 0 });
      expect(report.days[4]).toEqual({
        day: "2026-11-18",
        visitors: 1,
        views: 2,
        enquiries: 0,
        applications: 1,
      });
      expect(report.days.filter((day) => day.views === 0)).toHaveLength(5);
      expect(report.totals).toEqual({
        visitors: 3,
        visits: 3,
        views: 6,
        enquiries: 1,
        applications: 1,
        converted: 1,
      });
      const none = { enquiries: 0, applications: 0, conversions: 0, converted: 0 };
      // By views, named by their titles.
      expect(report.pages.slice(0, 2)).toEqual([
        { page: "/", name: "Home", views: 3, visitors: 2, visits: 2, ...none },
        {
          page: "/services/cleaning",
          name: "Professional Cleaning",
          views: 2,
          visitors: 2,
          visits: 1,
          ...none,
        },
      ]);
      // The enquiry was credited to the visit it was sent in: its source, and its sender's page.
      expect(report.pages.find((page) => page.page === "/contact")).toMatchObject({
        name: "Contact",
        visitors: 1,
        enquiries: 1,
        converted: 1,
      });
      expect(report.pages.find((page) => page.page === "/about")).toBeUndefined();
      expect(report.sources).toEqual([
        { source: "", views: 2, visits: 1, enquiries: 0, applications: 1, conversions: 1, converted: 0 },
        {
          source: "newsletter",
          views: 2,
          visits: 1,
          enquiries: 1,
          applications: 0,
          conversions: 1,
          converted: 1,
        },
        { source: "google.com", views: 2, visits: 1, ...none },
      ]);
      expect(report.campaigns).toEqual([
        {
          utmSource: "newsletter",
          utmMedium: "email",
          utmCampaign: "=HYPERLINK(1)",
          views: 2,
          visits: 1,
          enquiries: 1,
          applications: 0,
          conversions: 1,
          converted: 1,
        },
      ]);
      expect(report.devices).toEqual([
        { device: "desktop", visitors: 2 },
        { device: "phone", visitors: 1 },
      ]);
      // The 30-day view reaches the older visit too.
      expect((await buildReport(db, 30, clock)).totals.visitors).toBe(4);
      // The workspace's services read the same figures on their own clock.
      expect((await analyticsReport(db, () => clock).report(7)).totals).toEqual(report.totals);
    });

    it("exports the period's rows as CSV, with formula-like cells made harmless", async () => {
      await seed();
      // Stored before campaign tags were checked, or by a conversion: the export disarms them all the same,
      // the full-width ＝ too, which spreadsheets read as =.
      await recordConversion(db, {
        kind: "enquiry",
        day: dayOf(clock - 86_400_000),
        page: "/privacy",
        source: { ...noSource, utmSource: "＝HYPERLINK(2)", utmMedium: "@cmd", utmCampaign: "-1+1" },
        device: "desktop",
      });
      const { fileName, csv } = await exportCsv(db, 7, clock);
      expect(fileName).toBe("analytics-2026-11-14-to-2026-11-20.csv");
      const [figures = "", replies = "", outcomes = ""] = csv.trim().split("\n\n");
      const lines = figures.split("\n");
      expect(lines[0]).toBe(
        "day,page,referrer_host,utm_source,utm_medium,utm_campaign,device,views,visitors,landings,enquiries,applications,visits,converted_visits,converted_visitors",
      );
      expect(lines).toHaveLength(1 + 7);
      expect(lines).toContain("2026-11-19,/privacy,,'＝HYPERLINK(2),'@cmd,'-1+1,desktop,0,0,0,1,0,0,0,0");
      expect(lines).toContain("2026-11-20,/contact,,newsletter,email,'=HYPERLINK(1),phone,1,1,0,1,0,0,1,1");
      expect(lines).toContain("2026-11-18,/careers,,,,,desktop,0,0,0,0,1,0,0,0");
      // Then how the period's enquiries were answered, and what came of its leads (none in this one).
      expect(replies.split("\n")).toEqual([
        "service,enquiries_received,answered_within_promise,answered_late,overdue,waiting,share_answered_within_promise,median_hours_to_first_answer",
        "all,0,0,0,0,0,,",
      ]);
      expect(outcomes).toBe("by,source_or_page,utm_medium,utm_campaign,enquiries,won,applications,hired");
      expect(csv).not.toContain("/about");
    });
  });
});
