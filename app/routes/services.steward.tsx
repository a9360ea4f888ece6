import { ServicePage } from "~/components/sections/service-page";
import { steward } from "~/content/services/steward";
import { pageClaims, publishedContent } from "~/lib/claims.server";
import { requestNow } from "~/lib/clock.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/services.steward";

export function meta() {
  return pageMeta(steward.meta);
}

/** The claims a buyer can check, judged now (see app/lib/claims.server.ts). */
export function loader({ request, context }: Route.LoaderArgs) {
  return {
    claims: pageClaims(
      { page: "service", service: "steward" },
      requestNow(request, context),
      publishedContent(context),
    ),
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ServicePage content={steward} claims={loaderData.claims} />;
}
