import { Mail, Menu, Phone, X } from "lucide-react";
import { Link, useLocation } from "react-router";
import { applicantPagePath } from "#core/applicant-path.ts";
import { mainNav, type NavItem } from "#core/config/navigation.ts";
import { serviceList, servicePath } from "#core/config/service-list.ts";
import { quoteHref } from "#core/forms/quote-href.ts";
import { Logo } from "~/components/logo";
import { ButtonLink } from "~/components/ui/button-link";
import { EmailText } from "~/components/ui/email-text";
import { siteHooks } from "~/islands/hooks";
import { cn } from "~/lib/cn";
import { useCompany } from "~/lib/company";
import { pagePathFor } from "~/lib/page-path";

/**
 * How a navigation link relates to the page shown: "page" for the page itself, "true" for Services on
 * a service page (the link is to the home page's services, and this page is one of them), or undefined.
 */
export function currentState(item: NavItem, pathname: string): "page" | "true" | undefined {
  const path = pagePathFor(pathname);
  if (item.scroll) return path.startsWith("/services/") ? "true" : undefined;
  if (item.href === "/") return path === "/" ? "page" : undefined;
  return path === item.href || path.startsWith(`${item.href}/`) ? "page" : undefined;
}

function NavLinks({ className }: { className?: string }) {
  const { pathname } = useLocation();
  return (
    <ul className={className}>
      {mainNav.map((item: NavItem) => {
        const current = currentState(item, pathname);
        return (
          <li key={item.name}>
            <Link
              to={item.href}
              aria-current={current}
              className={cn(
                "block rounded-md px-3 py-2 font-medium transition-colors hover:bg-navy-50 hover:text-navy-900",
                current ? "bg-navy-50 text-accent-700" : "text-navy-700",
              )}
              // On the home page the services are already here: the site's script glides to them.
              {...(item.scroll ? { [siteHooks.homeSection]: "services" } : {})}
            >
              {item.name}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The site header: a slim bar with the phone number and e-mail (it scrolls away, the row below stays),
 * then the brand, the navigation, Get Quote and, below the large breakpoint, the menu. The menu is a
 * `<details>` disclosure, so it opens and closes without JavaScript; with the site's script
 * (islands/site.ts), choosing a link or pressing Escape closes it too. Its words are the
 * specification's (the menu's names, Get Quote) and stay code; the footer's are site content.
 */
export function Header() {
  const company = useCompany();
  const { pathname } = useLocation();
  // On a service's page, Get Quote opens the form with that service chosen, as the page's own button does.
  const service = serviceList.find((entry) => servicePath(entry) === pagePathFor(pathname));
  const quote = service ? quoteHref(service.enquiry) : "/contact";
  // An applicant managing their application is not buying: their page offers no sales button.
  const selling = pagePathFor(pathname) !== applicantPagePath;

  return (
    // The bar above the row is 2.25rem tall; sticking at minus that keeps the row in view and lets the bar go.
    <header className="sticky -top-9 z-40 border-b border-navy-100 bg-white/95 backdrop-blur">
      <div className="bg-navy-900 text-sm text-navy-50">
        <div className="mx-auto flex h-9 max-w-7xl items-center justify-center gap-6 px-4 sm:justify-end sm:px-6 lg:px-8">
          <a
            href={`tel:${company.phone.e164}`}
            className="inline-flex min-h-6 items-center gap-1.5 whitespace-nowrap hover:underline"
          >
            <Phone aria-hidden="true" className="size-4" />
            {company.phone.display}
          </a>
          <a
            href={`mailto:${company.email}`}
            className="hidden min-h-6 items-center gap-1.5 hover:underline sm:inline-flex"
          >
            <Mail aria-hidden="true" className="size-4" />
            <EmailText email={company.email} />
          </a>
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-3 sm:gap-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex shrink-0 items-center gap-2 rounded-md">
          <Logo compact />
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <NavLinks className="flex items-center gap-1" />
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          {selling && (
            <ButtonLink to={quote} size="sm" className="px-3 whitespace-nowrap sm:px-4">
              Get Quote
            </ButtonLink>
          )}
          <details {...{ [siteHooks.menu]: "" }} className="group lg:hidden">
            <summary className="flex size-11 cursor-pointer list-none items-center justify-center rounded-md text-navy-900 hover:bg-navy-50 [&::-webkit-details-marker]:hidden">
              <Menu aria-hidden="true" className="size-6 group-open:hidden" />
              <X aria-hidden="true" className="hidden size-6 group-open:block" />
              <span className="sr-only">Menu</span>
            </summary>
            {/* Placed against the header (the sticky box), so it opens under the whole row. */}
            <div className="absolute inset-x-0 top-full max-h-[calc(100dvh-4.5rem)] overflow-y-auto border-t border-b border-navy-100 bg-white shadow-lg">
              <nav aria-label="Mobile" className="mx-auto max-w-7xl px-4 py-3 sm:px-6">
                <NavLinks className="space-y-1" />
                <div className="mt-3 space-y-2 border-t border-navy-100 pt-3">
                  <a
                    href={`tel:${company.phone.e164}`}
                    className="flex items-center gap-2 rounded-md px-3 py-2 font-medium text-navy-800"
                  >
                    <Phone aria-hidden="true" className="size-4 text-accent-700" />
                    {company.phone.display}
                  </a>
                  <a
                    href={`mailto:${company.email}`}
                    className="flex items-center gap-2 rounded-md px-3 py-2 font-medium text-navy-800"
                  >
                    <Mail aria-hidden="true" className="size-4 shrink-0 text-accent-700" />
                    <EmailText email={company.email} />
                  </a>
                </div>
              </nav>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
