import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  careersSchema,
  isValidNiNumber,
  joinLines,
  niExampleMessage,
  niPlaceholder,
} from "./careers-schema.ts";
import { contactSchema } from "./contact-schema.ts";
import { fieldProblems, isPlausiblePhone, withoutInvisibleFormatting } from "./fields.ts";
import { formStart, refusedFor } from "./form-result.ts";
import { checkFormToken, issueFormToken } from "./form-token.server.ts";
import { formTokenField, spamSignalNote } from "./form-token.ts";
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

const application = {
  firstName: "Tom",
  lastName: "Nowak",
  email: "t@example.com",
  phone: "07700 900123",
  address: "1 High Street",
  hasCarQuestion: "no",
  hasUKLicense: "no",
  rightToWork: "yes",
  niNumber: "ab 12 34 56 c",
};

describe("the application's NI number and address", () => {
  it("shows HMRC's example as an example, and says why it is refused when typed", () => {
    expect(niPlaceholder).toBe("e.g. QQ 12 34 56 C");
    for (const typed of ["QQ 12 34 56 C", "qq123456c"]) {
      const result = careersSchema.safeParse({ ...application, niNumber: typed });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([niExampleMessage]);
    }
    expect(niExampleMessage).toMatch(/^QQ 12 34 56 C is only an example/);
  });

  it("keeps an address typed on several lines as one line", () => {
    expect(joinLines("12 Jersey Street,\r\n  Manchester\n\nM4 6JB ")).toBe(
      "12 Jersey Street, Manchester, M4 6JB",
    );
    const result = careersSchema.parse({ ...application, address: "1 High Street\nBury" });
    expect(result.address).toBe("1 High Street, Bury");
  });
});

describe("hidden characters that change how text reads", () => {
  const enquiry = {
    firstName: "Jo",
    lastName: "Bloggs",
    email: "jo@example.com",
    phone: "",
    company: "",
    service: "",
    message: "Please call me.",
  };

  it.each([
    ["a right-to-left override", "\u202E"],
    ["a left-to-right embedding", "\u202A"],
    ["a pop of an isolate", "\u2069"],
    ["a first-strong isolate", "\u2068"],
    ["a right-to-left mark", "\u200F"],
    ["a left-to-right mark", "\u200E"],
    ["a zero-width space", "\u200B"],
  ])("refuses %s in a name, saying why", (_name, character) => {
    const result = contactSchema.safeParse({ ...enquiry, lastName: `Bloggs${character}fdp.exe` });
    expect(result.success).toBe(false);
    expect(fieldProblems(result.error as never).lastName).toBe(
      "Last name contains hidden characters that can change how it reads; please type it again without them.",
    );
    const applying = careersSchema.safeParse({ ...application, firstName: `${character}Tom` });
    expect(applying.success).toBe(false);
  });

  it("keeps names in right-to-left scripts and the joiners Persian and Indic names are spelt with", () => {
    const result = contactSchema.parse({ ...enquiry, firstName: "مهدی", lastName: "می\u200Cخواهم" });
    expect(result.lastName).toBe("می\u200Cخواهم");
  });

  it("takes them out of text that reaches a subject line from elsewhere", () => {
    expect(withoutInvisibleFormatting("Invoice \u202Efdp.exe\u202C from \u2066Jo\u2069")).toBe(
      "Invoice fdp.exe from Jo",
    );
  });
});

describe("field problems", () => {
  it("gives each field its first problem, and nothing for unknown fields", () => {
    const result = contactSchema.safeParse({
      firstName: "",
      lastName: "",
      email: "not an address",
      phone: "",
      company: "",
      service: "",
      message: "Hello",
      extra: "x",
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldProblems(result.error)).toEqual({
      firstName: "Please enter your first name.",
      lastName: "Please enter your last name.",
      email: "Please enter a valid email address, such as name@example.co.uk.",
    });
  });

  it("start a form with the refused post's values and problems, for its own form only", () => {
    const refused = {
      form: "contact" as const,
      status: 400,
      message: "Please enter your first name.",
      fields: { firstName: "Please enter your first name." },
      values: { firstName: "", message: "Hello" },
    };
    expect(formStart(null, refusedFor("contact", refused), "fresh")).toEqual({
      result: { type: "error", message: refused.message, fields: refused.fields },
      values: refused.values,
      token: "fresh",
      files: [],
    });
    expect(refusedFor("careers", refused)).toBeNull();
    const banner = { type: "success" as const, message: "Thank you" };
    expect(formStart(banner, null)).toEqual({ result: banner, values: {}, token: "" });
  });

  it("keeps the token a refused form was sent with, so its time counts from the page it came from", () => {
    const refused = {
      form: "careers" as const,
      status: 400,
      message: "Please enter your phone number.",
      fields: {},
      values: { firstName: "Tomasz", [formTokenField]: "sent" },
    };
    expect(formStart(null, refused, "fresh")).toMatchObject({
      values: { firstName: "Tomasz" },
      token: "sent",
    });
  });
});

describe("the form token field", () => {
  const enquiry = {
    firstName: "Philippa",
    lastName: "Khan",
    email: "philippa@example.co.uk",
    phone: "",
    company: "",
    service: "",
    message: "Hello",
  };
  it("is optional in both strict schemas, and bounded", () => {
    expect(contactSchema.safeParse(enquiry).success).toBe(true);
    expect(contactSchema.safeParse({ ...enquiry, [formTokenField]: "abc.def" }).success).toBe(true);
    expect(contactSchema.safeParse({ ...enquiry, [formTokenField]: "x".repeat(101) }).success).toBe(false);
    expect(contactSchema.safeParse({ ...enquiry, somethingElse: "x" }).success).toBe(false);
    expect(careersSchema.shape[formTokenField].safeParse(undefined).success).toBe(true);
  });
});

describe("form time tokens", () => {
  const secret = "s".repeat(40);
  it("say how long after its page a form was sent, and catch the quick, the missing and the forged", () => {
    const token = issueFormToken("contact", secret, 1_000_000);
    expect(checkFormToken(token, "contact", secret, 1_010_000)).toEqual({
      spamSignal: null,
      formAgeMs: 10_000,
    });
    expect(checkFormToken(token, "contact", secret, 1_001_000)).toEqual({
      spamSignal: "too-fast",
      formAgeMs: 1000,
    });
    expect(checkFormToken(undefined, "contact", secret).spamSignal).toBe("no-token");
    expect(checkFormToken("", "contact", secret).spamSignal).toBe("no-token");
    expect(checkFormToken(token, "careers", secret, 1_010_000).spamSignal).toBe("bad-token");
    expect(checkFormToken(token, "contact", "other", 1_010_000).spamSignal).toBe("bad-token");
    // Issued well ahead of this server's clock: not one of ours.
    expect(checkFormToken(token, "contact", secret, 1_000_000 - 120_000).spamSignal).toBe("bad-token");
    expect(checkFormToken("garbage", "contact", secret).spamSignal).toBe("bad-token");
    expect(issueFormToken("contact", "")).toBe("");
  });
  it("are signed with a key of their own, not the result tokens' secret itself", () => {
    const token = issueFormToken("contact", secret, 1_000_000);
    const [issuedAt, mac] = token.split(".");
    const raw = createHmac("sha256", secret).update(`contact.${issuedAt}`).digest().subarray(0, 16);
    expect(mac).not.toBe(raw.toString("base64url"));
  });
  it("name each catch for staff", () => {
    expect(spamSignalNote("too-fast", 1400)).toBe("Suspected spam: sent 1 second after the page was served");
    expect(spamSignalNote("too-fast", 300)).toBe(
      "Suspected spam: sent less than a second after the page was served",
    );
    expect(spamSignalNote("no-token", null)).toMatch(/^Suspected spam: no form token/);
  });
});

describe("result tokens", () => {
  it("do not show the message they carry", () => {
    const token = createResultToken(
      "contact",
      { type: "success", message: "Thank you, Philippa!" },
      "k".repeat(40),
    );
    expect(Buffer.from(token, "base64url").toString("latin1")).not.toContain("Philippa");
  });

  const secret = "s".repeat(40);
  it("round-trips a result for its own form only", () => {
    const token = createResultToken("contact", { type: "success", message: "Thank you" }, secret);
    expect(readResultToken(token, "contact", secret)).toEqual({ type: "success", message: "Thank you" });
    expect(readResultToken(token, "careers", secret)).toBeNull();
  });
  it("carry a success's receipt, unreadable in the address, and never a page on another site", () => {
    const receipt = {
      reference: "APP-7K3M9Q",
      email: "philippa@example.com",
      page: "/your-application?link=x",
    };
    const token = createResultToken("careers", { type: "success", message: "Thank you", receipt }, secret);
    expect(Buffer.from(token, "base64url").toString("latin1")).not.toContain("philippa");
    expect(readResultToken(token, "careers", secret)).toEqual({
      type: "success",
      message: "Thank you",
      receipt,
    });
    for (const page of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
      const elsewhere = createResultToken(
        "careers",
        { type: "success", message: "Thank you", receipt: { ...receipt, page } },
        secret,
      );
      expect(readResultToken(elsewhere, "careers", secret)?.receipt).toEqual({
        reference: receipt.reference,
        email: receipt.email,
      });
    }
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
    // Any byte changed, the authentication fails.
    const bytes = Buffer.from(token, "base64url");
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(readResultToken(bytes.toString("base64url"), "contact", secret)).toBeNull();
    expect(readResultToken("garbage", "contact", secret)).toBeNull();
  });
});
