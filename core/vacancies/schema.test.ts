import { describe, expect, it } from "vitest";
import { vacancySchema } from "./schema.ts";

const vacancy = {
  title: "Night Security Officer",
  service: "security-officers",
  location: "Trafford Park",
  postcode: "M17 1AA",
  employmentType: "FULL_TIME",
  payFrom: "12.50",
  payTo: "13.50",
  payPeriod: "HOUR",
  hours: "Four nights a week",
  description: "Patrols and CCTV.",
  closesOn: "2026-12-31",
};

describe("the vacancy schema", () => {
  it("takes a plain vacancy", () => {
    expect(vacancySchema.safeParse(vacancy).success).toBe(true);
  });

  it.each(["\u202E", "\u202B", "\u2067", "\u200F", "\u200B"])(
    "refuses a title holding %j, which could disguise every application's e-mail subject",
    (character) => {
      const result = vacancySchema.safeParse({ ...vacancy, title: `Cleaner${character}reganaM` });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        "The job title contains hidden characters that can change how it reads; please type it again without them.",
      );
    },
  );
});
