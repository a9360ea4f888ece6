import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Trust } from "./trust";

const areas = { region: "Greater Manchester", places: ["Bolton", "Salford"] };

describe("the insurance and areas block", () => {
  it("shows the cover and the places, and leaves the accreditations to their own section", () => {
    const html = renderToStaticMarkup(
      <Trust insurance={[{ name: "Public liability", cover: "£10 million" }]} areas={areas} />,
    );
    expect(html).toContain("Public liability");
    expect(html).toContain("£10 million");
    expect(html).toContain("Salford");
    expect(html).toContain("Across Greater Manchester");
    expect(html).not.toContain("Accreditations");
  });
});
