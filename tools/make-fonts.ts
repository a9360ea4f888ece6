/**
 * Writes the two latin files of Inter Variable in app/assets/fonts/, both cut to the weights the site
 * uses (400 to 800) and the OpenType features it needs (`features` below):
 * - inter-core-wght.woff2: the characters of tools/font-characters.ts, the file every public page
 *   waits for (it travels inside the stylesheet);
 * - inter-latin-rest-wght.woff2: the rest of the upstream latin subset, fetched only by a page that shows
 *   one of those characters.
 * Prints the unicode-range of each for app/app.css. Run after upgrading @fontsource-variable/inter or
 * changing the characters: `npm run fonts`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import subsetFont from "subset-font";
import { codePoints, coreRanges, restCodePoints, unicodeRange } from "./font-characters.ts";

const require = createRequire(import.meta.url);

/**
 * Kerning, the shaping every script needs (ligatures, composed and localised forms, mark placement) and
 * tabular figures for the workspace's columns of numbers. Inter's contextual alternates (`calt`: an
 * arrow from "->", a colon raised between figures) and stylistic sets are left out: they are a fifth
 * of the file every page waits for, and the copy does not use them.
 */
export const features = ["kern", "liga", "ccmp", "locl", "mark", "mkmk", "tnum"];

/** Inter's latin file cut to these code points. */
export function cutInter(points: readonly number[]): Promise<Buffer> {
  const source = readFileSync(
    require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"),
  );
  // subset-font takes keepFeatures (its README), though its type declarations do not list it yet.
  const options: Parameters<typeof subsetFont>[2] & { keepFeatures: string[] } = {
    targetFormat: "woff2",
    keepFeatures: features,
    variationAxes: { wght: { min: 400, max: 800 } },
  };
  return subsetFont(source, String.fromCodePoint(...points), options);
}

export const coreFile = new URL("../app/assets/fonts/inter-core-wght.woff2", import.meta.url);
export const restFile = new URL("../app/assets/fonts/inter-latin-rest-wght.woff2", import.meta.url);

if (import.meta.main) {
  for (const [file, points] of [
    [coreFile, codePoints(coreRanges)],
    [restFile, restCodePoints()],
  ] as const) {
    const font = await cutInter(points);
    writeFileSync(file, font);
    console.log(`Wrote ${file.pathname.split("/").slice(-3).join("/")} (${font.length} bytes)`);
    console.log(`  unicode-range: ${unicodeRange(points)};`);
  }
}
