import { describe, expect, it } from "vitest";
import { describeAnswers, quoteQuestionGroups } from "../config/quote-questions.ts";
import { serviceOptions } from "../config/service-list.ts";
import { answersFromForm, contactSchema } from "./contact-schema.ts";
import { fieldProblems, firstProblem } from "./fields.ts";
import { quoteFieldName } from "./quote-fields.ts";

const enquiry = {
  firstName: "Dev",
  lastName: "Patel",
  email: "dev.patel@example.co.uk",
  phone: "",
  company: "Trafford Logistics",
  service: "security",
  message: "Night cover for our depot, please.",
};

function refused(details: unknown, service = "security") {
  const result = contactSchema.safeParse({ ...enquiry, service, details });
  if (result.success) throw new Error("Expected the answers to be refused");
  return { first: firstProblem(result.error), fields: fieldProblems(result.error) };
}

describe("the questions for each service", () => {
  it("are asked of every service the form offers except 'more than one', each key once", () => {
    const asked = quoteQuestionGroups.map((group) => group.service);
    expect(asked).toEqual(
      serviceOptions.map((option) => option.value).filter((value) => value !== "multiple"),
    );
    for (const group of quoteQuestionGroups) {
      const keys = group.questions.map((question) => question.key);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});

describe("answers to the service's questions", () => {
  it("are kept as structured values: a choice's value, a whole number, a text, a date", () => {
    const result = contactSchema.parse({
      ...enquiry,
      details: { officers: "4", hours: "  Nights and weekends, 18:00–06:00 ", licence: "security-guarding" },
    });
    expect(result.details).toEqual({
      officers: 4,
      hours: "Nights and weekends, 18:00–06:00",
      licence: "security-guarding",
    });
    const steward = contactSchema.parse({
      ...enquiry,
      service: "steward",
      details: { date: "2026-07-04", attendance: 12000, package: "essential" },
    });
    expect(steward.details).toEqual({ date: "2026-07-04", attendance: 12000, package: "essential" });
  });

  it("leave no details key when nothing is answered, and blanks count as unanswered", () => {
    expect(contactSchema.parse(enquiry)).not.toHaveProperty("details");
    expect(contactSchema.parse({ ...enquiry, details: { officers: "", hours: null } })).not.toHaveProperty(
      "details",
    );
  });

  it("ignore keys the chosen service does not ask, and every answer when it asks none", () => {
    const result = contactSchema.parse({
      ...enquiry,
      details: { officers: 2, premises: "office", constructor: "y" },
    });
    expect(result.details).toEqual({ officers: 2 });
    expect(
      contactSchema.parse({ ...enquiry, service: "multiple", details: { officers: 2 } }),
    ).not.toHaveProperty("details");
  });

  it("keep markup as the text it is", () => {
    const result = contactSchema.parse({
      ...enquiry,
      details: { hours: "<script>alert(1)</script> & nights" },
    });
    expect(result.details?.hours).toBe("<script>alert(1)</script> & nights");
    expect(describeAnswers("security", result.details)).toEqual([
      { question: "Hours and days", answer: "<script>alert(1)</script> & nights" },
    ]);
  });

  it("refuse an option that is not listed, naming the question, under the answer's field", () => {
    const { first, fields } = refused({ licence: "bouncer" });
    expect(first).toBe("Please choose one of the listed answers for “SIA licence type needed”.");
    expect(fields).toEqual({ [quoteFieldName("security", "licence")]: first });
  });

  it.each([["0"], ["501"], [2.5], ["four"], ["-3"], [true]])("refuse %s officers", (officers) => {
    expect(refused({ officers }).first).toBe("Number of officers must be a whole number from 1 to 500.");
  });

  it.each([["2026-02-30"], ["30/06/2026"], ["1899-01-01"], ["tomorrow"], [20260630]])(
    "refuse %s as a date",
    (date) => {
      expect(refused({ date }, "steward").first).toMatch(/^Event date must be (a real date|a date)/);
    },
  );

  it("refuse a text that is too long or holds control characters", () => {
    expect(refused({ hours: "x".repeat(201) }).first).toBe("Hours and days must be 200 characters or fewer.");
    expect(refused({ hours: "Nights\u0000" }).first).toMatch(/^Hours and days must be on one line/);
  });

  it("refuse details that are not a set of answers", () => {
    expect(refused(["officers", 4]).fields).toEqual({
      details: "The site details could not be read. Please reload the page and try again.",
    });
    expect(refused("4 officers").first).toMatch(/could not be read/);
  });

  it("are refused together with the other fields' problems, each by its field", () => {
    const result = contactSchema.safeParse({ ...enquiry, firstName: "", details: { officers: "lots" } });
    if (result.success) throw new Error("Expected a refusal");
    expect(Object.keys(fieldProblems(result.error)).sort()).toEqual(
      ["firstName", quoteFieldName("security", "officers")].sort(),
    );
  });
});

describe("the form posted without JavaScript", () => {
  it("keeps the chosen service's answers as details and drops every other service's", () => {
    const record = answersFromForm({
      ...enquiry,
      [quoteFieldName("security", "officers")]: "3",
      [quoteFieldName("security", "hours")]: "",
      [quoteFieldName("cleaning", "area")]: "400",
      formToken: "abc",
    });
    expect(record).toEqual({ ...enquiry, details: { officers: "3" }, formToken: "abc" });
    expect(contactSchema.parse(record).details).toEqual({ officers: 3 });
  });

  it("sends no details when none of the chosen service's questions is answered", () => {
    expect(answersFromForm({ ...enquiry, [quoteFieldName("cleaning", "area")]: "400" })).toEqual(enquiry);
  });
});

describe("answers in words", () => {
  it("read as every output shows them: option labels, numbers with units, dates in full", () => {
    expect(
      describeAnswers("cleaning", {
        premises: "healthcare",
        area: 1200,
        frequency: "weekly",
        hours: "After 18:00",
      }),
    ).toEqual([
      { question: "Kind of premises", answer: "Healthcare" },
      { question: "Approximate floor area", answer: "1,200 square metres" },
      { question: "How often", answer: "Weekly" },
      { question: "Preferred hours", answer: "After 18:00" },
    ]);
    expect(describeAnswers("warehouse", { start: "2026-09-01" })).toEqual([
      { question: "Start date", answer: "1 September 2026" },
    ]);
    expect(describeAnswers("security", null)).toEqual([]);
  });

  it("still show an answer whose question has since been removed, under its key", () => {
    expect(describeAnswers("security", { radios: "yes" })).toEqual([{ question: "radios", answer: "yes" }]);
  });
});
