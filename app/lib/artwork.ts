/**
 * What a picture is, apart from the content that shows it and the helper that reads an SVG file
 * (inline-svg.ts): both need these shapes, and neither needs the other's.
 */

/** An SVG file's drawing, ready to be placed inline in the page: its viewBox and what it draws. */
export type InlineSvg = { viewBox: string; body: string };

/**
 * An image the site shows, with its size set so nothing shifts while it loads. The artwork is small
 * SVG, drawn inline in the page (`svg`, from an `?raw` import and `inlineSvg`), so it costs no request.
 * The content module of the page that shows a picture imports its file (`svgArtwork()` reads an SVG's
 * title and size), so a page carries only the pictures it shows. To use a photo instead, drop the file
 * into `app/assets/artwork/`, import it there (a plain import gives its URL) and give the entry `src`
 * (and, for several widths, `srcSet` and `sizes` with AVIF or WebP files) in place of `svg`.
 */
export type Artwork = {
  alt: string;
  width: number;
  height: number;
} & (
  | { svg: InlineSvg; src?: never; srcSet?: never; sizes?: never }
  | {
      src: string;
      /** Optional responsive sources for raster images, e.g. "photo-640.avif 640w, photo-1280.avif 1280w". */
      srcSet?: string;
      sizes?: string;
      svg?: never;
    }
);
