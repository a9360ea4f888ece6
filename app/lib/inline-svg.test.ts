import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { inlineSvg, scopeIds, svgArtwork } from "./inline-svg.ts";

const file = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480" width="640" height="480">
  <title>A clean office</title>
  <defs>
    <linearGradient id="g"><stop offset="0" stop-color="#0069a8"/></linearGradient>
  </defs>
  <rect width="640" height="480" fill="url(#g)"/>
  <use href="#g"/>
</svg>
`;

describe("inlineSvg", () => {
  it("keeps the viewBox and the drawing, and drops the title and the whitespace between tags", () => {
    expect(inlineSvg(file)).toEqual({
      viewBox: "0 0 640 480",
      body: '<defs><linearGradient id="g"><stop offset="0" stop-color="#0069a8"/></linearGradient></defs><rect width="640" height="480" fill="url(#g)"/><use href="#g"/>',
    });
  });

  it("refuses markup that is not an SVG document, or has no viewBox to scale by", () => {
    expect(() => inlineSvg("<p>not a picture</p>")).toThrow("Not an SVG document");
    expect(() => inlineSvg('<svg width="10" height="10"><rect/></svg>')).toThrow("needs a viewBox");
  });

  it("reads every artwork file the site ships", () => {
    const folder = new URL("../assets/artwork/", import.meta.url);
    const files = readdirSync(folder).filter((name) => name.endsWith(".svg"));
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) {
      const { viewBox, body } = inlineSvg(readFileSync(new URL(name, folder), "utf8"));
      expect(viewBox, name).toMatch(/^0 0 \d+ \d+$/);
      expect(body, name).not.toContain("<title>");
      expect(body, name).not.toMatch(/<script|\son\w+=/i);
    }
  });
});

describe("svgArtwork", () => {
  it("describes the picture by the file's title and sizes it by the file's width and height", () => {
    const picture = svgArtwork(file.replace("A clean office", "A cleaner &amp; her mop"));
    expect(picture.alt).toBe("A cleaner & her mop");
    expect([picture.width, picture.height]).toEqual([640, 480]);
    expect(picture.svg?.viewBox).toBe("0 0 640 480");
  });

  it("refuses a file without a title, since the page would have nothing to say about it", () => {
    expect(() => svgArtwork(file.replace(/<title>.*<\/title>/, ""))).toThrow("needs a <title>");
  });

  it("every artwork file the site ships describes itself", () => {
    const folder = new URL("../assets/artwork/", import.meta.url);
    for (const name of readdirSync(folder).filter((entry) => entry.endsWith(".svg"))) {
      expect(svgArtwork(readFileSync(new URL(name, folder), "utf8")).alt, name).toMatch(/^Illustration of /);
    }
  });
});

describe("scopeIds", () => {
  it("prefixes each id and every reference to it", () => {
    const { body } = inlineSvg(file);
    const scoped = scopeIds(body, "art1-");
    expect(scoped).toContain('id="art1-g"');
    expect(scoped).toContain('fill="url(#art1-g)"');
    expect(scoped).toContain('href="#art1-g"');
    expect(scoped).not.toMatch(/"g"|#g\b/);
  });
});
