import { describe, expect, it } from "vitest";
import { type CompanyFields, companyFieldsOf, companyFromFields, companySchema } from "./company.ts";
import { type CompanyFacts, openingHoursSpecOf, shippedCompany } from "./company-facts.ts";
import { needsApproval } from "./model.ts";

const shippedFields = companyFieldsOf(shippedCompany);
const withFields = (changes: Partial<CompanyFields>) => companyFromFields({ ...shippedFields, ...changes });

function facts(changes: Partial<CompanyFields>): CompanyFacts {
  const checked = withFields(changes);
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return checked.value;
}

describe("the company's facts as site content", () => {
  it("keeps the shipped facts exactly as they are, through the schema and through the form", () => {
    expect(companySchema.parse(shippedCompany)).toEqual(shippedCompany);
    expect(JSON.stringify(companySchema.parse(shippedCompany))).toBe(JSON.stringify(shippedCompany));
    expect(facts({})).toEqual(shippedCompany);
  });

  it("gives the structured data the shipped opening hours from the hours people read", () => {
    expect(openingHoursSpecOf(shippedCompany.hours)).toEqual([
      {
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "08:00",
        closes: "18:00",
      },
      { dayOfWeek: ["Saturday"], opens: "09:00", closes: "16:00" },
    ]);
  });

  it("makes the dialling form of a UK number and tidies a postcode", () => {
    const changed = facts({ phone: "0161 496 0456", postcode: "m1 1aa" });
    expect(changed.phone).toEqual({ display: "0161 496 0456", e164: "+441614960456" });
    expect(changed.address.postcode).toBe("M1 1AA");
    expect(facts({ phone: "+44 161 496 0789" }).phone.e164).toBe("+441614960789");
  });

  it("refuses what is not a fact of the right shape, with a message by the field", () => {
    const refused = withFields({
      phone: "call the office",
      email: "enquiries at example",
      postcode: "NOT A CODE",
      companyNumber: "123",
      hours: "Monday-Friday",
      insurance: "Public liability",
      places: "",
      street: "x".repeat(101),
      vatNumber: "12345",
    });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.problems).toMatchObject({
      phone: "Enter a UK phone number, such as 0161 496 0123.",
      email: "Enter an e-mail address, such as enquiries@example.co.uk.",
      postcode: "Enter a UK postcode, such as M2 3HZ.",
      companyNumber: expect.stringContaining("8 characters"),
      hours: expect.stringContaining("a colon"),
      insurance: expect.stringContaining("a colon"),
      places: "Name at least one place, one a line.",
      street: "The street address must be 100 characters or fewer.",
      vatNumber: "Enter the VAT number as GB and 9 digits.",
    });
    expect(withFields({ phone: "+1 212 555 0100" })).toMatchObject({
      ok: false,
      problems: { phone: expect.any(String) },
    });
  });

  it("asks a second person only for the legal details and what the privacy notice promises", () => {
    const judge = (changes: Partial<CompanyFields>) =>
      needsApproval("company", { before: shippedCompany, after: facts(changes) });
    expect(judge({ phone: "0161 496 0456" })).toBe(false);
    expect(judge({ hours: "Monday-Friday: 7:00 AM-7:00 PM\nSaturday: closed" })).toBe(false);
    expect(judge({ emergency: "Emergency service 24/7 for every client.", places: "Bolton\nBury" })).toBe(
      false,
    );
    expect(judge({ companyNumber: "19482307" })).toBe(true);
    expect(judge({ registeredOffice: "1 King Street, Manchester M2 4LQ" })).toBe(true);
    expect(judge({ insurance: "Public liability: £5 million" })).toBe(true);
    expect(judge({ email: "hello@cottonopolis.example" })).toBe(true);
    expect(judge({ street: "Suite 5, 52 Mosley Street" })).toBe(true);
    expect(judge({ phone: "0161 496 0456", companyNumber: "19482307" })).toBe(true);
    // The founding date is a claim the years of experience are held to.
    expect(judge({ founded: "March 2009" })).toBe(true);
    // An accreditation is a claim: always.
    expect(needsApproval("accreditation")).toBe(true);
  });

  it("keeps the founding date as a month and a year, and reads a version saved without one as shipped", () => {
    expect(withFields({ founded: "  march   2009 " })).toMatchObject({
      ok: true,
      value: { founded: "March 2009" },
    });
    for (const founded of ["2009", "Spring 2009", "June 24", `June ${new Date().getUTCFullYear() + 1}`, ""]) {
      expect(withFields({ founded })).toMatchObject({ ok: false, problems: { founded: expect.any(String) } });
    }
    const { founded, ...saved } = shippedCompany;
    expect(companySchema.parse(saved)).toEqual(shippedCompany);
    expect(founded).toBe("June 2024");
  });
});
