import { ExternalLink, Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { caseStudiesPath } from "#core/case-studies/paths.ts";
import { companyLinks, serviceLinks } from "#core/config/navigation.ts";
import { registrationText, site } from "#core/config/site.ts";
import { Logo } from "~/components/logo";
import { EmailText } from "~/components/ui/email-text";
import { useCompany } from "~/lib/company";
import { useSiteChrome } from "~/lib/site-chrome";

function LinkList({ title, links }: { title: string; links: { name: string; href: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{title}</h2>
      <ul className="mt-4 space-y-2">
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className="text-navy-100 hover:text-white hover:underline">
              {link.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The site footer: who we are, how to reach us, and every page. Its words are site content (The header
 * and footer), the details the company's; the links, the registered name and the maker stay code.
 */
export function Footer() {
  const company = useCompany();
  const { footer: words } = useSiteChrome();
  const year = new Date().getFullYear();
  return (
    <footer id="site-footer" className="bg-navy-950 text-navy-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="space-y-4">
          <Link to="/" className="inline-block rounded-md">
            <Logo inverse />
          </Link>
          <p>{words.blurb}</p>
          <a
            href={site.social.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 text-white hover:underline"
          >
            <ExternalLink aria-hidden="true" className="size-5" />
            Follow us on {site.social.name}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">
            {words.contactHeading}
          </h2>
          <ul className="mt-4 space-y-3">
            <li>
              <a
                href={`tel:${company.phone.e164}`}
                className="inline-flex items-center gap-2 hover:text-white"
              >
                <Phone aria-hidden="true" className="size-4 shrink-0 text-accent-300" />
                {company.phone.display}
              </a>
            </li>
            <li>
              <a href={`mailto:${company.email}`} className="inline-flex items-center gap-2 hover:text-white">
                <Mail aria-hidden="true" className="size-4 shrink-0 text-accent-300" />
                <EmailText email={company.email} />
              </a>
            </li>
            <li className="flex gap-2">
              <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0 text-accent-300" />
              <address className="not-italic">
                {/* The same line as `addressLine`, with the postcode kept whole. */}
                {company.address.street}, {company.address.locality}{" "}
                <span className="whitespace-nowrap">{company.address.postcode}</span>, {site.address.country}
              </address>
            </li>
          </ul>
        </div>
        <LinkList title={words.servicesHeading} links={serviceLinks} />
        <LinkList title={words.companyHeading} links={companyLinks} />
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm sm:px-6 md:flex-row md:justify-between md:gap-8 lg:px-8">
          <div className="space-y-2">
            <p>
              © {year} {site.legalName}. {words.rights}{" "}
              <Link to="/privacy" className="text-white underline hover:no-underline">
                Privacy notice
              </Link>{" "}
              <span aria-hidden="true">·</span>{" "}
              <Link to={caseStudiesPath} className="text-white underline hover:no-underline">
                Case studies
              </Link>
            </p>
            <p data-registration>{registrationText(site.legalName, company.registration)}</p>
          </div>
          <p className="shrink-0">
            {words.credit}{" "}
            <a href={site.credit.url} className="text-white underline hover:no-underline">
              {site.credit.name}
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
