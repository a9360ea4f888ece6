import { ServicePage } from "~/components/sections/service-page";
import { housekeeping } from "~/content/services/housekeeping";
import { pageClaims, publishedContent } from "~/lib/claims.server";
import { requestNow } from "~/lib/clock.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/services.housekeeping";

export function meta() {
  return pageMeta(housekeeping.meta);
}

/** The claims a buyer can check, judged now (see app/lib/claims.server.ts). */
export function loader({ request, context }: Route.LoaderArgs) {
  return {
    claims: pageClaims(
      { page: "service", service: "housekeeping" },
      requestNow(request, context),
      publishedContent(context),
    ),
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ServicePage content={housekeeping} claims={loaderData.claims} />;
}
