import { ArtworkImage } from "~/components/ui/artwork-image";
import type { Gradient, Hero } from "~/content/types";
import type { Artwork } from "~/lib/artwork";
import { cn } from "~/lib/cn";

/**
 * The top of every page: badge, the page's one h1, an introduction, actions and an optional artwork,
 * on a dark gradient (the service's own, or navy) that keeps white text above WCAG AA contrast.
 */
export function PageHero({
  hero,
  gradient = "from-navy-900 to-navy-700",
  image,
  actions,
  children,
  below,
  narrow = false,
  titleId = "page-title",
}: {
  hero: Hero;
  gradient?: Gradient;
  image?: Artwork;
  actions?: React.ReactNode;
  /** Under the introduction and actions, beside the picture. */
  children?: React.ReactNode;
  /** Across the whole hero, under both columns (the contact page's two cards). */
  below?: React.ReactNode;
  /** In the reading column of a page of narrow panels (the applicant's page), so both start alike. */
  narrow?: boolean;
  /** The heading's id; a preview drawn twice on one page gives each drawing its own. */
  titleId?: string;
}) {
  return (
    <section aria-labelledby={titleId} className={cn("bg-linear-to-br text-white", gradient)}>
      <div
        className={cn(
          "mx-auto grid items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:px-8",
          narrow ? "max-w-3xl" : "max-w-7xl",
          image && "lg:grid-cols-2",
        )}
      >
        <div>
          {hero.badge && (
            <p className="inline-flex rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-white/60">
              {hero.badge}
            </p>
          )}
          <h1 id={titleId} className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {hero.title}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-white sm:text-xl">{hero.intro}</p>
          {actions && <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">{actions}</div>}
          {children}
        </div>
        {/* On phones the heading and actions come first and the picture would only push the page
            down, so it shows (and is downloaded) from the small breakpoint, 640 px, up. */}
        {image && (
          <div className="mx-auto hidden w-full max-w-md sm:block lg:max-w-none">
            <ArtworkImage
              image={image}
              priority
              media="(min-width: 640px)"
              className="rounded-3xl shadow-2xl ring-1 ring-white/20"
            />
          </div>
        )}
        {below && <div className={cn(image && "lg:col-span-2")}>{below}</div>}
      </div>
    </section>
  );
}
