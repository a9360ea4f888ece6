import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { codePoints, coreRanges, restCodePoints, unicodeRange } from "./font-characters.ts";
import { coreFile, cutInter, restFile } from "./make-fonts.ts";

const css = readFileSync(new URL("../app/app.css", import.meta.url), "utf8").replace(/\s+/g, " ");

describe("the font files", () => {
  it("are Inter cut to exactly the core characters and the rest of latin", async () => {
    expect(Buffer.compare(await cutInter(codePoints(coreRanges)), readFileSync(coreFile))).toBe(0);
    expect(Buffer.compare(await cutInter(restCodePoints()), readFileSync(restFile))).toBe(0);
  });

  it("are declared in the stylesheet with the characters each holds, the core first and blocking", () => {
    const core = `src: url("./assets/fonts/inter-core-wght.woff2") format("woff2-variations"); unicode-range: ${unicodeRange(codePoints(coreRanges))};`;
    const rest = `src: url("./assets/fonts/inter-latin-rest-wght.woff2") format("woff2-variations"); unicode-range: ${unicodeRange(restCodePoints())};`;
    expect(css).toContain(core);
    expect(css).toContain(rest);
    expect(css.indexOf(core)).toBeLessThan(css.indexOf(rest));
    expect(css).toMatch(
      /font-display: block; font-weight: 400 800; src: url\("\.\/assets\/fonts\/inter-core/,
    );
  });

  it("share no character, and together hold the whole upstream latin subset", () => {
    const core = codePoints(coreRanges);
    const rest = restCodePoints();
    expect(core.filter((code) => rest.includes(code))).toEqual([]);
    expect(core.length + rest.length).toBe(new Set([...core, ...rest]).size);
    expect(rest).toContain(0xe9); // é
    expect(core).toContain(0xa3); // £
  });
});

describe("unicodeRange", () => {
  it("joins runs into ranges", () => {
    expect(unicodeRange([0x41, 0x42, 0x43, 0xa3, 0x2013, 0x2014])).toBe("U+0041-0043, U+00A3, U+2013-2014");
  });
});
