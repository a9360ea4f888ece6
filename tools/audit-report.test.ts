import { describe, expect, it } from "vitest";
import {
  describePaintPath,
  isNoindexPage,
  lcpElements,
  markdownTable,
  median,
  notFoundPath,
  paintedLater,
  type RouteResult,
  routeLabel,
  shortcomings,
} from "./audit-report.ts";

function result(overrides: Partial<RouteResult>): RouteResult {
  return {
    route: "/about",
    runs: 3,
    scores: { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 },
    lcpMs: 800,
    fcpMs: 800,
    lateLargestPaints: 0,
    lcpElement: '<p class="mt-6">',
    lcpPath: "",
    tbtMs: 0,
    cls: 0,
    scriptBytes: 3 * 1024,
    totalBytes: 150 * 1024,
    requests: 12,
    axeViolations: [],
    failingAudits: [],
    ...overrides,
  };
}

describe("paintedLater", () => {
  it("judges the browser's own paints, not the simulation's two estimates of them", () => {
    expect(paintedLater({ observedFirstContentfulPaint: 251, observedLargestContentfulPaint: 251 })).toBe(
      false,
    );
    expect(paintedLater({ observedFirstContentfulPaint: 251, observedLargestContentfulPaint: 268 })).toBe(
      true,
    );
    expect(paintedLater({})).toBe(false);
    expect(paintedLater(undefined)).toBe(false);
  });
});

describe("median", () => {
  it("takes the middle of an odd count and the mean of the middle pair of an even one", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([900, 1200, 950, 1000])).toBe(975);
    expect(median([])).toBeNaN();
  });
});

describe("shortcomings", () => {
  it("passes a page at 100 everywhere within the budgets", () => {
    expect(shortcomings(result({}))).toEqual([]);
  });

  it("names each category below 100, a slow or late LCP, a shift, too much JavaScript and axe violations", () => {
    const problems = shortcomings(
      result({
        scores: { performance: 97, accessibility: 100, "best-practices": 96, seo: 100 },
        lcpMs: 1060,
        lateLargestPaints: 2,
        cls: 0.002,
        tbtMs: 51,
        scriptBytes: 9 * 1024,
        axeViolations: ["color-contrast"],
      }),
    );
    expect(problems).toEqual([
      "performance 97",
      "best-practices 96",
      "LCP 1060 ms > 1000 ms",
      "the largest paint came after the first in 2 of 3 runs",
      "CLS 0.002",
      "TBT 51 ms > 50 ms",
      "JavaScript 9.0 KiB > 8.0 KiB",
      "axe: color-contrast",
    ]);
  });

  it("exempts the 404 page from SEO only, and gives form pages a budget of their own", () => {
    const seo = { performance: 100, accessibility: 100, "best-practices": 100, seo: 54 };
    expect(shortcomings(result({ route: notFoundPath, scores: seo }))).toEqual([]);
    expect(shortcomings(result({ route: "/about", scores: seo }))).toEqual(["seo 54"]);
    expect(shortcomings(result({ route: "/contact", scriptBytes: 72 * 1024 }))).toEqual([]);
    expect(shortcomings(result({ route: "/contact", scriptBytes: 130 * 1024 }))).toEqual([
      "JavaScript 130.0 KiB > 80.0 KiB",
    ]);
    expect(
      shortcomings(
        result({ route: "/careers/vacancies/warehouse-operative-nights", scriptBytes: 72 * 1024 }),
      ),
    ).toEqual([]);
    expect(shortcomings(result({ route: "/careers/vacancies", scriptBytes: 72 * 1024 }))).toEqual([
      "JavaScript 72.0 KiB > 8.0 KiB",
    ]);
  });

  it("holds every public page, signed-link pages too, to 50 ms of blocking time, and the workspace not", () => {
    expect(shortcomings(result({ tbtMs: 50 }))).toEqual([]);
    expect(shortcomings(result({ route: "/your-application?link=…", tbtMs: 190 }))).toEqual([
      "TBT 190 ms > 50 ms",
    ]);
    expect(shortcomings(result({ route: "/staff", tbtMs: 400 }))).toEqual([]);
  });

  it("holds the signed-link pages and the job alerts' sign-up page to the plain budget: their forms are plain posts", () => {
    expect(shortcomings(result({ route: "/your-application?link=…", scriptBytes: 1.6 * 1024 }))).toEqual([]);
    expect(shortcomings(result({ route: "/careers/alerts/manage?link=…", scriptBytes: 9 * 1024 }))).toEqual([
      "JavaScript 9.0 KiB > 8.0 KiB",
    ]);
    expect(shortcomings(result({ route: "/careers/alerts", scriptBytes: 9 * 1024 }))).toEqual([
      "JavaScript 9.0 KiB > 8.0 KiB",
    ]);
  });

  it("exempts the staff workspace from the JavaScript budget only", () => {
    expect(shortcomings(result({ route: "/staff", scriptBytes: 300 * 1024 }))).toEqual([]);
    expect(shortcomings(result({ route: "/staff/leads/ENQ-000001", scriptBytes: 300 * 1024 }))).toEqual([]);
    expect(shortcomings(result({ route: "/staffing", scriptBytes: 300 * 1024 }))).toEqual([
      "JavaScript 300.0 KiB > 8.0 KiB",
    ]);
    expect(shortcomings(result({ route: "/staff", scores: { ...result({}).scores, seo: 92 } }))).toEqual([
      "seo 92",
    ]);
  });
});

describe("isNoindexPage", () => {
  it("names the job alerts' pages and the applicant's page, with or without their links, and nothing else", () => {
    expect(isNoindexPage("/careers/alerts")).toBe(true);
    expect(isNoindexPage("/careers/alerts/confirm?link=abc")).toBe(true);
    expect(isNoindexPage("/careers/alerts/manage?link=abc")).toBe(true);
    expect(isNoindexPage("/your-application?link=APP-ABC123.x.y")).toBe(true);
    expect(isNoindexPage("/careers")).toBe(false);
    expect(isNoindexPage("/careers/vacancies")).toBe(false);
    expect(isNoindexPage("/case-studies")).toBe(false);
  });
});

describe("routeLabel", () => {
  it("leaves a signed link's token out of the report", () => {
    expect(routeLabel("/your-application?link=APP-ABC123.abc.def")).toBe("/your-application?link=…");
    expect(routeLabel("/careers/alerts/manage?link=x.manage.0.sig")).toBe("/careers/alerts/manage?link=…");
    expect(routeLabel("/about")).toBe("/about");
  });
});

describe("lcpElements", () => {
  it("names the largest paint of each route on one line", () => {
    expect(lcpElements([result({ lcpElement: '<p\n  class="mt-6">' })])).toBe('- /about: `<p class="mt-6">`');
  });

  it("says under it what the simulated paint waited for, when that is known", () => {
    expect(lcpElements([result({ lcpPath: "/about 13.0 KB 0–610 ms" })])).toBe(
      '- /about: `<p class="mt-6">`\n  - waited for: /about 13.0 KB 0–610 ms',
    );
  });
});

describe("describePaintPath", () => {
  it("lists each file fetched by when it started, then the main thread's span and work", () => {
    expect(
      describePaintPath([
        { kind: "cpu", startMs: 610.4, endMs: 725 },
        {
          kind: "network",
          url: "http://127.0.0.1:4000/assets/app-B1.css",
          bytes: 23_404,
          startMs: 610,
          endMs: 920,
        },
        { kind: "network", url: "http://127.0.0.1:4000/", bytes: 13_280, startMs: 0, endMs: 610 },
        { kind: "network", url: "http://127.0.0.1:4000/privacy", bytes: 500, startMs: 5, endMs: 6 },
        { kind: "network", url: "data:font/woff2;base64,d09GMg", bytes: 15_660, startMs: 920, endMs: 922 },
        { kind: "cpu", startMs: 746, endMs: 893 },
      ]),
    ).toBe(
      "/ 13.0 KB 0–610 ms; /privacy 0.5 KB 5–6 ms; app-B1.css 22.9 KB 610–920 ms; data:font/woff2 (inline) 15.3 KB 920–922 ms; main thread 610–893 ms (2 tasks, 262 ms of work)",
    );
  });

  it("is empty when the simulation was not kept", () => {
    expect(describePaintPath([])).toBe("");
  });
});

describe("markdownTable", () => {
  it("has one row per route with the scores, timings and bytes", () => {
    const table = markdownTable([result({}), result({ route: notFoundPath })]).split("\n");
    expect(table).toHaveLength(4);
    expect(table[0]).toContain(
      "| Route | Perf | A11y | Best pr. | SEO | FCP | LCP | TBT | LCP later | CLS |",
    );
    expect(table[2]).toBe(
      "| /about | 100 | 100 | 100 | 100 | 0.80 s | 0.80 s | 0 ms | 0 of 3 | 0.000 | 3.0 KiB | 150.0 KiB | 0 |",
    );
    expect(table[3]).toContain("(404)");
    expect(table[3]).toContain("100 (exempt)");
  });
});
