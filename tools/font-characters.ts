/**
 * Which characters travel in the font file every public page waits for, and which in the file that
 * loads only when a page needs it. The public pages' copy is written with few characters beyond ASCII;
 * the test of the pages (tests/e2e/fonts.spec.ts) fails when a page shows one that is not here.
 */

/** Inclusive ranges of code points. */
export type Ranges = readonly (readonly [number, number])[];

/** Printable ASCII and the typographic characters British copy uses: £ € © · • – — ‘ ’ “ ” … and the non-breaking space. */
export const coreRanges: Ranges = [
  [0x0020, 0x007e],
  [0x00a0, 0x00a0],
  [0x00a3, 0x00a3],
  [0x00a9, 0x00a9],
  [0x00b7, 0x00b7],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x20ac, 0x20ac],
];

/** The upstream latin subset of Inter (its unicode-range): the rest of it loads on demand. */
export const latinRanges: Ranges = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

export function codePoints(ranges: Ranges): number[] {
  const points: number[] = [];
  for (const [from, to] of ranges) for (let code = from; code <= to; code += 1) points.push(code);
  return points;
}

/** The latin characters that are not in the core file. */
export function restCodePoints(): number[] {
  const core = new Set(codePoints(coreRanges));
  return codePoints(latinRanges).filter((code) => !core.has(code));
}

/** Code points as a CSS unicode-range value, runs joined into ranges: "U+0020-007E, U+00A3". */
export function unicodeRange(points: readonly number[]): string {
  const sorted = [...new Set(points)].sort((a, b) => a - b);
  const parts: string[] = [];
  const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, "0");
  for (let i = 0; i < sorted.length; ) {
    let end = i;
    while (end + 1 < sorted.length && (sorted[end + 1] as number) === (sorted[end] as number) + 1) end += 1;
    const from = sorted[i] as number;
    const to = sorted[end] as number;
    parts.push(from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`);
    i = end + 1;
  }
  return parts.join(", ");
}
