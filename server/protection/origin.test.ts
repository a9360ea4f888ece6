import { describe, expect, it } from "vitest";
import { isCrossSite, isSameOrigin } from "./origin.ts";

describe("isSameOrigin (the staff workspace's posts, the beacon)", () => {
  const host = "www.example.co.uk";
  it("accepts the site's own pages and clients that are no browser", () => {
    expect(isSameOrigin({ host, origin: `https://${host}`, "sec-fetch-site": "same-origin" }, [])).toBe(true);
    expect(
      isSameOrigin({ host: "internal:3000", origin: "https://www.example.co.uk" }, [
        "https://www.example.co.uk",
      ]),
    ).toBe(true);
    expect(isSameOrigin({ host }, [])).toBe(true);
  });
  it("refuses other sites, sibling sites and opaque origins", () => {
    expect(isSameOrigin({ host, origin: "https://evil.example" }, [])).toBe(false);
    expect(isSameOrigin({ host, origin: `https://${host}`, "sec-fetch-site": "cross-site" }, [])).toBe(false);
    expect(isSameOrigin({ host, origin: `https://${host}`, "sec-fetch-site": "same-site" }, [])).toBe(false);
    expect(isSameOrigin({ host, origin: "null" }, [])).toBe(false);
  });
});

describe("isCrossSite (the public forms)", () => {
  const host = "www.example.co.uk";
  it("accepts the site's own pages, its other host names and clients that are no browser", () => {
    expect(isCrossSite({ host, origin: `https://${host}`, "sec-fetch-site": "same-origin" }, [])).toBe(false);
    expect(
      isCrossSite({ host: "internal:3000", origin: "https://www.example.co.uk" }, [
        "https://www.example.co.uk",
      ]),
    ).toBe(false);
    expect(isCrossSite({ host, origin: `https://${host}`, "sec-fetch-site": "same-site" }, [])).toBe(false);
    expect(isCrossSite({ host }, [])).toBe(false);
  });
  it("refuses other sites and origins that cannot be read", () => {
    expect(isCrossSite({ host, origin: "https://evil.example" }, [])).toBe(true);
    expect(isCrossSite({ host, "sec-fetch-site": "cross-site" }, [])).toBe(true);
    expect(isCrossSite({ host, origin: "null" }, [])).toBe(true);
  });
});
