import { describe, expect, it } from "vitest";
import { changedAccreditationFile, compare, comparisonTable, type Load } from "./bench-content.ts";

const load = (page: string, source: Load["source"], rps: number, p99: number, non2xx = 0): Load => ({
  page,
  source,
  rps,
  p99,
  errors: 0,
  non2xx,
});

describe("the content bench's comparison", () => {
  it("compares each page's drawn loads with its file loads by their means, and judges the goal", () => {
    const [home, about] = compare(
      ["/", "/about"],
      [
        load("/", "file", 1000, 10),
        load("/", "drawn", 900, 12),
        load("/", "file", 1200, 14),
        load("/", "drawn", 1000, 16),
        load("/about", "file", 1000, 10),
        load("/about", "drawn", 700, 20),
      ],
    );
    expect(home).toMatchObject({
      page: "/",
      loads: 2,
      fileRps: 1100,
      drawnRps: 950,
      fileP99: 12,
      drawnP99: 14,
    });
    expect(home?.ratio).toBeCloseTo(950 / 1100);
    expect(home?.p99Difference).toBe(2);
    expect(home?.meetsGoal).toBe(true);
    // Under 0.8x, and 10 ms slower at p99: not met.
    expect(about).toMatchObject({ ratio: 0.7, p99Difference: 10, meetsGoal: false });
  });

  it("never calls a page whose requests failed a success", () => {
    const [home] = compare(["/"], [load("/", "file", 1000, 10), load("/", "drawn", 1000, 10, 3)]);
    expect(home).toMatchObject({ failures: 3, meetsGoal: false });
    expect(
      comparisonTable(compare(["/"], [load("/", "file", 1000, 10), load("/", "drawn", 1000, 10, 3)])),
    ).toContain("not met (3 failed requests)");
  });

  it("prints a row per page, side by side, with the ratio and the p99's difference", () => {
    const table = comparisonTable(
      compare(
        ["/services/security-officers"],
        [
          load("/services/security-officers", "file", 2345.6, 8.04),
          load("/services/security-officers", "drawn", 2100, 9.5),
        ],
      ),
    );
    const lines = table.split("\n");
    expect(lines[0]).toBe(
      "| Page | Files req/s | Drawn req/s | Drawn ÷ files | Files p99 | Drawn p99 | p99 difference | Goal |",
    );
    expect(lines[2]).toBe(
      "| /services/security-officers | 2,346 | 2,100 | 0.90x | 8.0 ms | 9.5 ms | +1.5 ms | met |",
    );
  });

  it("makes the import file of one accreditation with its number changed", () => {
    expect(
      changedAccreditationFile(
        "site-content/1",
        "cyber-essentials",
        { scheme: "Cyber Essentials", number: "A" },
        "B",
      ),
    ).toEqual({
      format: "site-content/1",
      items: [
        { kind: "accreditation", key: "cyber-essentials", body: { scheme: "Cyber Essentials", number: "B" } },
      ],
    });
  });
});
