import { describe, expect, it } from "vitest";
import { careersSchema, isValidNiNumber } from "./careers-schema.ts";
import { contactSchema } from "./contact-schema.ts";
import { isPlausiblePhone } from "./fields.ts";
import { createResultToken, readResultToken } from "./result-token.server.ts";

describe("isValidNiNumber", () => {
  it.each(["AB123456C", "ab 12 34 56 c", "ce 98 76 54 a", "JG103759A", "  ZY 00 00 00 D "])(
    "accepts %s",
    (value) => {
      expect(isValidNiNumber(value)).toBe(true);
    },
  );
  it.each([
    ["QQ 12 34 56 C", "Q is never a prefix letter"],
    ["DA123456A", "D is not a first letter"],
    ["AO123456A", "O is not a second letter"],
    ["GB123456A", "GB is not allocated"],
    ["ZZ123456A", "ZZ is not allocated"],
    ["AB123456E", "the suffix is A to D"],
    ["AB12345C", "six digits"],
    ["AB1234567C", "six digits"],
  ])("refuses %s (%s)", (value) => {
    expect(isValidNiNumber(value)).toBe(false);
  });
});

describe("isPlausiblePhone", () => {
  it.each([
    "0161 496 0123",
    "07700 900123",
    "+44 7700 900123",
    "+44 (0)161 496 0123",
    "+1 415 555 0100",
    "0161-496-0123",
  ])("accepts %s", (value) => expect(isPlausiblePhone(value)).toBe(true));
  it.each(["0161", "call me", "+44 12", "00000", "12345678901234567", "0161 496 0123 ext 4"])(
    "refuses %s",
    (value) => expect(isPlausiblePhone(value)).toBe(false),
  );
});

describe("the form schemas", () => {
  it("normalises text to NFC and trims it", () => {
    const result = contactSchema.parse({
      firstName: " Zoe\u0308 ",
      lastName: "Khan",
      email: "z@example.com",
      phone: "",
      company: "",
      service: "",
      message: "Line one\r\nLine two",
    });
    expect(result.firstName).toBe("Zoë");
    expect(result.message).toBe("Line one\nLine two");
  });

  it("stores the NI number in one canonical form", () => {
    const result = careersSchema.parse({
      firstName: "Tom",
      lastName: "Nowak",
      email: "t@example.com",
      phone: "07700 900123",
      address: "1 High Street",
      hasCarQuestion: "no",
      hasUKLicense: "no",
      rightToWork: "yes",
      niNumber: "ab 12 34 56 c",
    });
    expect(result.niNumber).toBe("AB123456C");
  });
});

describe("result tokens", () => {
  const secret = "s".repeat(40);
  it("round-trips a result for its own form only", () => {
    const token = createResultToken("contact", { type: "success", message: "Thank you" }, secret);
    expect(readResultToken(token, "contact", secret)).toEqual({ type: "success", message: "Thank you" });
    expect(readResultToken(token, "careers", secret)).toBeNull();
  });
  it("refuses forged, edited and expired tokens", () => {
    const token = createResultToken("contact", { type: "error", message: "No" }, secret, 0);
    expect(readResultToken(token, "contact", secret, 1000)).not.toBeNull();
    expect(readResultToken(token, "contact", secret, 2 * 60 * 60 * 1000)).toBeNull();
    const forged = createResultToken(
      "contact",
      { type: "success", message: "Visit evil.example" },
      "other-secret",
    );
    expect(readResultToken(forged, "contact", secret)).toBeNull();
    const [body, signature] = token.split(".");
    const edited = `${Buffer.from(JSON.stringify({ f: "contact", t: "success", m: "Hi", e: 9e15 })).toString("base64url")}.${signature}`;
    expect(body).toBeTruthy();
    expect(readResultToken(edited, "contact", secret)).toBeNull();
    expect(readResultToken("garbage", "contact", secret)).toBeNull();
  });
});
