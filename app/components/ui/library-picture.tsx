import {
  objectPosition,
  type Picture,
  type PictureFormat,
  pictureContentTypes,
  pictureFormats,
  pictureUrl,
  widthsFor,
} from "#core/pictures/model.ts";
import { cn } from "~/lib/cn";

/** The `srcset` of one format: each width the picture is served at, as `<address> <width>w`. */
function srcSet(picture: Picture, widths: readonly number[], format: PictureFormat): string {
  return widths.map((width) => `${pictureUrl(picture.id, width, format)} ${width}w`).join(", ");
}

/**
 * A photo from the picture library, for server-rendered pages: a `<picture>` with AVIF and WebP sources
 * at the widths it is served in (`widths`, none wider than the photo), `sizes` saying how wide the page
 * shows it, its stored width and height (so nothing shifts while it loads), its alt text (`alt=""` when
 * it is marked decorative), loaded lazily unless `priority`, and its focal point kept in view wherever
 * a box crops it (`object-position`; pair it with `object-cover` and a fixed aspect in `className`).
 */
export function LibraryPicture({
  picture,
  sizes,
  widths,
  priority = false,
  className,
}: {
  picture: Picture;
  /** How wide the page shows the picture, as the `sizes` attribute says it, e.g. "(min-width: 64rem) 50vw, 100vw". */
  sizes: string;
  /** The widths to offer; by default every width the library serves that is no wider than the photo. */
  widths?: readonly number[];
  /** For the one large picture at the top of a page: loaded at once, first. */
  priority?: boolean;
  className?: string;
}) {
  const offered = widthsFor(picture.width, widths);
  const fallback = offered.at(-1) ?? picture.width;
  return (
    <picture>
      {pictureFormats.map((format) => (
        <source
          key={format}
          type={pictureContentTypes[format]}
          srcSet={srcSet(picture, offered, format)}
          sizes={sizes}
        />
      ))}
      <img
        src={pictureUrl(picture.id, fallback, "webp")}
        alt={picture.decorative ? "" : picture.alt}
        width={picture.width}
        height={picture.height}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "auto" : "async"}
        fetchPriority={priority ? "high" : undefined}
        style={{ objectPosition: objectPosition(picture) }}
        className={cn("h-auto w-full", className)}
      />
    </picture>
  );
}
