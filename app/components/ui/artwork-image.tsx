import type { Artwork } from "~/content/types";
import { cn } from "~/lib/cn";

/**
 * Shows an artwork or photo with its intrinsic size set, so nothing shifts while it loads.
 * `priority` is for the one large image above the fold; everything else loads lazily.
 */
export function ArtworkImage({
  image,
  priority = false,
  className,
}: {
  image: Artwork;
  priority?: boolean;
  className?: string;
}) {
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.sizes}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "auto" : "async"}
      fetchPriority={priority ? "high" : undefined}
      className={cn("h-auto w-full", className)}
    />
  );
}
