import { useId } from "react";
import type { Artwork } from "~/lib/artwork";
import { cn } from "~/lib/cn";
import { scopeIds } from "~/lib/inline-svg";

/** An empty picture for screens where the artwork is not shown: nothing is downloaded there. */
const nothing = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'/%3E";

/**
 * Shows an artwork or photo with its intrinsic size set, so nothing shifts while it loads.
 *
 * SVG artwork is drawn inline, named for assistive technology by `alt`: it arrives with the page and
 * costs no request. A photo is an `<img>`: `priority` is for the one large image above the fold, and
 * everything else loads lazily; `media` limits it to screens matching that query, and elsewhere it
 * costs no request.
 */
export function ArtworkImage({
  image,
  priority = false,
  media,
  className,
}: {
  image: Artwork;
  priority?: boolean;
  media?: string;
  className?: string;
}) {
  const scope = useId().replace(/[^\w-]/g, "");
  if (image.svg) {
    return (
      <svg
        viewBox={image.svg.viewBox}
        width={image.width}
        height={image.height}
        role="img"
        aria-label={image.alt}
        className={cn("h-auto w-full", className)}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the drawing is our own artwork file, read at build time (app/lib/inline-svg.ts checks it holds no script).
        dangerouslySetInnerHTML={{ __html: scopeIds(image.svg.body, `${scope}-`) }}
      />
    );
  }
  const img = (
    <img
      src={media ? nothing : image.src}
      srcSet={media ? undefined : image.srcSet}
      sizes={media ? undefined : image.sizes}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "auto" : "async"}
      fetchPriority={priority ? "high" : undefined}
      className={cn("h-auto w-full", className)}
    />
  );
  if (!media) return img;
  return (
    <picture>
      <source
        media={media}
        srcSet={image.srcSet ?? image.src}
        sizes={image.sizes}
        width={image.width}
        height={image.height}
      />
      {img}
    </picture>
  );
}
