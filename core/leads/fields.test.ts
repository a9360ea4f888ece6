import { describe, expect, it } from "vitest";
import { documentName, fieldCell, fieldText, type SentApplication, sentDetails } from "./fields.ts";

const application: SentApplication = {
  kind: "application",
  firstName: "Tomasz",
  lastName: "Nowak",
  email: "tomasz@example.com",
  phone: "",
  address: "12 Jersey Street, Manchester M4 6JB",
  hasCar: "yes",
  hasUkLicence: "no",
  rightToWork: "yes",
  niNumber: "AB •• •• •• C",
};

describe("a lead's fields", () => {
  it("read the same way for staff, with words for what was not given", () => {
    expect(sentDetails(application).map((detail) => [detail.label, detail.value])).toEqual([
      ["First name", "Tomasz"],
      ["Last name", "Nowak"],
      ["E-mail", "tomasz@example.com"],
      ["Phone", "Not given"],
      ["Address", "12 Jersey Street, Manchester M4 6JB"],
      ["Has a car", "Yes"],
      ["Holds a UK driving licence", "No"],
      ["Right to work in the UK", "Yes"],
      ["National Insurance number", "AB •• •• •• C"],
    ]);
  });

  it("spell out the short labels in the person's own records", () => {
    const labels = sentDetails(application, "person").map((detail) => detail.label);
    expect(labels).toContain("E-mail address");
    expect(labels).toContain("Postal address");
  });

  it("leave a spreadsheet's cell empty for nothing given, or for another kind's field", () => {
    expect(fieldText("company", "")).toBe("Not given");
    expect(fieldCell("enquiry", "company", "")).toBe("");
    expect(fieldCell("enquiry", "service", "")).toBe("Not specified");
    expect(fieldCell("application", "service", "")).toBe("");
    expect(fieldCell("application", "hasCar", "no")).toBe("No");
  });

  it("name a document by its field", () => {
    expect(documentName({ field: "resume", fileName: "CV.pdf" })).toBe("CV: CV.pdf");
    expect(documentName({ field: "otherDocuments", fileName: "licence.png" })).toBe(
      "Other document: licence.png",
    );
  });
});
