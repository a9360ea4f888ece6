// The start-up warning that the site is not ready to launch: it names the samples shown and the claims the
// company's facts contradict, and points to the Ready to launch page.
import { describe, expect, it } from "vitest";
import { caseStudies } from "#core/case-studies/index.ts";
import { accreditations } from "#core/config/accreditations.ts";
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
      warnNotReadyToLaunch(logger, { accreditations, caseStudies }, Date.parse("2026-12-06T12:00:00Z")),
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
        { accreditations: accreditations.map((item) => ({ ...item, sample: false })), caseStudies },
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
          { accreditations: [], caseStudies: list },
          Date.parse("2026-12-06T12:00:00Z"),
        ),
      )[0];
    expect(published(caseStudies)?.samples).toContain(`case study: ${sample?.title}`);
    const replaced = published(caseStudies.map((item) => ({ ...item, sample: false })));
    expect(replaced?.samples ?? []).not.toContain(`case study: ${sample?.title}`);
  });
});
