import { describe, expect, it } from "vitest";
import { readScrollRequest } from "./scroll";

describe("readScrollRequest", () => {
  it("returns the section a page was asked to scroll to, and after how long", () => {
    expect(readScrollRequest({ scrollTo: "services", delayMs: 300 })).toEqual({
      scrollTo: "services",
      delayMs: 300,
    });
    expect(readScrollRequest({ scrollTo: "services" })).toEqual({ scrollTo: "services", delayMs: 0 });
  });

  it("ignores missing, malformed or unsafe requests, and keeps the pause within bounds", () => {
    expect(readScrollRequest(null)).toBeNull();
    expect(readScrollRequest(undefined)).toBeNull();
    expect(readScrollRequest("services")).toBeNull();
    expect(readScrollRequest({ other: 1 })).toBeNull();
    expect(readScrollRequest({ scrollTo: 42 })).toBeNull();
    expect(readScrollRequest({ scrollTo: "a b" })).toBeNull();
    expect(readScrollRequest({ scrollTo: "x'],script" })).toBeNull();
    expect(readScrollRequest({ scrollTo: "services", delayMs: 1e9 })?.delayMs).toBe(5000);
    expect(readScrollRequest({ scrollTo: "services", delayMs: "soon" })?.delayMs).toBe(0);
  });
});
