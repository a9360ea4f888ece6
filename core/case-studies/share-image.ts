/**
 * A case study's share image as SVG: the site's navy and mark, its title, its site, and its main
 * service's artwork (drawn by tools/make-artwork.ts into app/assets/artwork/). The server turns it into
 * the 1200x630 PNG at `caseStudyImagePath(slug)` when the case study is published
 * (server/content/share-images.ts), so a case study staff publish has its own as soon as its page.
 */
import type { ServiceKey } from "../config/service-list.ts";
import type { CaseStudy } from "./model.ts";

/** Each service's artwork (tools/make-artwork.ts), which its case studies' share images carry. */
export const serviceArtwork: Record<ServiceKey, string> = {
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

/**
 * A case study's share image: the site's navy and mark, its title, its site, and its service's artwork
 * (`artworkSvg`, the SVG file of `serviceArtwork[caseStudy.services[0]]`).
 */
export function caseStudyShareSvg(caseStudy: Pick<CaseStudy, "title" | "site">, artworkSvg: string): string {
  const artwork = artworkSvg
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
