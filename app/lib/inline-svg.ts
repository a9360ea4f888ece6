import type { Artwork, InlineSvg } from "./artwork.ts";

/**
 * Takes an SVG file's markup (an `?raw` import) apart for drawing inline: the root element's viewBox
 * and its contents, without the file's own `<title>` (the page names the picture itself) and without
 * the whitespace between tags.
 */
export function inlineSvg(markup: string): InlineSvg {
  const open = /<svg\b[^>]*>/.exec(markup);
  const close = markup.lastIndexOf("</svg>");
  if (!open || close < open.index) throw new Error("Not an SVG document");
  const viewBox = /\bviewBox="([^"]+)"/.exec(open[0])?.[1];
  if (!viewBox) throw new Error("An SVG drawn inline needs a viewBox");
  const body = markup
    .slice(open.index + open[0].length, close)
    .replace(/<title>[\s\S]*?<\/title>/g, "")
    .replace(/>\s+</g, "><")
    .trim();
  return { viewBox, body };
}

/**
 * The drawing with its ids (gradients, clip paths) and every reference to them prefixed, so that two
 * drawings on one page cannot borrow each other's gradient.
 */
export function scopeIds(body: string, prefix: string): string {
  return body
    .replace(/\bid="([^"]+)"/g, `id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    .replace(/\bhref="#([^"]+)"/g, `href="#${prefix}$1"`);
}

/**
 * A picture from an SVG file's markup (an `?raw` import): drawn inline, described by the file's own
 * `<title>` (so the words travel with the picture and change with it) and sized by its `width` and
 * `height`, so nothing shifts while the page loads.
 */
export function svgArtwork(markup: string): Artwork {
  const open = /<svg\b[^>]*>/.exec(markup)?.[0] ?? "";
  const title = /<title>([\s\S]*?)<\/title>/.exec(markup)?.[1]?.trim();
  const width = Number(/\bwidth="(\d+)"/.exec(open)?.[1]);
  const height = Number(/\bheight="(\d+)"/.exec(open)?.[1]);
  if (!title) throw new Error("An artwork file needs a <title>: it is the picture's text alternative");
  if (!width || !height) throw new Error("An artwork file needs a width and a height");
  const alt = title.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
  return { svg: inlineSvg(markup), alt, width, height };
}
