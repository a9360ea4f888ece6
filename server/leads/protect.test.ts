import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { backoffMs } from "../mail/outbox.ts";
import {
  clientNetwork,
  decryptNiNumber,
  encryptNiNumber,
  hashIp,
  maskNiNumber,
  newReference,
} from "./protect.ts";
import { createSlots, safeFileName } from "./uploads.ts";

describe("NI number protection", () => {
  it("encrypts with a fresh IV each time and decrypts only with the right key", () => {
    const key = randomBytes(32);
    const a = encryptNiNumber("AB123456C", key);
    const b = encryptNiNumber("AB123456C", key);
    expect(a).not.toBe(b);
    expect(a).not.toContain("AB123456C");
    expect(decryptNiNumber(a, key)).toBe("AB123456C");
    expect(() => decryptNiNumber(a, randomBytes(32))).toThrow();
  });
  it("masks all but the prefix and suffix", () => {
    expect(maskNiNumber("AB123456C")).toBe("AB ** ** ** C");
  });
});

describe("hashIp", () => {
  it("depends on the salt and never contains the address", () => {
    expect(hashIp("203.0.113.7", "salt-one-0123456")).not.toBe(hashIp("203.0.113.7", "salt-two-0123456"));
    expect(hashIp("203.0.113.7", "salt-one-0123456")).not.toContain("203.0.113.7");
  });
});

describe("newReference", () => {
  it("is short, prefixed and free of look-alike characters", () => {
    for (let i = 0; i < 200; i++) expect(newReference("ENQ")).toMatch(/^ENQ-[2-9A-HJKMNP-TV-Z]{6}$/);
  });
});

describe("safeFileName", () => {
  it.each([
    ["../../etc/passwd.pdf", "passwd.pdf"],
    ["C:\\Users\\tom\\CV.docx", "CV.docx"],
    ['My "CV"\r\n.pdf', "My CV.pdf"],
    ["  .hidden.pdf", "hidden.pdf"],
    ["", "cv"],
    ["\u0000\u0001", "cv"],
  ])("%j becomes %j", (raw, expected) => {
    expect(safeFileName(raw, "cv")).toBe(expected);
  });
  it("keeps the extension of a very long name", () => {
    const name = safeFileName(`${"x".repeat(300)}.pdf`, "cv");
    expect(name.length).toBeLessThanOrEqual(100);
    expect(name.endsWith(".pdf")).toBe(true);
  });
});

describe("backoffMs", () => {
  it("doubles from the base and stops at six hours", () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 1000))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffMs(40, 60_000)).toBe(6 * 60 * 60 * 1000);
  });
});

describe("clientNetwork", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8:1:3::1", "2001:db8:1:3::/64"],
    ["2001:0DB8:0001:0002::9", "2001:db8:1:2::/64"],
  ])("counts %s as %s", (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });
});

describe("createSlots", () => {
  it("hands out only so many slots, passes each freed one to the next in line, and gives up after the wait", async () => {
    const slots = createSlots(2);
    const first = await slots.take(1000);
    const second = await slots.take(1000);
    expect(first && second).toBeTruthy();
    const third = slots.take(1000);
    const fourth = slots.take(30);
    expect(await fourth).toBeNull();
    first?.();
    first?.(); // Releasing twice frees one slot, not two.
    const granted = await third;
    expect(granted).toBeTruthy();
    expect(await slots.take(30)).toBeNull();
    second?.();
    expect(await slots.take(30)).toBeTruthy();
  });
});
