import { describe, expect, it } from "vitest";
import { isOtherStaffSpelling } from "./paths.ts";

describe("isOtherStaffSpelling", () => {
  it("is false for the workspace's own spelling and for other pages", () => {
    for (const path of [
      "/staff",
      "/staff/team",
      "/staff.data",
      "/staff/leads/APP-ABC123",
      "/",
      "/staffing",
    ]) {
      expect(isOtherStaffSpelling(path), path).toBe(false);
    }
  });

  it("is true for any other spelling of a workspace address", () => {
    for (const path of ["/STAFF", "/%73taff", "//staff", "/x/../staff", "/%2e/staff/team", "/staff//team"]) {
      expect(isOtherStaffSpelling(path), path).toBe(true);
    }
  });
});
