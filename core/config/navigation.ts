import { serviceList, servicePath } from "./service-list.ts";

/** A link in the header or footer. `scroll` marks a link to an in-page section on the home page. */
export type NavItem = { name: string; href: string; scroll?: boolean };

export const mainNav = [
  { name: "Home", href: "/" },
  { name: "Services", href: "/#services", scroll: true },
  { name: "About", href: "/about" },
  { name: "Careers", href: "/careers" },
  { name: "Contact", href: "/contact" },
] satisfies NavItem[];

/** The five service pages, from the one list of services. */
export const serviceLinks: NavItem[] = serviceList.map((service) => ({
  name: service.name,
  href: servicePath(service),
}));

export const companyLinks = [
  { name: "About Us", href: "/about" },
  { name: "Careers", href: "/careers" },
  { name: "Contact", href: "/contact" },
] satisfies NavItem[];
