import { useRouteLoaderData } from "react-router";
import { type CompanyFacts, shippedCompany } from "#core/content/company-facts.ts";

/**
 * The company's facts as published now (Site content, "Company details"), for any component of a page:
 * the root loader reads them from the router context (`publishedContent`), so they are in the page's
 * HTML, and no island or script carries them. The shipped facts where the root loader has not run.
 */
export function useCompany(): CompanyFacts {
  return useRouteLoaderData<{ company?: CompanyFacts }>("root")?.company ?? shippedCompany;
}
