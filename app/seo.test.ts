import { describe, expect, it } from "vitest";
import { applicantPagePath } from "#core/applicant-page.ts";
import { caseStudyPaths } from "#core/case-studies/directory.ts";
import { type Accreditation, accreditations } from "#core/config/accreditations.ts";
import { serviceLinks } from "#core/config/navigation.ts";
import { site } from "#core/config/site.ts";
import {
  areaServedJsonLd,
  breadcrumbJsonLd,
  businessJsonLd,
  certificationsJsonLd,
  publicPages,
  robotsTxt,
  serialiseJsonLd,
  serviceJsonLd,
  sitemapXml,
  structuredData,
} from "#core/seo.ts";
import { prerenderedFiles, prerenderedPaths } from "../react-router.config.ts";
import routes from "./routes.ts";

type Node = Record<string, unknown>;

/** schema.org types that are LocalBusiness or one of its subtypes fitting this company. */
const localBusinessTypes = [
  "LocalBusiness",
  "EmploymentAgency",
  "ProfessionalService",
  "HomeAndConstructionBusiness",
];

/**
 * Paths of the public screens in app/routes.ts: every route with a page, not the catch-all, resource
 * routes or the staff workspace (which is private, and disallowed in robots.txt).
 */
function routedPages(): string[] {
  return routes
    .filter(
      (entry) =>
        entry.file.endsWith(".tsx") &&
        entry.path !== "*" &&
        !entry.path?.startsWith("__test") &&
        !entry.path?.startsWith("staff") &&
        // The vacancies' pages come and go with the database; the sitemap lists the open ones at run time.
        !entry.path?.startsWith("careers/vacancies") &&
        // So do the case studies staff publish: one route answers them all (the shipped ones are listed below).
        entry.path !== "case-studies/:slug" &&
        // The form endpoints' addresses, where a refused post comes back as the form's page, are no pages.
        !entry.path?.endsWith(".php") &&
        // An applicant's own page opens only through their signed link, and is never indexed; so do the
        // job alerts' pages (the sign-up's answer, confirm, manage, leave).
        `/${entry.path}` !== applicantPagePath &&
        !entry.path?.startsWith("careers/alerts"),
    )
    .map((entry) => (entry.index ? "/" : `/${entry.path}`))
    .concat(caseStudyPaths);
}

describe("business JSON-LD (LocalBusiness)", () => {
  const business = businessJsonLd();

  it("is a LocalBusiness type with Google's required properties", () => {
    expect(localBusinessTypes).toContain(business["@type"]);
    expect(business.name).toBe(site.brand);
    const address = business.address as Node;
    expect(address["@type"]).toBe("PostalAddress");
    expect(address).toMatchObject({
      streetAddress: site.address.street,
      addressLocality: site.address.locality,
      postalCode: site.address.postcode,
      addressCountry: "GB",
    });
  });

  it("has Google's recommended properties: geo, telephone, url, opening hours, price range", () => {
    expect(business.geo).toEqual({
      "@type": "GeoCoordinates",
      latitude: site.address.geo.latitude,
      longitude: site.address.geo.longitude,
    });
    expect(business.telephone).toMatch(/^\+44\d{9,10}$/);
    expect(business.url).toBe(`${site.siteUrl}/`);
    expect(business.priceRange).toEqual(expect.any(String));
    const hours = business.openingHoursSpecification as Node[];
    expect(hours).toHaveLength(2);
    for (const spec of hours) {
      expect(spec["@type"]).toBe("OpeningHoursSpecification");
      expect(spec.opens).toMatch(/^\d{2}:\d{2}$/);
      expect(spec.closes).toMatch(/^\d{2}:\d{2}$/);
      expect((spec.dayOfWeek as string[]).length).toBeGreaterThan(0);
    }
  });

  it("names the e-mail, the social profile and an @id the other nodes point to", () => {
    expect(business.email).toBe(site.email);
    expect(business.sameAs).toEqual([site.social.url]);
    expect(business["@id"]).toBe(`${site.siteUrl}/#business`);
    expect(business.image).toBe(`${site.siteUrl}/og-image.png`);
  });
});

describe("the company's registration, areas and credentials in JSON-LD", () => {
  const business = businessJsonLd();

  it("gives the registered name and the company number", () => {
    expect(business.legalName).toBe(site.legalName);
    expect(business.identifier).toEqual({
      "@type": "PropertyValue",
      propertyID: "Companies House company number",
      value: site.registration.companyNumber,
    });
  });

  it("names every place served, each inside the region", () => {
    const areas = business.areaServed as Node[];
    expect(areas.map((area) => area.name)).toEqual(site.areasServed.places);
    expect(areas.map((area) => area.name)).toContain("Salford");
    for (const area of areas) {
      expect(area["@type"]).toBe("AdministrativeArea");
      expect(area.containedInPlace).toEqual({ "@type": "AdministrativeArea", name: "Greater Manchester" });
    }
  });

  it("states no certification unless it is given the current ones", () => {
    expect(business).not.toHaveProperty("hasCertification");
    expect(business).not.toHaveProperty("hasCredential");
  });

  it("gives each current accreditation as a Certification: name, number, issuer, expiry, register and scope", () => {
    const [sia] = accreditations;
    const certifications = certificationsJsonLd([sia as Accreditation]);
    expect(certifications).toEqual([
      {
        "@type": "Certification",
        name: "SIA Approved Contractor Scheme",
        certificationIdentification: sia?.number,
        certificationStatus: "https://schema.org/CertificationActive",
        issuedBy: { "@type": "Organization", name: "Security Industry Authority", url: sia?.issuedBy.url },
        expires: sia?.validUntil,
        url: "https://www.services.sia.homeoffice.gov.uk/Pages/acs-roac.aspx",
        about: sia?.covers.map((name) => ({ "@type": "Thing", name })),
      },
    ]);
    expect(businessJsonLd(certifications).hasCertification).toEqual(certifications);
  });
});

describe("service JSON-LD", () => {
  it("describes each service page with its name, description, provider and area", () => {
    for (const link of serviceLinks) {
      const service = serviceJsonLd(link.href, `About ${link.name}.`) as Node;
      expect(service["@type"]).toBe("Service");
      expect(service.name).toBe(link.name);
      expect(service.description).toBe(`About ${link.name}.`);
      expect(service.url).toBe(`${site.siteUrl}${link.href}`);
      expect(service.provider).toEqual({ "@id": businessJsonLd()["@id"] });
      expect(service.areaServed).toEqual(areaServedJsonLd());
    }
  });

  it("is absent from pages that are not services", () => {
    for (const path of ["/", "/about", "/contact", "/privacy"]) expect(serviceJsonLd(path, "x")).toBeNull();
  });
});

describe("breadcrumb JSON-LD (BreadcrumbList)", () => {
  it("runs from Home to the page, with positions, names and URLs, on every inner page", () => {
    for (const path of publicPages.filter((page) => page !== "/")) {
      const list = breadcrumbJsonLd(path) as Node;
      expect(list["@type"]).toBe("BreadcrumbList");
      const items = list.itemListElement as Node[];
      expect(items.length).toBeGreaterThanOrEqual(2);
      items.forEach((item, index) => {
        expect(item["@type"]).toBe("ListItem");
        expect(item.position).toBe(index + 1);
        expect(item.name).toEqual(expect.any(String));
        expect((item.name as string).length).toBeGreaterThan(0);
        expect(item.item).toMatch(new RegExp(`^${site.siteUrl}/`));
      });
      expect(items[0]).toMatchObject({ name: "Home", item: `${site.siteUrl}/` });
      expect(items.at(-1)?.item).toBe(`${site.siteUrl}${path}`);
    }
  });

  it("is absent from the home page and from unknown paths", () => {
    expect(breadcrumbJsonLd("/")).toBeNull();
    expect(breadcrumbJsonLd("/no-such-page")).toBeNull();
  });
});

describe("structuredData", () => {
  it("puts the business on every page, the service on service pages and the trail on inner pages", () => {
    const types = (path: string) =>
      ((structuredData(path, "d")["@graph"] as Node[]) ?? []).map((node) => node["@type"]);
    expect(types("/")).toEqual(["EmploymentAgency"]);
    expect(types("/about")).toEqual(["EmploymentAgency", "BreadcrumbList"]);
    expect(types("/services/warehouse")).toEqual(["EmploymentAgency", "Service", "BreadcrumbList"]);
    expect(structuredData("/", "d")["@context"]).toBe("https://schema.org");
  });

  it("cannot close its script element, whatever the text", () => {
    const json = serialiseJsonLd({ description: "</script><script>alert(1)</script>" });
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual({ description: "</script><script>alert(1)</script>" });
  });
});

describe("sitemap.xml and robots.txt", () => {
  const locs = [...sitemapXml().matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

  it("lists every public page, and only those, as absolute URLs", () => {
    expect(new Set(publicPages)).toEqual(new Set(routedPages()));
    expect(locs.sort()).toEqual(
      routedPages()
        .map((path) => new URL(path, site.siteUrl).href)
        .sort(),
    );
    expect(locs).not.toContainEqual(expect.stringContaining("__test"));
    expect(new Set(locs).size).toBe(locs.length);
  });

  it("prerenders every public page but the careers page, and robots.txt", () => {
    // The careers page and the sitemap list vacancies, which the server reads on each request.
    expect([...prerenderedPaths].sort()).toEqual(publicPages.filter((path) => path !== "/careers").sort());
    expect(prerenderedFiles).toEqual(["/robots.txt"]);
  });

  it("is well-formed sitemap XML", () => {
    const xml = sitemapXml();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length);
  });

  it("robots.txt allows crawling and points at the sitemap", () => {
    expect(robotsTxt()).toContain("User-agent: *");
    expect(robotsTxt()).toContain(`Sitemap: ${site.siteUrl}/sitemap.xml`);
    expect(robotsTxt()).not.toMatch(/Disallow: \/\s/);
    expect(robotsTxt()).toContain("Disallow: /staff\n");
  });
});

describe("the sitemap with the published case studies", () => {
  it("lists the published case studies in place of the shipped ones, escaped", () => {
    const xml = sitemapXml([], ["bolton-college-cleaning"]);
    expect(xml).toContain(
      `<loc>${new URL("/case-studies/bolton-college-cleaning", site.siteUrl).href}</loc>`,
    );
    for (const path of caseStudyPaths) expect(xml).not.toContain(`${path}<`);
    expect(xml).toContain(`<loc>${new URL("/case-studies", site.siteUrl).href}</loc>`);
  });
});
