import { describe, expect, it } from "vitest";
import { routedPath } from "./routed-path.ts";

describe("routedPath", () => {
  it("reads every spelling the router would send to one page as that page", () => {
    for (const [spelt, routed] of [
      ["/staff/team", "/staff/team"],
      ["/STAFF/Team", "/staff/team"],
      ["/%73taff/%74eam", "/staff/team"],
      ["/%2573taff", "/staff"],
      ["//staff//team", "/staff/team"],
      ["/staff\\team", "/staff/team"],
      ["/x/../staff/team", "/staff/team"],
      ["/%2e/staff", "/staff"],
      ["/staff/team/", "/staff/team"],
      ["/your-application//", "/your-application"],
      ["/x/%2e%2e/your-application", "/your-application"],
      ["/", "/"],
      ["", "/"],
    ]) {
      expect(routedPath(spelt as string), spelt).toBe(routed);
    }
  });

  it("leaves a malformed escape as it is rather than failing", () => {
    expect(routedPath("/staff/%zz")).toBe("/staff/%zz");
    expect(routedPath("/Staff/%E0%A4%A")).toBe("/staff/%e0%a4%a");
  });
});
