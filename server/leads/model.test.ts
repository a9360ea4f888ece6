import { describe, expect, it } from "vitest";
import { kindOfReference } from "#core/leads/model.ts";
import { tableOf, tableOfReference } from "../tables/leads/records.ts";
import { newReference } from "./model.ts";

describe("newReference", () => {
  it("is short, prefixed and free of look-alike characters", () => {
    for (let i = 0; i < 200; i++) expect(newReference("ENQ")).toMatch(/^ENQ-[2-9A-HJKMNP-TV-Z]{6}$/);
  });

  it("makes references the model reads back as their kind", () => {
    expect(kindOfReference(newReference("ENQ"))).toBe("enquiry");
    expect(kindOfReference(newReference("APP"))).toBe("application");
  });
});

describe("the tables that hold leads", () => {
  it("hold each kind in its own table", () => {
    expect(tableOf("enquiry")).toBe("enquiries");
    expect(tableOf("application")).toBe("applications");
    expect(tableOfReference("ENQ-7K3Q9M")).toBe("enquiries");
    expect(tableOfReference("APP-4M8R2T")).toBe("applications");
  });

  it("refuses anything that cannot be a lead's reference", () => {
    expect(() => tableOfReference("INV-7K3Q9M")).toThrow();
    expect(() => tableOfReference("APP-7K3Q9M; DROP TABLE applications")).toThrow();
  });
});
