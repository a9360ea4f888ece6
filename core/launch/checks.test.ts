import { describe, expect, it } from "vitest";
import { caseStudies } from "../case-studies/index.ts";
import { accreditations } from "../config/accreditations.ts";
import { site } from "../config/site.ts";
import {
  absoluteClaims,
  copyOf,
  experienceContradictions,
  foundingYear,
  launchCount,
  launchList,
} from "./checks.ts";
import { checkConfirmation } from "./confirmation.ts";
import { samplesShown } from "./samples.ts";

const today = new Date("2026-12-06T12:00:00Z");
const about = (text: string) => ({ page: "/about", pageName: "About", text });

describe("the site's words, as the checks read them", () => {
  it("reads every string of a page's content, a figure with its label as one phrase, and no markup", () => {
    const copy = copyOf(
      {
        hero: { title: "About us", image: { svg: "<svg><title>100% art</title></svg>", alt: "A mop" } },
        stats: [{ number: "100%", label: "Client  Satisfaction" }],
      },
      "/about",
      "About",
    );
    expect(copy.map((entry) => entry.text)).toEqual(["About us", "A mop", "100% Client Satisfaction"]);
    expect(copy[0]).toEqual({ page: "/about", pageName: "About", text: "About us" });
  });
});

describe("claims that contradict the founding date", () => {
  it("finds the year a founding date names", () => {
    expect(foundingYear("June 2024")).toBe(2024);
    expect(foundingYear("2019")).toBe(2019);
    expect(foundingYear("recently")).toBeNull();
  });

  it("flags over 15 years of experience beside founded June 2024, once, with each page that says it", () => {
    const found = experienceContradictions(
      [
        about("Over 15 years of experience"),
        about("Between us we bring over 15 years of experience"),
        { page: "/", pageName: "Home", text: "More than 15 years keeping Manchester clean" },
      ],
      { founded: "June 2024" },
      today,
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ claim: "Over 15 years of experience", fact: "Founded June 2024" });
    expect(found[0]?.pages).toEqual([
      { page: "/about", pageName: "About" },
      { page: "/", pageName: "Home" },
    ]);
  });

  it("lets a claim the founding date allows pass, and says nothing when the date names no year", () => {
    expect(
      experienceContradictions([about("over 2 years of experience")], { founded: "June 2024" }, today),
    ).toEqual([]);
    expect(
      experienceContradictions([about("over 3 years of experience")], { founded: "June 2024" }, today),
    ).toHaveLength(1);
    expect(experienceContradictions([about("15+ years in the trade")], { founded: "2010" }, today)).toEqual(
      [],
    );
    expect(experienceContradictions([about("over 15 years")], { founded: "long ago" }, today)).toEqual([]);
  });

  it("holds the shipped company facts to the About page's words", () => {
    const found = experienceContradictions(
      [about(`Over ${site.claims.yearsExperience} years of experience`)],
      { founded: site.claims.founded },
      today,
    );
    expect(found).toHaveLength(1);
  });
});

describe("absolute claims", () => {
  it("finds each 100% claim once, with its words and the pages that say it", () => {
    const found = absoluteClaims([
      { page: "/services/steward", pageName: "Steward Staff", text: "100% Client Satisfaction" },
      { page: "/about", pageName: "About", text: "100% Client Satisfaction" },
      { page: "/services/warehouse", pageName: "Warehouse Workers", text: "100 % Client Retention" },
      about("We answer 24/7 and reply within 24 hours."),
    ]);
    expect(found).toEqual([
      {
        key: "100% client satisfaction",
        claim: "100% Client Satisfaction",
        pages: [
          { page: "/services/steward", pageName: "Steward Staff" },
          { page: "/about", pageName: "About" },
        ],
      },
      {
        key: "100% client retention",
        claim: "100% Client Retention",
        pages: [{ page: "/services/warehouse", pageName: "Warehouse Workers" }],
      },
    ]);
  });
});

describe("the launch list", () => {
  it("leaves out a confirmed absolute claim, and counts what is left", () => {
    const list = launchList({
      samples: [],
      copy: [about("100% Client Satisfaction"), about("100% Client Retention"), about("Over 15 years")],
      facts: { founded: "June 2024" },
      today,
      confirmedKeys: new Set(["100% client retention"]),
    });
    expect(list.absolutes.map((claim) => claim.key)).toEqual(["100% client satisfaction"]);
    expect(list.confirmed.map((claim) => claim.key)).toEqual(["100% client retention"]);
    expect(launchCount(list)).toBe(2);
  });
});

describe("samples shown", () => {
  it("lists every shipped sample accreditation and case study, each with where it is edited", () => {
    const samples = samplesShown({ accreditations, caseStudies, now: today.getTime() });
    expect(samples.filter((sample) => sample.kind === "accreditation")).toHaveLength(accreditations.length);
    expect(samples.filter((sample) => sample.kind === "case study")).toHaveLength(caseStudies.length);
    expect(samples[0]?.edit.href).toBe("/staff/content/accreditation/sia-approved-contractor-scheme");
    const caseStudy = samples.find((sample) => sample.kind === "case study");
    expect(caseStudy?.edit).toEqual({
      href: `/staff/content/case-study/${caseStudies[0]?.slug}`,
      label: "Replace it in Site content",
    });
  });

  it("leaves out one the company replaced, and one no longer shown", () => {
    const [first, second, ...rest] = accreditations;
    if (!first || !second) throw new Error("the shipped list has entries");
    const samples = samplesShown({
      accreditations: [{ ...first, sample: false }, { ...second, validUntil: "2020-01-01" }, ...rest],
      caseStudies: [],
      now: today.getTime(),
    });
    expect(samples.map((sample) => sample.name)).toEqual(rest.map((item) => item.scheme));
  });
});

describe("a confirmation's note", () => {
  it("is needed, within its length, and the claim is kept as its key", () => {
    expect(
      checkConfirmation({ claim: "100% Client  Satisfaction", note: "Survey of all 14 clients, May 2026" }),
    ).toEqual({
      ok: true,
      claim: "100% client satisfaction",
      note: "Survey of all 14 clients, May 2026",
    });
    expect(checkConfirmation({ claim: "100% client satisfaction", note: "  " })).toEqual({
      ok: false,
      problems: { note: "Say what the evidence is and where it is kept." },
    });
    expect(checkConfirmation({ claim: "", note: "x".repeat(1001) })).toMatchObject({
      ok: false,
      problems: { claim: "Choose a claim from the list.", note: expect.stringContaining("1,000 characters") },
    });
  });
});
