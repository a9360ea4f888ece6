/** A link in the header or footer. `scroll` marks a link to an in-page section on the home page. */
export type NavItem = { name: string; href: string; scroll?: boolean };

export const mainNav = [
  { name: "Home", href: "/" },
  { name: "Services", href: "/#services", scroll: true },
  { name: "About", href: "/about" },
  { name: "Careers", href: "/careers" },
  { name: "Contact", href: "/contact" },
] satisfies NavItem[];

export const serviceLinks = [
  { name: "Professional Cleaning", href: "/services/cleaning" },
  { name: "Security Officers", href: "/services/security-officers" },
  { name: "Housekeeping Staff", href: "/services/housekeeping" },
  { name: "Warehouse Workers", href: "/services/warehouse" },
  { name: "Steward Staff", href: "/services/steward" },
] satisfies NavItem[];

export const companyLinks = [
  { name: "About Us", href: "/about" },
  { name: "Careers", href: "/careers" },
  { name: "Contact", href: "/contact" },
] satisfies NavItem[];
