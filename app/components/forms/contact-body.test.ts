import { describe, expect, it } from "vitest";
import { quoteQuestionGroups } from "#core/config/quote-questions.ts";
import { quoteFieldName } from "#core/forms/quote-fields.ts";
import { contactBody } from "./contact-body";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const typed = {
  firstName: "Dev",
  lastName: "Patel",
  email: "dev.patel@example.co.uk",
  phone: "",
  company: "",
  service: "security",
  message: "Night cover, please.",
  website: "",
  formToken: "1a2b.token",
};

describe("the contact form's JSON", () => {
  it("has exactly the contract's seven keys when no question is answered, and never the token", () => {
    const body = contactBody(
      form({ ...typed, [quoteFieldName("cleaning", "area")]: "400" }),
      quoteQuestionGroups,
    );
    expect(Object.keys(body)).toEqual([
      "firstName",
      "lastName",
      "email",
      "phone",
      "company",
      "service",
      "message",
    ]);
  });

  it("adds the chosen service's answers under details, numbers as numbers", () => {
    const body = contactBody(
      form({
        ...typed,
        [quoteFieldName("security", "officers")]: "4",
        [quoteFieldName("security", "hours")]: " Nights, 18:00–06:00 ",
        [quoteFieldName("security", "licence")]: "",
        [quoteFieldName("cleaning", "area")]: "400",
      }),
      quoteQuestionGroups,
    );
    expect(Object.keys(body)).toHaveLength(8);
    expect(body.details).toEqual({ officers: 4, hours: "Nights, 18:00–06:00" });
  });
});
