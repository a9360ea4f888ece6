import { Mail, Menu, Phone, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { Logo } from "~/components/logo";
import { ButtonLink } from "~/components/ui/button";
import { mainNav, type NavItem } from "~/content/navigation";
import { site } from "~/content/site";
import { cn } from "~/lib/cn";
import { scrollToSection } from "~/lib/scroll";

/** "Services" is a link to a section of the home page, so it is never the current page. */
function isCurrent(item: NavItem, pathname: string) {
  if (item.scroll) return false;
  return item.href === "/"
    ? pathname === "/"
    : pathname === item.href || pathname.startsWith(`${item.href}/`);
}

function NavLinks({ onChoose, className }: { onChoose?: () => void; className?: string }) {
  const { pathname } = useLocation();
  return (
    <ul className={className}>
      {mainNav.map((item: NavItem) => {
        const current = isCurrent(item, pathname);
        return (
          <li key={item.name}>
            <Link
              to={item.href}
              aria-current={current ? "page" : undefined}
              className={cn(
                "block rounded-md px-3 py-2 font-medium transition-colors hover:bg-navy-50 hover:text-navy-900",
                current ? "bg-navy-50 text-accent-700" : "text-navy-700",
              )}
              onClick={(event) => {
                onChoose?.();
                // On the home page the services are already here: glide to them.
                if (item.scroll && pathname === "/" && scrollToSection("services")) {
                  event.preventDefault();
                }
              }}
            >
              {item.name}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The site header: brand, navigation, contact links and the mobile menu. */
export function Header() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const { pathname } = useLocation();

  // A new page closes the menu, whichever way the visitor got there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value read
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        setOpen(false);
        toggleRef.current?.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b border-navy-100 bg-white/95 backdrop-blur">
      <div className="hidden bg-navy-900 text-sm text-navy-50 md:block">
        <div className="mx-auto flex max-w-7xl items-center justify-end gap-6 px-4 py-1.5 sm:px-6 lg:px-8">
          <a href={`tel:${site.phone.e164}`} className="inline-flex items-center gap-1.5 hover:underline">
            <Phone aria-hidden="true" className="size-4" />
            {site.phone.display}
          </a>
          <a href={`mailto:${site.email}`} className="inline-flex items-center gap-1.5 hover:underline">
            <Mail aria-hidden="true" className="size-4" />
            {site.email}
          </a>
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-2 rounded-md" aria-label={`${site.brand}, home`}>
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <NavLinks className="flex items-center gap-1" />
        </nav>
        <div className="flex items-center gap-2">
          <a
            href={`tel:${site.phone.e164}`}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 font-semibold text-navy-800 md:hidden"
          >
            <Phone aria-hidden="true" className="size-5 text-accent-700" />
            <span className="sr-only">Call us on </span>
            <span className="sr-only sm:not-sr-only">{site.phone.display}</span>
          </a>
          <ButtonLink to="/contact" size="sm" className="max-sm:hidden">
            Get Quote
          </ButtonLink>
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-md text-navy-900 hover:bg-navy-50 lg:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
            <span className="sr-only">{open ? "Close menu" : "Open menu"}</span>
          </button>
        </div>
      </div>
      <div id={menuId} hidden={!open} className="border-t border-navy-100 bg-white lg:hidden">
        <nav aria-label="Mobile" className="mx-auto max-w-7xl px-4 py-3 sm:px-6">
          <NavLinks className="space-y-1" onChoose={() => setOpen(false)} />
          <div className="mt-3 space-y-2 border-t border-navy-100 pt-3">
            <a
              href={`tel:${site.phone.e164}`}
              className="flex items-center gap-2 rounded-md px-3 py-2 font-medium text-navy-800"
            >
              <Phone aria-hidden="true" className="size-4 text-accent-700" />
              {site.phone.display}
            </a>
            <a
              href={`mailto:${site.email}`}
              className="flex items-center gap-2 rounded-md px-3 py-2 font-medium text-navy-800"
            >
              <Mail aria-hidden="true" className="size-4 text-accent-700" />
              {site.email}
            </a>
            <ButtonLink to="/contact" className="w-full" onClick={() => setOpen(false)}>
              Get Quote
            </ButtonLink>
          </div>
        </nav>
      </div>
    </header>
  );
}
