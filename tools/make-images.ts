/**
 * Renders the favicons and the share images in public/ from their SVG sources (the brand mark is
 * app/assets/favicon.svg, which the pages also carry inline as their icon): the site's, and one for each
 * case study, drawn from the site's share image and its main service's artwork. Run after changing the
 * brand mark, the share image or a case study: `npm run images`. The outputs are committed, so a build
 * needs no sharp.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import sharp from "sharp";
import { caseStudies } from "#core/case-studies/index.ts";
import type { CaseStudy } from "#core/case-studies/model.ts";
import { caseStudyImagePath } from "#core/case-studies/paths.ts";
import type { ServiceKey } from "#core/config/service-list.ts";

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

/** Each service's artwork (tools/make-artwork.ts), which its case studies' share images carry. */
const serviceArtwork: Record<ServiceKey, string> = {
  cleaning: "cleaning",
  securityOfficers: "security",
  housekeeping: "housekeeping",
  warehouse: "warehouse",
  steward: "steward",
};

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Words broken into lines of at most `width` characters, for SVG text (which does not wrap). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** A case study's share image: the site's navy and mark, its title, its site, and its service's artwork. */
function caseStudyShareSvg(caseStudy: CaseStudy): string {
  const artwork = readFileSync(
    new URL(`../app/assets/artwork/${serviceArtwork[caseStudy.services[0]]}.svg`, import.meta.url),
    "utf8",
  )
    .replace(/<title>[^<]*<\/title>/, "")
    .replace(/^<svg [^>]*>/, '<svg x="700" y="150" width="440" height="330" viewBox="0 0 640 480">');
  const title = wrap(caseStudy.title, 24).slice(0, 4);
  const site = wrap(caseStudy.site.kind, 44).slice(0, 2);
  const titleTop = 270;
  const siteTop = titleTop + title.length * 58 + 20;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0f1f38"/>
      <stop offset="1" stop-color="#223d66"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#sky)"/>
  <rect x="0" y="606" width="1200" height="24" fill="#0b6b62"/>
  ${artwork}
  <g transform="translate(80 72)">
    <rect width="72" height="72" rx="18" fill="#ffffff"/>
    <path d="M20 56V31l11 7v-7l11 7V18h9v38z" fill="#182d4e"/>
    <circle cx="47" cy="12" r="3.5" fill="#0f8276"/>
  </g>
  <g font-family="Liberation Sans, DejaVu Sans, sans-serif" fill="#ffffff">
    <text x="172" y="112" font-size="34" font-weight="700">Cottonopolis</text>
    <text x="174" y="142" font-size="17" font-weight="700" letter-spacing="5" fill="#c4d1e6">FACILITIES</text>
    <text x="80" y="222" font-size="24" font-weight="700" letter-spacing="4" fill="#5fd3c4">CASE STUDY</text>
    ${title.map((line, index) => `<text x="80" y="${titleTop + index * 58}" font-size="48" font-weight="700">${escapeXml(line)}</text>`).join("\n    ")}
    ${site.map((line, index) => `<text x="80" y="${siteTop + index * 34}" font-size="26" fill="#e1e8f3">${escapeXml(line)}</text>`).join("\n    ")}
  </g>
</svg>`;
}

mkdirSync(new URL(`.${caseStudyImagePath("x").replace(/[^/]+$/, "")}`, publicDir), { recursive: true });
for (const caseStudy of caseStudies) {
  const png = await sharp(Buffer.from(caseStudyShareSvg(caseStudy)))
    .resize(1200, 630)
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
  writeFileSync(new URL(`.${caseStudyImagePath(caseStudy.slug)}`, publicDir), png);
}
console.log(`Wrote ${caseStudies.length} case studies' share images to public/images/case-studies/`);
