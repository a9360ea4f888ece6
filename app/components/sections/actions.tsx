import type { VariantProps } from "class-variance-authority";
import { site } from "#core/config/site.ts";
import { buttonVariants } from "~/components/ui/button";
import { siteHooks } from "~/islands/hooks";
import { cn } from "~/lib/cn";

type ActionProps = VariantProps<typeof buttonVariants> & { className?: string; children: React.ReactNode };

/**
 * A button that scrolls to a section of the same page ("Our Services", "Apply Now"). Underneath it
 * is a real `#id` link, so it works without JavaScript; with the site's script (islands/site.ts), the page
 * glides there (unless reduced motion is asked for), focus follows, and Space activates it. It is
 * announced as a button because it acts on the page the visitor is on rather than taking them somewhere new.
 */
export function SectionLink({ to, variant, size, className, children }: ActionProps & { to: string }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a real link underneath keeps it working without JavaScript
    <a
      href={`#${to}`}
      role="button"
      {...{ [siteHooks.sectionLink]: to }}
      className={cn(buttonVariants({ variant, size }), className)}
    >
      {children}
    </a>
  );
}

/**
 * "View All Services", announced as a button like the specification's, over a real link to /#services.
 * With the site's script it goes to the home page, which scrolls to the services after the configured
 * pause.
 */
export function ViewAllServicesLink({ variant, size, className, children }: ActionProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a real link underneath keeps it working without JavaScript
    <a
      href="/#services"
      role="button"
      {...{ [siteHooks.scrollOnArrival]: "services", [siteHooks.delay]: site.limits.servicesScrollDelayMs }}
      className={cn(buttonVariants({ variant, size }), className)}
    >
      {children}
    </a>
  );
}
