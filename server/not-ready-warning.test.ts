// The start-up warning that the site is not ready to launch: it names the samples shown, the claims the
// company's published facts contradict in the published words, and the absolute claims not confirmed
// (saying some may be, when the confirmations could not be read), and points to the Ready to launch page.
import { describe, expect, it } from "vitest";
import { caseStudies } from "#core/case-studies/index.ts";
import { accreditations } from "#core/config/accreditations.ts";
import { type PublishedContent, shippedContent } from "#core/content/model.ts";
import { warnNotReadyToLaunch } from "./app.ts";
import { createLogger } from "./observability/logger.ts";

function warnings(run: (logger: ReturnType<typeof createLogger>) => void) {
  const lines: Record<string, unknown>[] = [];
  run(createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) }));
  return lines;
}

describe("the start-up warning before launch", () => {
  it("names the samples shown and the contradiction, and points to /staff/launch", () => {
    const [line, ...more] = warnings((logger) =>
      warnNotReadyToLaunch(logger, shippedContent, Date.parse("2026-12-06T12:00:00Z")),
    );
    expect(more).toEqual([]);
    expect(line?.msg).toContain("/staff/launch");
    expect(line?.samples).toContain("accreditation: SIA Approved Contractor Scheme");
    expect(line?.contradictions).toEqual(["Over 15 years of experience / Founded June 2024"]);
  });

  it("leaves replaced accreditations out of the list", () => {
    const [line] = warnings((logger) =>
      warnNotReadyToLaunch(
        logger,
        {
          ...shippedContent,
          accreditations: accreditations.map((item) => ({ ...item, sample: false })),
        },
        Date.parse("2026-12-06T12:00:00Z"),
      ),
    );
    expect(line?.samples).not.toContain("accreditation: SIA Approved Contractor Scheme");
  });

  it("judges the published case studies, not the shipped list", () => {
    const [sample] = caseStudies;
    const published = (list: typeof caseStudies) =>
      warnings((logger) =>
        warnNotReadyToLaunch(
          logger,
          { ...shippedContent, accreditations: [], caseStudies: list },
          Date.parse("2026-12-06T12:00:00Z"),
        ),
      )[0];
    expect(published(caseStudies)?.samples).toContain(`case study: ${sample?.title}`);
    const replaced = published(caseStudies.map((item) => ({ ...item, sample: false })));
    expect(replaced?.samples ?? []).not.toContain(`case study: ${sample?.title}`);
  });

  it("reads the published words and founding date, and counts the absolute claims not confirmed", () => {
    const at = Date.parse("2026-12-06T12:00:00Z");
    const [shipped] = warnings((logger) => warnNotReadyToLaunch(logger, shippedContent, at));
    expect(shipped?.absoluteClaims).toContain("100% Client Satisfaction");
    expect(shipped?.msg).toContain("(some may be confirmed already)");

    // Founded in 2009 as published: fifteen years is possible, and no contradiction is left.
    const refounded: PublishedContent = {
      ...shippedContent,
      company: { ...shippedContent.company, founded: "March 2009" },
    };
    const codeCopy = [{ page: "/careers", pageName: "Careers", text: "100% Paid Training" }];
    const [line] = warnings((logger) =>
      warnNotReadyToLaunch(logger, refounded, at, {
        codeCopy,
        confirmedKeys: new Set([
          "100% client satisfaction",
          "100% sia licensed",
          "100% client retention",
          "100% safety inducted",
        ]),
      }),
    );
    expect(line?.contradictions).toEqual([]);
    // The service pages' figures are read as published; the words still in code join them.
    expect(line?.absoluteClaims).toEqual(["100% Paid Training"]);
    expect(line?.msg).toContain("1 absolute claim not confirmed");
    expect(line?.msg).toContain("/staff/launch");
  });
});
