/**
 * What a link can choose for the contact form: a service ("Get Quote" on a service page) and a steward
 * package ("Select Package"), as `/contact?service=steward&package=Essential#contact-form`. Read by the
 * form in the browser and on the server alike; only values the site offers are taken, so a link can
 * never make the form say anything else. Kept free of zod, as the service pages link here too.
 */

import { serviceList, serviceOptions } from "../config/service-list.ts";
import { site } from "../config/site.ts";

/** The query parameters a link to the contact form may carry; with either, the page is rendered per visit. */
export const prefillParams = ["service", "package"] as const;

/** The service the steward packages belong to. */
const stewardService = serviceList.find((service) => service.key === "steward")?.enquiry ?? "";

export { quoteHref } from "./quote-href.ts";

/** The first line of the message for a chosen package: "Package: Professional Plus (from £18/hour)". */
export function packageLine(name: string): string {
  const tier = site.stewardTiers.find((candidate) => candidate.name === name);
  if (!tier) return "";
  const price = tier.unit ? `from ${tier.price}${tier.unit}` : tier.price;
  return `Package: ${tier.name} (${price})`;
}

/**
 * The values the contact form starts with for a link's query: a service the form offers, and a message
 * whose first line names a known package (the steward service, when the link named none).
 */
export function prefillFrom(search: URLSearchParams): { service?: string; message?: string } {
  const values: { service?: string; message?: string } = {};
  const service = search.get("service") ?? "";
  if (serviceOptions.some((option) => option.value === service)) values.service = service;
  const line = packageLine(search.get("package") ?? "");
  if (line) {
    values.message = `${line}\n\n`;
    values.service ??= stewardService;
  }
  return values;
}
