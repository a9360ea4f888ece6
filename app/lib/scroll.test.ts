import { describe, expect, it } from "vitest";
import { readScrollRequest } from "./scroll";

describe("readScrollRequest", () => {
  it("returns the section id a page was asked to scroll to", () => {
    expect(readScrollRequest({ scrollTo: "services" })).toBe("services");
  });

  it("ignores missing, malformed or unsafe state", () => {
    expect(readScrollRequest(null)).toBeNull();
    expect(readScrollRequest(undefined)).toBeNull();
    expect(readScrollRequest("services")).toBeNull();
    expect(readScrollRequest({ other: 1 })).toBeNull();
    expect(readScrollRequest({ scrollTo: 42 })).toBeNull();
    expect(readScrollRequest({ scrollTo: "a b" })).toBeNull();
    expect(readScrollRequest({ scrollTo: "x'],script" })).toBeNull();
  });
});
