import { describe, expect, it } from "vitest";
import type { Lhr } from "./audit.ts";
import {
  markdownReport,
  type PageRecord,
  type PageRun,
  pageRun,
  pageTable,
  summarise,
} from "./bench-pages.ts";

function run(overrides: Partial<PageRun>): PageRun {
  return {
    tbtMs: 0,
    fcpMs: 800,
    lcpMs: 800,
    largestPaintIsFirst: true,
    scriptBytes: 100 * 1024,
    scriptRequests: 4,
    ...overrides,
  };
}

function record(overrides: Partial<PageRecord>): PageRecord {
  return { page: "/", build: "now", status: 200, runs: [run({})], failures: [], ...overrides };
}

function lhr(audits: Record<string, unknown>): Lhr {
  return { categories: {}, audits } as unknown as Lhr;
}

describe("pageRun", () => {
  const timings = {
    "total-blocking-time": { numericValue: 42.4 },
    "first-contentful-paint": { numericValue: 905 },
    "largest-contentful-paint": { numericValue: 1210 },
  };

  it("reads the timings, the scripts from resource-summary and a late largest paint from the browser's own paints", () => {
    expect(
      pageRun(
        lhr({
          ...timings,
          metrics: {
            details: { items: [{ observedFirstContentfulPaint: 251, observedLargestContentfulPaint: 268 }] },
          },
          "resource-summary": {
            details: {
              items: [
                { resourceType: "total", transferSize: 200_000, requestCount: 12 },
                { resourceType: "script", transferSize: 130_000, requestCount: 5 },
              ],
            },
          },
        }),
      ),
    ).toEqual({
      tbtMs: 42.4,
      fcpMs: 905,
      lcpMs: 1210,
      largestPaintIsFirst: false,
      scriptBytes: 130_000,
      scriptRequests: 5,
    });
  });

  it("sums the Script requests in network-requests when resource-summary has no script line", () => {
    const result = pageRun(
      lhr({
        ...timings,
        metrics: {
          details: { items: [{ observedFirstContentfulPaint: 251, observedLargestContentfulPaint: 251 }] },
        },
        "network-requests": {
          details: {
            items: [
              { resourceType: "Document", transferSize: 9_000 },
              { resourceType: "Script", transferSize: 60_000 },
              { resourceType: "Script", transferSize: 4_000 },
              { resourceType: "Stylesheet", transferSize: 20_000 },
            ],
          },
        },
      }),
    );
    expect(result.largestPaintIsFirst).toBe(true);
    expect(result.scriptBytes).toBe(64_000);
    expect(result.scriptRequests).toBe(2);
  });
});

describe("summarise", () => {
  it("takes each figure's median over the runs and counts the runs whose largest paint was the first", () => {
    const summary = summarise(
      record({
        runs: [
          run({ tbtMs: 130, fcpMs: 900, lcpMs: 900, scriptBytes: 3000 }),
          run({ tbtMs: 90, fcpMs: 950, lcpMs: 1400, largestPaintIsFirst: false, scriptBytes: 1000 }),
          run({ tbtMs: 110, fcpMs: 1000, lcpMs: 1000, scriptBytes: 2000 }),
          run({ tbtMs: 400, fcpMs: 920, lcpMs: 920, scriptBytes: 2000 }),
        ],
      }),
    );
    expect(summary).toMatchObject({
      runs: 4,
      tbtMs: 120,
      tbtValues: [130, 90, 110, 400],
      fcpMs: 935,
      lcpMs: 960,
      largestPaintFirst: 3,
      scriptBytes: 2000,
    });
  });
});

describe("pageTable", () => {
  it("has a row per build: median TBT with each run's, FCP, LCP, largest paint first as k/N, script KiB", () => {
    const table = pageTable([
      record({
        runs: [
          run({ tbtMs: 120.4, fcpMs: 850, lcpMs: 850, scriptBytes: 130 * 1024 }),
          run({ tbtMs: 80, fcpMs: 870, lcpMs: 1200, largestPaintIsFirst: false, scriptBytes: 128 * 1024 }),
          run({ tbtMs: 100, fcpMs: 900, lcpMs: 900, scriptBytes: 129 * 1024 }),
        ],
      }),
      record({ build: "ee8d402", status: 404, runs: [] }),
      record({ build: "abc1234", runs: [run({ tbtMs: 60 })], failures: ["no trace"] }),
    ]).split("\n");
    expect(table).toEqual([
      "| Build | TBT, median (each run) | FCP | LCP | Largest paint is first | Script KiB |",
      "| --- | --: | --: | --: | --: | --: |",
      "| now | 100 ms (120, 80, 100) | 870 ms | 900 ms | 2/3 | 129.0 |",
      "| ee8d402 | missing (404) | – | – | – | – |",
      "| abc1234 (1 run failed) | 60 ms (60) | 800 ms | 800 ms | 1/1 | 100.0 |",
    ]);
  });
});

describe("markdownReport", () => {
  it("has a table per page in the order asked, each with its builds in the order given", () => {
    const report = markdownReport(
      ["/", "/privacy"],
      ["now", "ee8d402"],
      [
        record({ page: "/privacy", build: "ee8d402", runs: [run({ tbtMs: 30 })] }),
        record({ page: "/", build: "ee8d402", status: 404, runs: [] }),
        record({ page: "/privacy", build: "now", runs: [run({ tbtMs: 20 })] }),
        record({ page: "/", build: "now", runs: [run({ tbtMs: 10 })] }),
      ],
      1,
    );
    const lines = report.split("\n");
    expect(lines[0]).toBe("# Page speed by build");
    const home = lines.indexOf("## /");
    const privacy = lines.indexOf("## /privacy");
    expect(home).toBeGreaterThan(0);
    expect(privacy).toBeGreaterThan(home);
    expect(lines[home + 4]).toMatch(/^\| now \| 10 ms \(10\) \|/);
    expect(lines[home + 5]).toBe("| ee8d402 | missing (404) | – | – | – | – |");
    expect(lines[privacy + 4]).toMatch(/^\| now \| 20 ms \(20\) \|/);
    expect(lines[privacy + 5]).toMatch(/^\| ee8d402 \| 30 ms \(30\) \|/);
  });
});
