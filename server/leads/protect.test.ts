import { createCipheriv, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { backoffMs } from "../delivery/outbox.ts";
import { decryptNiNumber, encryptNiNumber, isUnderKey, niKeyId } from "./protect.ts";
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

  it("names the key in each value, and reads with the key a value names, current or previous", () => {
    const [old, current] = [randomBytes(32), randomBytes(32)];
    const value = encryptNiNumber("AB123456C", old);
    expect(value.split(".").slice(0, 2)).toEqual(["v2", niKeyId(old)]);
    expect(niKeyId(old)).toMatch(/^[\w-]{8}$/);
    expect(isUnderKey(value, old)).toBe(true);
    expect(isUnderKey(value, current)).toBe(false);
    expect(decryptNiNumber(value, { current, previous: [old] })).toBe("AB123456C");
    expect(() => decryptNiNumber(value, current)).toThrow(/key .* this server does not have/);
    // The version and key id are authenticated: a value relabelled with another key's id is refused.
    const relabelled = value.replace(`.${niKeyId(old)}.`, `.${niKeyId(current)}.`);
    expect(() => decryptNiNumber(relabelled, { current, previous: [old] })).toThrow();
  });

  it("still reads the older values that name no key, with the current key or a previous one", () => {
    const [old, current] = [randomBytes(32), randomBytes(32)];
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", old, iv);
    const body = Buffer.concat([cipher.update("AB123456C", "utf8"), cipher.final()]);
    const v1 = [
      "v1",
      iv.toString("base64url"),
      cipher.getAuthTag().toString("base64url"),
      body.toString("base64url"),
    ].join(".");
    expect(decryptNiNumber(v1, old)).toBe("AB123456C");
    expect(decryptNiNumber(v1, { current, previous: [old] })).toBe("AB123456C");
    expect(() => decryptNiNumber(v1, current)).toThrow();
    expect(isUnderKey(v1, old)).toBe(false);
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
    ["cv\u202Efdp.exe.pdf", "cvfdp.exe.pdf"],
    ["\u200BTom\u2066 CV\u2069.pdf", "Tom CV.pdf"],
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
