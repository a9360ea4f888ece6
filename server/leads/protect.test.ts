import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { backoffMs } from "../delivery/outbox.ts";
import { decryptNiNumber, encryptNiNumber } from "./protect.ts";
import { createBudget, safeFileName } from "./uploads.ts";

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

describe("createBudget", () => {
  it("lets in what fits, serves the waiting in turn as shares are freed, and gives up after the wait", async () => {
    const budget = createBudget(10);
    const big = await budget.take(6, 1000);
    const small = await budget.take(3, 1000);
    expect(big && small).toBeTruthy();
    // Six more do not fit until the big share is back; a share larger than the whole budget takes all of it.
    const waiting = budget.take(6, 1000);
    expect(await budget.take(1, 30)).toBeNull();
    big?.();
    big?.(); // Releasing twice frees the share once.
    const granted = await waiting;
    expect(granted).toBeTruthy();
    expect(await budget.take(2, 30)).toBeNull();
    small?.();
    granted?.();
    const whole = await budget.take(50, 1000);
    expect(whole).toBeTruthy();
    expect(await budget.take(1, 30)).toBeNull();
    whole?.();
    expect(await budget.take(10, 30)).toBeTruthy();
  });
});
