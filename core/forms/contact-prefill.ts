/**
 * What a link can choose for the contact form: a service ("Get Quote" on a service page) and a steward
 * package ("Select Package"), as `/contact?service=steward&package=Essential#contact-form`. Read by the
 * form in the browser and on the server alike; only values the site offers are taken, so a link can
 * never make the form say anything else. Kept free of zod, as the service pages link here too.
 */

import { questionsFor } from "../config/quote-questions.ts";
import { serviceList, serviceOptions } from "../config/service-list.ts";
import { site } from "../config/site.ts";
import { quoteFieldName } from "./quote-fields.ts";

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
 * whose first line names a known package (the steward service, when the link named none), with the
 * package also chosen in the service's question that asks for one.
 */
export function prefillFrom(search: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  const service = search.get("service") ?? "";
  if (serviceOptions.some((option) => option.value === service)) values.service = service;
  const name = search.get("package") ?? "";
  const line = packageLine(name);
  if (line) {
    values.message = `${line}\n\n`;
    values.service ??= stewardService;
    for (const question of questionsFor(values.service)) {
      if (question.kind !== "choice" || !question.fromPackage) continue;
      const option = question.options.find((candidate) => candidate.label === name);
      if (option) values[quoteFieldName(values.service, question.key)] = option.value;
    }
  }
  return values;
}
