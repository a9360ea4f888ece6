import type { LucideIcon } from "lucide-react";
import type { Artwork } from "~/lib/artwork";

/**
 * A service's colour gradient as Tailwind classes (`from-*` and `to-*`). Both ends are dark enough
 * for white text at WCAG AA, because headings and buttons sit on it.
 */
export type Gradient = string;

/** A service as its card on the home page shows it (spec section 3). */
export type ServiceCard = {
  title: string;
  description: string;
  image: Artwork;
  features: string[];
  href: string;
  icon: LucideIcon;
  gradient: Gradient;
};

/** A service card without its picture: what every page but the home page needs of the five services. */
export type ServiceSummary = Omit<ServiceCard, "image">;

/** An icon, a title and a sentence or two: values, benefits, reasons to choose us. */
export type ValueItem = {
  icon: LucideIcon;
  title: string;
  description: string;
  /** Optional bullet points under the description. */
  features?: string[];
};

/** A figure and what it counts. */
export type StatItem = { number: string; label: string };

/** One step of a process, in order. */
export type StepItem = { title: string; description: string };

/** A price level with what it includes. */
export type TierItem = {
  name: string;
  price: string;
  unit?: string;
  description: string;
  features: string[];
  highlighted?: boolean;
};

/** What every titled section of a page has: an anchor, a heading and an optional introduction. */
export type SectionIntro = { id: string; heading: string; intro?: string };

/** The sections a service page is built from, in the order the content lists them. */
export type ServiceSection =
  | (SectionIntro & { kind: "cards"; items: ValueItem[] })
  | (SectionIntro & { kind: "tags"; items: string[] })
  | (SectionIntro & { kind: "checklist"; items: string[] })
  | (SectionIntro & { kind: "steps"; items: StepItem[] })
  | (SectionIntro & { kind: "stats"; items: StatItem[] })
  | (SectionIntro & { kind: "tiers"; items: TierItem[] });

/** Title and description tags for a page. */
export type PageMeta = { title: string; description: string };

/** The hero at the top of a page. */
export type Hero = { badge?: string; title: string; intro: string };

/** A closing call to action. */
export type CallToAction = { heading: string; text: string };

/** Everything one service page shows. */
export type ServicePageContent = {
  meta: PageMeta;
  card: ServiceSummary;
  /** The service's picture, on its card and in its page's hero. */
  image: Artwork;
  hero: Hero;
  sections: ServiceSection[];
  cta: CallToAction;
};
