import { describe, expect, it } from "vitest";
import { applicantStepsAt } from "./applicant-stages.ts";

describe("the steps on the applicant's page", () => {
  it("marks exactly the step each stage is at as current, the earlier ones as past", () => {
    const current = (status: Parameters<typeof applicantStepsAt>[0]) =>
      applicantStepsAt(status)?.find((step) => step.state === "current")?.title;
    expect(current("new")).toBe("Received");
    expect(current("spam")).toBe("Received");
    expect(current("contacted")).toBe("Being read");
    expect(current("interview")).toBe("Interview");
    expect(current("hired")).toBe("Decision");
    expect(current("unsuccessful")).toBe("Decision");
    expect(applicantStepsAt("interview")?.map((step) => step.state)).toEqual([
      "past",
      "past",
      "current",
      "to-come",
    ]);
  });

  it("lists no steps once the application is withdrawn", () => {
    expect(applicantStepsAt("withdrawn")).toBeNull();
  });
});
