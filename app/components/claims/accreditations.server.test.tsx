import { describe, expect, it } from "vitest";
import { accreditationLapsesAt } from "#core/claims/accreditations.ts";
import { accreditations } from "#core/config/accreditations.ts";
import { accreditationFromFields, fieldsOf } from "#core/content/accreditation.ts";
import { accreditationsHtml, currentCertifications } from "./accreditations.server";

const sia = accreditations.find((item) => item.scheme === "SIA Approved Contractor Scheme");
if (!sia) throw new Error("the shipped list has the SIA's scheme");
const lastMoment = accreditationLapsesAt(sia) - 1;

describe("the accreditations section", () => {
  it("shows each with what it covers, its number, its last day, its issuer and a link to its register", () => {
    const html = accreditationsHtml({ page: "service", service: "securityOfficers" }, lastMoment);
    expect(html).toContain("SIA Approved Contractor Scheme");
    expect(html).toContain("Door supervision");
    expect(html).toContain(sia.number);
    expect(html).toContain("Valid until");
    expect(html).toContain("3 March 2031");
    expect(html).toContain("Security Industry Authority");
    expect(html).toContain(`href="${sia.checkUrl}"`);
    expect(html).toContain('Check on the register<span class="sr-only"> for SIA Approved Contractor Scheme');
  });

  it("has as many register links as accreditations: never one without its link", () => {
    const html = accreditationsHtml({ page: "home" }, Date.parse("2029-01-01T12:00:00Z"));
    const cards = html.match(/<h3 /g) ?? [];
    const links = html.match(/Check on the register/g) ?? [];
    expect(cards.length).toBe(accreditations.length);
    expect(links.length).toBe(cards.length);
  });

  it("leaves a service page only those that cover it", () => {
    const html = accreditationsHtml({ page: "service", service: "cleaning" }, lastMoment);
    expect(html).not.toContain("SIA Approved Contractor Scheme");
    expect(html).not.toContain("Cyber Essentials");
  });

  it("drops one from the next London day, in the page and in the structured data, and shows nothing when none is left", () => {
    const next = lastMoment + 1;
    expect(accreditationsHtml({ page: "about" }, next)).not.toContain("SIA Approved Contractor Scheme");
    expect(currentCertifications(lastMoment).map((c) => c.name)).toContain("SIA Approved Contractor Scheme");
    expect(currentCertifications(next).map((c) => c.name)).not.toContain("SIA Approved Contractor Scheme");
    expect(accreditationsHtml({ page: "home" }, Date.parse("2040-01-01T00:00:00Z"))).toBe("");
  });

  it("shows markup staff typed into a field as text, never as markup", () => {
    if (!sia) return;
    const checked = accreditationFromFields({
      ...fieldsOf(sia),
      scheme: '<img src=x onerror="alert(1)"> Scheme',
    });
    if (!checked.ok) throw new Error("Markup in a field should be taken as text");
    const html = accreditationsHtml({ page: "home" }, lastMoment, [checked.value]);
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; Scheme");
    expect(html).not.toContain("<img");
  });
});
