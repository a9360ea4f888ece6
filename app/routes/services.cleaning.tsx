import { ServicePage } from "~/components/sections/service-page";
import { cleaning } from "~/content/services/cleaning";
import { pageClaims, publishedContent } from "~/lib/claims.server";
import { requestNow } from "~/lib/clock.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/services.cleaning";

export function meta() {
  return pageMeta(cleaning.meta);
}

/** The claims a buyer can check, judged now (see app/lib/claims.server.ts). */
export function loader({ request, context }: Route.LoaderArgs) {
  return {
    claims: pageClaims(
      { page: "service", service: "cleaning" },
      requestNow(request, context),
      publishedContent(context),
    ),
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ServicePage content={cleaning} claims={loaderData.claims} />;
}
