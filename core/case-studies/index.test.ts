import { describe, expect, it } from "vitest";
import { serviceList } from "../config/service-list.ts";
import { caseStudyDirectory } from "./directory.ts";
import { caseStudies, caseStudyBySlug, newestFirst, recentCaseStudies } from "./index.ts";
import type { CaseStudy } from "./model.ts";
import { isFilteredList } from "./paths.ts";

const study = (slug: string, started: CaseStudy["started"], services: CaseStudy["services"]): CaseStudy => ({
  ...(caseStudies[0] as CaseStudy),
  slug,
  title: slug,
  started,
  services,
});

describe("the case studies", () => {
  it("are listed newest work first", () => {
    const months = caseStudies.map((caseStudy) => caseStudy.started);
    expect(months).toEqual([...months].sort().reverse());
  });

  it("are the ones the directory publishes, in the same order", () => {
    expect(caseStudyDirectory.map((entry) => entry.slug)).toEqual(
      caseStudies.map((caseStudy) => caseStudy.slug),
    );
    expect(new Set(caseStudies.map((caseStudy) => caseStudy.slug)).size).toBe(caseStudies.length);
    for (const entry of caseStudyDirectory) expect(caseStudyBySlug(entry.slug)?.slug).toBe(entry.slug);
  });

  it("cover every service, security twice", () => {
    for (const service of serviceList) expect(recentCaseStudies(service.key).length).toBeGreaterThan(0);
    expect(recentCaseStudies("securityOfficers").length).toBeGreaterThanOrEqual(2);
  });

  it("name a client only with its permission, and are marked as samples while they are", () => {
    for (const caseStudy of caseStudies) {
      if (caseStudy.client.clientName) expect(caseStudy.client.namedWithPermission).toBe(true);
      expect(caseStudy.sample).toBe(true);
    }
  });
});

describe("recentCaseStudies", () => {
  const list = [
    study("cleaning-2024", "2024-05", ["cleaning"]),
    study("security-2025", "2025-02", ["securityOfficers", "cleaning"]),
    study("cleaning-2025", "2025-09", ["cleaning"]),
    study("warehouse-2026", "2026-01", ["warehouse"]),
  ];

  it("gives a service's case studies, newest first, at most n", () => {
    expect(recentCaseStudies("cleaning", 2, list).map((item) => item.slug)).toEqual([
      "cleaning-2025",
      "security-2025",
    ]);
    expect(recentCaseStudies("cleaning", undefined, list)).toHaveLength(3);
    expect(recentCaseStudies("steward", 2, list)).toEqual([]);
  });

  it("keeps one order for work that began in the same month", () => {
    const same = [study("b", "2025-01", ["cleaning"]), study("a", "2025-01", ["cleaning"])];
    expect(newestFirst(same).map((item) => item.slug)).toEqual(["a", "b"]);
  });
});

describe("isFilteredList", () => {
  it("is true for the list or its data with a service, and only then", () => {
    const params = (query: string) => new URLSearchParams(query);
    expect(isFilteredList("/case-studies", params("service=cleaning"))).toBe(true);
    expect(isFilteredList("/case-studies.data", params("service=cleaning&_routes=x"))).toBe(true);
    expect(isFilteredList("/case-studies", params(""))).toBe(false);
    expect(isFilteredList("/case-studies.data", params("_routes=x"))).toBe(false);
    expect(isFilteredList("/case-studies/salford-quays-office", params("service=cleaning"))).toBe(false);
  });
});
