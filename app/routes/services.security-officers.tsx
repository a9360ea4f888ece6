import { ServicePage } from "~/components/sections/service-page";
import { securityOfficers } from "~/content/services/security-officers";
import { pageClaims, publishedContent } from "~/lib/claims.server";
import { requestNow } from "~/lib/clock.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/services.security-officers";

export function meta() {
  return pageMeta(securityOfficers.meta);
}

/** The claims a buyer can check, judged now (see app/lib/claims.server.ts). */
export function loader({ request, context }: Route.LoaderArgs) {
  return {
    claims: pageClaims(
      { page: "service", service: "securityOfficers" },
      requestNow(request, context),
      publishedContent(context),
    ),
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ServicePage content={securityOfficers} claims={loaderData.claims} />;
}
