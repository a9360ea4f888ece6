import { describe, expect, it } from "vitest";
import {
  addDays,
  dayOf,
  deviceOf,
  isRobot,
  monthsBefore,
  objectsToCounting,
  pageOf,
  referrerHostOf,
  senderPageOf,
  sourceOf,
  visitorHash,
} from "./visitor.ts";

const chrome =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const ipad =
  "Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const androidPhone =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";

describe("days in Europe/London", () => {
  it("turns at London's midnight, in winter and in summer time", () => {
    expect(dayOf(Date.parse("2026-01-10T23:59:59Z"))).toBe("2026-01-10");
    expect(dayOf(Date.parse("2026-01-11T00:00:00Z"))).toBe("2026-01-11");
    // 23:30 UTC on 10 July is 00:30 on 11 July in London (BST).
    expect(dayOf(Date.parse("2026-07-10T23:30:00Z"))).toBe("2026-07-11");
  });

  it("adds days across months and years", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
  });

  it("goes back whole months, ending on the last day of a shorter month", () => {
    expect(monthsBefore("2026-11-15", 25)).toBe("2024-10-15");
    expect(monthsBefore("2026-03-31", 25)).toBe("2024-02-29");
    expect(monthsBefore("2027-01-31", 1)).toBe("2026-12-31");
  });
});

describe("the visitor hash", () => {
  it("counts an IPv6 visitor by the /64 network, an IPv4 one by the whole address", () => {
    const v6 = visitorHash("salt-a", "2001:db8:1:2:aaaa:bbbb:cccc:dddd", chrome);
    expect(visitorHash("salt-a", "2001:db8:1:2::1", chrome)).toBe(v6);
    expect(visitorHash("salt-a", "2001:db8:1:3::1", chrome)).not.toBe(v6);
    expect(visitorHash("salt-a", "::ffff:203.0.113.9", chrome)).toBe(
      visitorHash("salt-a", "203.0.113.9", chrome),
    );
  });

  it("is the same for one address and browser on one salt, and different otherwise", () => {
    const one = visitorHash("salt-a", "203.0.113.9", chrome);
    expect(visitorHash("salt-a", "203.0.113.9", chrome)).toBe(one);
    expect(visitorHash("salt-b", "203.0.113.9", chrome)).not.toBe(one);
    expect(visitorHash("salt-a", "203.0.113.10", chrome)).not.toBe(one);
    expect(visitorHash("salt-a", "203.0.113.9", iphone)).not.toBe(one);
    expect(visitorHash("salt-a", "2001:db8:1:2::1", chrome)).toBe(
      visitorHash("salt-a", "2001:db8:1:2:ffff::9", chrome),
    );
    expect(one).toMatch(/^[\w-]{22}$/);
    expect(one).not.toContain("203.0.113.9");
  });
});

describe("what a request says", () => {
  it("classes devices as phone, tablet or desktop", () => {
    expect(deviceOf(iphone)).toBe("phone");
    expect(deviceOf(androidPhone)).toBe("phone");
    expect(deviceOf(ipad)).toBe("tablet");
    expect(deviceOf(chrome)).toBe("desktop");
    expect(deviceOf("")).toBe("desktop");
  });

  it("honours Global Privacy Control and Do Not Track", () => {
    expect(objectsToCounting({ "sec-gpc": "1" })).toBe(true);
    expect(objectsToCounting({ dnt: "1" })).toBe(true);
    expect(objectsToCounting({ dnt: "0" })).toBe(false);
    expect(objectsToCounting({})).toBe(false);
  });

  it("knows robots, and a request with no user agent is one", () => {
    expect(isRobot("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBe(true);
    expect(isRobot("curl/8.5.0")).toBe(true);
    expect(isRobot("")).toBe(true);
    expect(isRobot(chrome)).toBe(false);
  });

  it("keeps the referring host without www, and none for this site", () => {
    expect(referrerHostOf("https://www.google.com/search?q=cleaners", "127.0.0.1:3000")).toBe("google.com");
    expect(referrerHostOf("https://news.example.org/a", undefined)).toBe("news.example.org");
    expect(referrerHostOf("http://127.0.0.1:3000/about", "127.0.0.1:3000")).toBe("");
    expect(referrerHostOf("https://www.cottonopolis.example/contact", "127.0.0.1:3000")).toBe("");
    expect(referrerHostOf("android-app://com.example", undefined)).toBe("");
    expect(referrerHostOf("not a url", undefined)).toBe("");
    expect(referrerHostOf("", undefined)).toBe("");
  });

  it("keeps a referring host only when it is a host name", () => {
    expect(referrerHostOf("https://Bücher.example/", undefined)).toBe("xn--bcher-kva.example");
    expect(referrerHostOf("https://news.example.org./a", undefined)).toBe("news.example.org");
    for (const referrer of [
      "https://203.0.113.9/",
      "http://[2001:db8::1]/",
      "http://localhost:8080/",
      "http://exa_mple.com/",
      "http://-bad.example/",
      "http://example.123/",
      `https://${"a".repeat(64)}.example/`,
      `https://${"abcdefghi.".repeat(26)}example/`,
    ]) {
      expect(referrerHostOf(referrer, undefined), referrer).toBe("");
    }
  });

  it("counts only the site's public pages, and reads the landing page's campaign tags", () => {
    const { page, params } = pageOf(
      "/services/cleaning/?utm_source=newsletter&utm_medium=email&utm_campaign=spring&email=a@b.c",
    );
    expect(page).toBe("/services/cleaning");
    expect(sourceOf(params, "google.com")).toEqual({
      referrerHost: "google.com",
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "spring",
    });
    expect(pageOf("/staff/analytics").page).toBeNull();
    expect(pageOf("/no-such-page").page).toBeNull();
  });

  it("keeps a campaign tag only of a bounded length and character set", () => {
    const kept = (value: string) => sourceOf(new URLSearchParams({ utm_campaign: value }), "").utmCampaign;
    for (const value of ["spring-2026", "Spring Sale", "März_Angebot", "linkedin.com/ads", "a|b:c~d"]) {
      expect(kept(value), value).toBe(value);
    }
    expect(kept("  padded  ")).toBe("padded");
    expect(kept("x".repeat(100))).toHaveLength(100);
    for (const value of [
      "x".repeat(101),
      "=HYPERLINK(1)",
      "＝cmd",
      "+1",
      "-x",
      "@x",
      "<script>",
      "a&b",
      "a=b",
      "line\nbreak",
      "quote'd",
      "",
    ]) {
      expect(kept(value), value).toBe("");
    }
  });

  it("takes the sending page from a same-origin Referer only", () => {
    expect(senderPageOf("http://127.0.0.1:3000/contact?utm_source=flyer", "127.0.0.1:3000")).toMatchObject({
      page: "/contact",
    });
    expect(senderPageOf("https://www.cottonopolis.example/careers", "10.0.0.5:3000")?.page).toBe("/careers");
    expect(senderPageOf("https://elsewhere.example/contact", "127.0.0.1:3000")).toBeNull();
    expect(senderPageOf(undefined, "127.0.0.1:3000")).toBeNull();
    expect(senderPageOf("garbage", "127.0.0.1:3000")).toBeNull();
  });
});
