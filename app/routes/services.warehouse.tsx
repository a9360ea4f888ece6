import { ServicePage } from "~/components/sections/service-page";
import { warehouse } from "~/content/services/warehouse";
import { pageClaims, publishedContent } from "~/lib/claims.server";
import { requestNow } from "~/lib/clock.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/services.warehouse";

export function meta() {
  return pageMeta(warehouse.meta);
}

/** The claims a buyer can check, judged now (see app/lib/claims.server.ts). */
export function loader({ request, context }: Route.LoaderArgs) {
  return {
    claims: pageClaims(
      { page: "service", service: "warehouse" },
      requestNow(request, context),
      publishedContent(context),
    ),
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ServicePage content={warehouse} claims={loaderData.claims} />;
}
