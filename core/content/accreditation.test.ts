import { describe, expect, it } from "vitest";
import { accreditations } from "../config/accreditations.ts";
import { accreditationFromFields, accreditationSchema, fieldsOf } from "./accreditation.ts";
import { accreditationChanges, contentKey, differsFromShipped, shippedContent } from "./model.ts";

const sia = accreditations[0];
if (!sia) throw new Error("The shipped files list no accreditation");

describe("an accreditation as site content", () => {
  it("takes every shipped accreditation as it is, so a fresh installation changes nothing", () => {
    for (const item of accreditations) expect(accreditationSchema.parse(item)).toEqual(item);
    expect(differsFromShipped(shippedContent)).toBe(false);
    expect(contentKey(sia.scheme)).toBe("sia-approved-contractor-scheme");
  });

  it("reads the form's fields back into the same accreditation, no longer a sample", () => {
    expect(accreditationFromFields(fieldsOf(sia))).toEqual({ ok: true, value: { ...sia, sample: false } });
  });

  it("refuses a register link elsewhere, a date that is no day, too many lines and oversized fields, by the field", () => {
    const checked = accreditationFromFields({
      ...fieldsOf(sia),
      checkUrl: "https://www.services.sia.homeoffice.gov.uk.evil.example/acs",
      validUntil: "2031-02-30",
      covers: Array.from({ length: 7 }, (_, i) => `Line ${i}`).join("\n"),
      scheme: "S".repeat(81),
    });
    expect(checked).toEqual({
      ok: false,
      problems: {
        scheme: "The scheme's name must be 80 characters or fewer.",
        covers: "Say what it covers in 6 lines or fewer.",
        validUntil: "Enter the last day as a date, such as 2031-03-03.",
        checkUrl:
          "The register link must go to the SIA's register of approved contractors, at https://www.services.sia.homeoffice.gov.uk/.",
      },
    });
  });

  it("says what changed between two versions, field by field, in words", () => {
    expect(accreditationChanges(sia, { ...sia, number: "ACS-1", validUntil: "2032-03-03" })).toEqual([
      { field: "Number", before: sia.number, after: "ACS-1" },
      { field: "Last day", before: "3 March 2031", after: "3 March 2032" },
    ]);
  });
});
