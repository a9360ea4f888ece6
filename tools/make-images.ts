/**
 * Renders the favicons and the site's share image in public/ from their SVG sources (the brand mark is
 * app/assets/favicon.svg, which the pages also carry inline as their icon). Run after changing the brand
 * mark or the share image: `npm run images`. The outputs are committed. A case study's share image is
 * drawn by the server when it is published (server/content/share-images.ts), from
 * core/case-studies/share-image.ts.
 */
import { readFileSync, writeFileSync } from "node:fs";
import sharp from "sharp";

const publicDir = new URL("../public/", import.meta.url);
const mark = readFileSync(new URL("../app/assets/favicon.svg", import.meta.url));
const share = readFileSync(new URL("brand/share-image.svg", import.meta.url));

/** A PNG of the brand mark at a square size, optionally on a solid background with padding. */
function markPng(size: number, { padding = 0, background }: { padding?: number; background?: string } = {}) {
  const inner = size - padding * 2;
  const image = sharp(mark, { density: 72 * (inner / 32) })
    .resize(inner, inner)
    .extend({
      top: padding,
      bottom: padding,
      left: padding,
      right: padding,
      background: background ?? { r: 0, g: 0, b: 0, alpha: 0 },
    });
  return (background ? image.flatten({ background }) : image).png({ compressionLevel: 9 }).toBuffer();
}

/** An .ico file holding one PNG image, which every browser since IE 11 reads. */
function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size >= 256 ? 0 : size, 0);
  entry.writeUInt8(size >= 256 ? 0 : size, 1);
  entry.writeUInt8(0, 2); // no palette
  entry.writeUInt8(0, 3); // reserved
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(header.length + entry.length, 12);
  return Buffer.concat([header, entry, png]);
}

const ico = await markPng(32);
writeFileSync(new URL("favicon.ico", publicDir), icoFromPng(ico, 32));
// Apple draws its own rounded corners: give it a full square with the mark inset.
writeFileSync(
  new URL("apple-touch-icon.png", publicDir),
  await markPng(180, { padding: 14, background: "#182d4e" }),
);
writeFileSync(new URL("icon-512.png", publicDir), await markPng(512));
writeFileSync(
  new URL("og-image.png", publicDir),
  await sharp(share).resize(1200, 630).png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer(),
);
console.log("Wrote favicon.ico, apple-touch-icon.png, icon-512.png and og-image.png to public/");
