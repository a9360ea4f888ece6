import type { VariantProps } from "class-variance-authority";
import { Link, useNavigate } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { isPlainClick, type ScrollRequest, scrollToSection } from "~/lib/scroll";

type ActionProps = VariantProps<typeof buttonVariants> & { className?: string; children: React.ReactNode };

/**
 * Space activates a control announced as a button, as it would a real button; Enter already
 * follows the link underneath.
 */
function activateOnSpace(event: React.KeyboardEvent<HTMLAnchorElement>) {
  if (event.key !== " ") return;
  event.preventDefault();
  event.currentTarget.click();
}

/**
 * A button that scrolls to a section of the same page ("Our Services", "Apply Now"). Underneath it
 * is a real `#id` link, so it works without JavaScript; with it, the page glides there (unless
 * reduced motion is asked for) and focus follows. It is announced as a button because it acts on
 * the page the visitor is on rather than taking them somewhere new.
 */
export function SectionLink({ to, variant, size, className, children }: ActionProps & { to: string }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a real link underneath keeps it working without JavaScript
    <a
      href={`#${to}`}
      role="button"
      onKeyDown={activateOnSpace}
      className={cn(buttonVariants({ variant, size }), className)}
      onClick={(event) => {
        if (isPlainClick(event) && scrollToSection(to)) event.preventDefault();
      }}
    >
      {children}
    </a>
  );
}

/**
 * "View All Services", announced as a button like the specification's, over a real link to /#services. With JavaScript it goes to the home page and,
 * after the configured pause, scrolls to the services, as the home page reads from navigation state.
 */
export function ViewAllServicesLink({ variant, size, className, children }: ActionProps) {
  const navigate = useNavigate();
  return (
    <Link
      to="/#services"
      role="button"
      onKeyDown={activateOnSpace}
      className={cn(buttonVariants({ variant, size }), className)}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate("/", { state: { scrollTo: "services" } satisfies ScrollRequest });
      }}
    >
      {children}
    </Link>
  );
}
