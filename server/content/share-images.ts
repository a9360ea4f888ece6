/**
 * Each published case study's share image, drawn here from core/case-studies/share-image.ts with sharp
 * and kept in memory: a case study staff publish has its image as soon as it has its page, with no build.
 * An image is drawn once per version of what it shows (the title, the site and the main service) and
 * served with an ETag; a case study that is not published has none (the request goes on to the 404).
 */
import { readFileSync } from "node:fs";
import type { RequestHandler } from "express";
import sharp from "sharp";
import type { CaseStudy } from "#core/case-studies/model.ts";
import { caseStudyImagePath } from "#core/case-studies/paths.ts";
import { caseStudyShareSvg, serviceArtwork } from "#core/case-studies/share-image.ts";
import type { ServiceKey } from "#core/config/service-list.ts";
import type { PublishedContent } from "#core/content/model.ts";
import type { Logger } from "../observability/logger.ts";

const folder = caseStudyImagePath("x").replace(/[^/]+$/, "");
const artworkDir = new URL("../../app/assets/artwork/", import.meta.url);
const artwork = new Map<ServiceKey, string>();

function artworkOf(service: ServiceKey): string {
  let svg = artwork.get(service);
  if (svg === undefined) {
    svg = readFileSync(new URL(`${serviceArtwork[service]}.svg`, artworkDir), "utf8");
    artwork.set(service, svg);
  }
  return svg;
}

/** The 1200x630 PNG of a case study's share image. */
export async function caseStudySharePng(caseStudy: CaseStudy): Promise<Buffer> {
  return sharp(Buffer.from(caseStudyShareSvg(caseStudy, artworkOf(caseStudy.services[0]))))
    .resize(1200, 630)
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
}

/** Serves `/images/case-studies/<slug>.png` for every published case study, drawn on first asking. */
export function caseStudyImages(published: () => PublishedContent, logger?: Logger): RequestHandler {
  const drawn = new Map<string, { shows: string; png: Promise<Buffer> }>();
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !req.path.startsWith(folder)) return next();
    const slug = /^([a-z0-9-]{1,60})\.png$/.exec(req.path.slice(folder.length))?.[1];
    const caseStudy = slug ? published().caseStudies.find((item) => item.slug === slug) : undefined;
    if (!slug || !caseStudy) return next();
    const shows = JSON.stringify([caseStudy.title, caseStudy.site.kind, caseStudy.services[0]]);
    let entry = drawn.get(slug);
    if (entry?.shows !== shows) {
      entry = { shows, png: caseStudySharePng(caseStudy) };
      drawn.set(slug, entry);
    }
    entry.png.then(
      (png) => {
        res.setHeader("Cache-Control", "public, max-age=3600, must-revalidate");
        res.type("png").send(png);
      },
      (error: unknown) => {
        drawn.delete(slug);
        logger?.error({ err: error, slug }, "could not draw a case study's share image");
        next(error);
      },
    );
  };
}
