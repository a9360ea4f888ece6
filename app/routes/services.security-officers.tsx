import { ServicePage } from "~/components/sections/service-page";
import { securityOfficers, securityOfficersPage } from "~/content/services/security-officers";
import { pageClaims, publishedContent } from "~/lib/claims.server";
import { requestNow } from "~/lib/clock.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/services.security-officers";

/** The title and description staff keep as the page's words; the shipped ones before the loader has run. */
export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.page.meta ?? securityOfficers.meta);
}

/** The page's published words, and the claims a buyer can check judged now (see app/lib/claims.server.ts). */
export function loader({ request, context }: Route.LoaderArgs) {
  const content = publishedContent(context);
  return {
    page: content.servicePages.securityOfficers,
    claims: pageClaims(
      { page: "service", service: "securityOfficers" },
      requestNow(request, context),
      content,
    ),
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ServicePage content={securityOfficersPage(loaderData.page)} claims={loaderData.claims} />;
}
