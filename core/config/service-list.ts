/**
 * The five services, listed once. Everything else that names them derives from this list: the routes
 * (`app/routes.ts`, one page module each, `routes/services.<slug>.tsx`), the navigation and footer links,
 * the contact form's service options, the sitemap and the JSON-LD. It holds names and addresses only, so
 * the footer on every page can use it without pulling in any service's copy or artwork.
 */
export type ServiceEntry = {
  /** The key of the service's card in `cards.ts`. */
  key: string;
  /** The last part of the page's path: `/services/<slug>`. */
  slug: string;
  /** The value the contact form sends for the service (the specification's list). */
  enquiry: string;
  /** The service's name as links, cards and headings show it. */
  name: string;
};

export const serviceList = [
  { key: "cleaning", slug: "cleaning", enquiry: "cleaning", name: "Professional Cleaning" },
  { key: "securityOfficers", slug: "security-officers", enquiry: "security", name: "Security Officers" },
  { key: "housekeeping", slug: "housekeeping", enquiry: "housekeeping", name: "Housekeeping Staff" },
  { key: "warehouse", slug: "warehouse", enquiry: "warehouse", name: "Warehouse Workers" },
  { key: "steward", slug: "steward", enquiry: "steward", name: "Steward Staff" },
] as const satisfies readonly ServiceEntry[];

export type ServiceKey = (typeof serviceList)[number]["key"];

/** The path of a service's page. */
export function servicePath(service: Pick<ServiceEntry, "slug">): string {
  return `/services/${service.slug}`;
}

/**
 * The services an enquiry can be about, in the order the contact form lists them: the five services, by
 * their names in running text ("Professional cleaning"), then maintenance (offered on enquiry only, with
 * no page of its own) and "more than one". The workspace names a lead's service from the same list.
 */
export const serviceOptions: readonly { value: string; label: string }[] = [
  ...serviceList.map((service) => ({
    value: service.enquiry,
    label: service.name.charAt(0) + service.name.slice(1).toLowerCase(),
  })),
  { value: "maintenance", label: "Maintenance services" },
  { value: "multiple", label: "More than one service" },
];
