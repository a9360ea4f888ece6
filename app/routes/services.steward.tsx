import { ServicePage } from "~/components/sections/service-page";
import { steward, stewardPage } from "~/content/services/steward";
import { pageClaims, publishedContent } from "~/lib/claims.server";
import { requestNow } from "~/lib/clock.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/services.steward";

/** The title and description staff keep as the page's words; the shipped ones before the loader has run. */
export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.page.meta ?? steward.meta);
}

/** The page's published words, and the claims a buyer can check judged now (see app/lib/claims.server.ts). */
export function loader({ request, context }: Route.LoaderArgs) {
  const content = publishedContent(context);
  return {
    page: content.servicePages.steward,
    claims: pageClaims({ page: "service", service: "steward" }, requestNow(request, context), content),
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ServicePage content={stewardPage(loaderData.page)} claims={loaderData.claims} />;
}
