/**
 * What sharp does for the picture library: reads an upload (its type by its contents, its size as seen,
 * whether it decodes at all), and makes each variant a page asks for, resized and re-encoded with no
 * metadata (no camera details, no GPS position) and turned upright as its camera said.
 */
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { type PictureFormat, pictureLimits, type UploadType, uploadTypes } from "#core/pictures/model.ts";

/** What an upload turned out to be: its type by its contents and its size as seen, or why it is not a picture. */
export type Inspection =
  | { ok: true; type: UploadType; contentType: string; width: number; height: number }
  | { ok: false; problem: string };

const readable = Object.values(uploadTypes)
  .map((type) => type.name)
  .join(", ");

/** Options every read of an upload shares: the pixel limit, and a broken file is an error, not a grey area. */
const input = { limitInputPixels: pictureLimits.maxPixels, failOn: "error" } as const;

/** Reads an upload: a JPEG, PNG or WebP by its contents, that decodes whole, within the pixel limit. */
export async function inspectUpload(content: Uint8Array): Promise<Inspection> {
  const detected = await fileTypeFromBuffer(content);
  const type = detected && detected.ext in uploadTypes ? (detected.ext as UploadType) : null;
  if (!type) {
    return {
      ok: false,
      problem: `The file is not a photo this site can use: choose a ${readable} file (its name alone does not make it one).`,
    };
  }
  try {
    const image = sharp(content, input);
    const meta = await image.metadata();
    if (!meta.width || !meta.height) throw new Error("no dimensions");
    // Decoding the whole picture once finds a file cut short, which its header alone would not show.
    await sharp(content, input).resize({ width: 32 }).raw().toBuffer();
    // As seen: a photo its camera marked as turned on its side has its width and height swapped.
    return {
      ok: true,
      type,
      contentType: uploadTypes[type].contentType,
      width: meta.autoOrient.width,
      height: meta.autoOrient.height,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (/pixel limit/i.test(message)) {
      return {
        ok: false,
        problem: `The photo has more than ${pictureLimits.maxPixels / 1_000_000} million pixels: make it smaller and upload it again.`,
      };
    }
    return {
      ok: false,
      problem: `The file could not be read as a ${uploadTypes[type].name} picture (it may be damaged): save it again and upload that.`,
    };
  }
}

/** One variant: the picture `width` pixels wide (never wider than it is), in `format`, without metadata. */
export async function makeVariant(
  content: Uint8Array,
  width: number,
  format: PictureFormat,
): Promise<Buffer> {
  const image = sharp(content, input).autoOrient().resize({ width, withoutEnlargement: true });
  // sharp writes no metadata unless asked (keepMetadata/withMetadata): none is asked for here.
  return format === "avif"
    ? image.avif({ quality: 55, effort: 3 }).toBuffer()
    : image.webp({ quality: 78, effort: 4 }).toBuffer();
}
