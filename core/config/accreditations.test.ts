import { describe, expect, it } from "vitest";
import { accreditations, registers } from "./accreditations.ts";
import { serviceList } from "./service-list.ts";

describe("the accreditations the site lists", () => {
  it("links every one over https to a page on its register's listed host", () => {
    expect(accreditations.length).toBeGreaterThan(0);
    for (const item of accreditations) {
      const url = new URL(item.checkUrl);
      expect(url.protocol, item.scheme).toBe("https:");
      expect(url.host, item.scheme).toBe(registers[item.register].host);
    }
  });

  it("gives each its scheme, what it covers, a number, a real last day and who issued it", () => {
    const services = serviceList.map((service) => service.key as string);
    for (const item of accreditations) {
      expect(item.scheme.trim(), item.scheme).not.toBe("");
      expect(item.covers.length, item.scheme).toBeGreaterThan(0);
      expect(item.number.trim(), item.scheme).not.toBe("");
      expect(new Date(`${item.validUntil}T12:00:00Z`).toISOString().slice(0, 10), item.scheme).toBe(
        item.validUntil,
      );
      expect(new URL(item.issuedBy.url).protocol, item.scheme).toBe("https:");
      for (const service of item.services) expect(services).toContain(service);
    }
  });

  it("ships the SIA's scheme for the security officers, checked on the SIA's own register", () => {
    const sia = accreditations.find((item) => item.scheme === "SIA Approved Contractor Scheme");
    expect(sia?.services).toContain("securityOfficers");
    expect(sia?.covers).toContain("Security guarding");
    expect(sia?.checkUrl).toBe("https://www.services.sia.homeoffice.gov.uk/Pages/acs-roac.aspx");
  });

  it("marks every shipped entry as a sample the owner must replace, and says so in its number", () => {
    for (const item of accreditations) {
      expect(item.sample, item.scheme).toBe(true);
      expect(item.number, item.scheme).toMatch(/^SAMPLE-/);
    }
  });
});
