import { describe, expect, it } from "vitest";
import { normaliseEmail } from "./email.ts";

describe("normaliseEmail", () => {
  it("ignores case and surrounding spaces", () => {
    expect(normaliseEmail("  Aisha.Khan@Example.ORG ")).toBe("aisha.khan@example.org");
  });
});
