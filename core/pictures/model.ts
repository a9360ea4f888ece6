/**
 * The site's pictures, as both sides know them: the words each carries (alt text or a decorative mark,
 * and the focal point a crop keeps in view), the widths and formats they are served in, and their
 * addresses. A picture's id is made when it is uploaded and never reused, and its bytes never change, so
 * each address can be cached for ever (docs/decisions/032-pictures-in-the-database.md).
 */
import { z } from "#core/forms/zod.ts";

/** The widths, in pixels, that pages ask for; a picture is served only at those no wider than itself. */
export const pictureWidths = [480, 800, 1200, 1600] as const;

/** The formats pictures are served in, best first: AVIF, then WebP for browsers without it. */
export const pictureFormats = ["avif", "webp"] as const;
export type PictureFormat = (typeof pictureFormats)[number];

/** Each format's Content-Type. */
export const pictureContentTypes: Record<PictureFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
};

/** The types a photo may be uploaded as, judged by its contents (file-type's names), with their words. */
export const uploadTypes = {
  jpg: { contentType: "image/jpeg", name: "JPEG" },
  png: { contentType: "image/png", name: "PNG" },
  webp: { contentType: "image/webp", name: "WebP" },
} as const;
export type UploadType = keyof typeof uploadTypes;

/** The limits on a picture and its words. */
export const pictureLimits = {
  /** The largest photo accepted, in megabytes (the message names it). */
  maxUploadMb: 10,
  /** The longest alt text, in characters: a sentence or two, as screen readers read it in one go. */
  altLength: 250,
  /** The most pixels an upload may have (a 50-megapixel camera's), so one photo cannot exhaust memory. */
  maxPixels: 50_000_000,
} as const;

/** The largest upload in bytes. */
export const maxPictureBytes = pictureLimits.maxUploadMb * 1024 * 1024;

/** A picture as pages show it: what the renderer needs, and nothing of who uploaded it. */
export type Picture = {
  id: string;
  width: number;
  height: number;
  alt: string;
  decorative: boolean;
  /** Where the picture's subject is, as percentages from the left and from the top. */
  focalX: number;
  focalY: number;
};

/** A picture's id: 16 lower-case hex characters, made at random when it is uploaded. */
export const pictureIdPattern = /^[0-9a-f]{16}$/;

/** The widths a picture is served at: each of `widths` no wider than the original, or its own width. */
export function widthsFor(originalWidth: number, widths: readonly number[] = pictureWidths): number[] {
  const fitting = widths.filter((width) => width <= originalWidth);
  return fitting.length > 0 ? fitting : [originalWidth];
}

/** The address of one of a picture's variants: /pictures/<id>-<width>.<format>. */
export function pictureUrl(id: string, width: number, format: PictureFormat): string {
  return `/pictures/${id}-${width}.${format}`;
}

/** Reads a variant's file name (`<id>-<width>.<format>`), or null when it is not one. */
export function parsePictureFile(file: string): { id: string; width: number; format: PictureFormat } | null {
  const match = /^([0-9a-f]{16})-([1-9][0-9]{1,4})\.(avif|webp)$/.exec(file);
  if (!match) return null;
  return { id: match[1] as string, width: Number(match[2]), format: match[3] as PictureFormat };
}

/** The CSS `object-position` that keeps a picture's focal point in view when a box crops it. */
export function objectPosition(picture: Pick<Picture, "focalX" | "focalY">): string {
  return `${picture.focalX}% ${picture.focalY}%`;
}

const percentage = (label: string) =>
  z.coerce
    .number({ error: `Give the ${label} as a number from 0 to 100.` })
    .int(`Give the ${label} as a whole number from 0 to 100.`)
    .min(0, `The ${label} is from 0 to 100.`)
    .max(100, `The ${label} is from 0 to 100.`);

/**
 * A picture's words as staff give them: alt text, unless it is marked decorative on purpose (then it
 * has none), and the focal point. Problems are reported by field: `alt`, `focalX`, `focalY`.
 */
export const pictureWordsSchema = z
  .object({
    alt: z
      .string()
      .transform((value) => value.replace(/\s+/g, " ").trim())
      .pipe(
        z
          .string()
          .max(
            pictureLimits.altLength,
            `Keep the alt text to ${pictureLimits.altLength} characters or fewer.`,
          ),
      ),
    decorative: z.boolean(),
    focalX: percentage("focal point across"),
    focalY: percentage("focal point down"),
  })
  .superRefine((words, context) => {
    if (!words.decorative && words.alt === "") {
      context.addIssue({
        code: "custom",
        path: ["alt"],
        message:
          "Describe the picture for people who cannot see it, or mark it decorative if it adds nothing to the page.",
      });
    }
  })
  .transform((words) => ({ ...words, alt: words.decorative ? "" : words.alt }));

export type PictureWords = z.output<typeof pictureWordsSchema>;

/** The words a form sent, as the schema reads them: a check box is there or not. */
export function wordsFromForm(form: { get(name: string): unknown }) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    alt: text("alt"),
    decorative: text("decorative") === "on" || text("decorative") === "yes",
    focalX: text("focalX") === "" ? 50 : text("focalX"),
    focalY: text("focalY") === "" ? 50 : text("focalY"),
  };
}

/** A size as people read it: "2.4 MB", "310 KB". */
export function readableBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Where staff keep the pictures, and one picture's page. */
export const picturesPath = "/staff/content/pictures";
export const picturePath = (id: string) => `${picturesPath}/${id}`;
