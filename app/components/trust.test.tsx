import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { site } from "../../core/config/site";
import { Trust } from "./trust";

const areas = { region: "Greater Manchester", places: ["Bolton", "Salford"] };

describe("the insurance, accreditations and areas block", () => {
  it("shows the cover and the places, and no accreditations while there are none", () => {
    const html = renderToStaticMarkup(
      <Trust
        insurance={[{ name: "Public liability", cover: "£10 million" }]}
        accreditations={[]}
        areas={areas}
      />,
    );
    expect(html).toContain("Public liability");
    expect(html).toContain("£10 million");
    expect(html).toContain("Salford");
    expect(html).not.toContain("Accreditations");
  });

  it("shows each accreditation's name, number and a link to check it", () => {
    const html = renderToStaticMarkup(
      <Trust
        insurance={[]}
        accreditations={[
          { name: "Example Scheme", number: "EX-123", verifyUrl: "https://register.example/EX-123" },
        ]}
        areas={areas}
      />,
    );
    expect(html).toContain("Accreditations and memberships");
    expect(html).toContain("Number EX-123");
    expect(html).toContain('href="https://register.example/EX-123"');
  });

  it("the shipped identity claims no accreditation", () => {
    expect(site.accreditations).toHaveLength(0);
  });
});
